import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// The `indexes` suite: one predicate per scenario, run against the indexed column and
/// its unindexed twin holding the same data (`ageIndexed`/`age`, …), and by hand on the
/// indexed column.
///
/// - `indexes/equality`: User `age == 30`;
/// - `indexes/range`: Post `createdAt` between two dates (1% of the five-year span);
/// - `indexes/prefix`: User `email BEGINSWITH "ab"`;
/// - `indexes/contains`: Post `title CONTAINS[c] "swift"` (about 5.7% of posts): scans
///   either way, since a case-insensitive substring search cannot use an index.
///
/// Each case's SQL trace records the query plan (`SEARCH … USING INDEX` vs `SCAN`) and
/// its metrics the full-scan steps. The checksum covers the matching rows' sorted
/// emails or titles. Every configuration runs 1 SELECT. Cost: one query each.
enum IndexesSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "indexes", summary: "Indexed vs unindexed columns for four predicate shapes",
        benchmarks: [
            benchmark("equality", IndexQuery(entity: "User", key: "age", format: "%K == 30")),
            benchmark("range", IndexQuery(entity: "Post", key: "createdAt", format: rangeFormat)),
            benchmark(
                "prefix", IndexQuery(entity: "User", key: "email", format: "%K BEGINSWITH 'ab'")),
            benchmark(
                "contains",
                IndexQuery(entity: "Post", key: "title", format: "%K CONTAINS[c] 'swift'")),
        ])

    /// The range: 1% of the dataset's five years, ending 100 days before its epoch.
    static let rangeEnd = DatasetGenerator.epoch.timeIntervalSinceReferenceDate - 100 * 86_400
    static let rangeStart = rangeEnd - 0.01 * 5 * 365.25 * 86_400
    static let rangeFormat = "%K BETWEEN {\(rangeStart), \(rangeEnd)}"

    /// `indexes/<scenario>` for `query`.
    static func benchmark(_ scenario: String, _ query: IndexQuery) -> Benchmark {
        Benchmark(
            BenchmarkID(suite: "indexes", scenario: scenario),
            summary:
                "\(query.entity) where \(query.format.replacingOccurrences(of: "%K", with: query.key))",
            configurations: [
                BenchmarkConfiguration("indexed", summary: "on \(query.key)Indexed"),
                BenchmarkConfiguration("unindexed", summary: "on \(query.key)"),
                BenchmarkConfiguration("raw-indexed", summary: "hand-written SQL on the index"),
            ],
            sizes: [10_000], setup: SuiteState.init, reset: { try $0.resetContext() },
            body: { state in
                let key = state.configuration == "indexed" ? query.key + "Indexed" : query.key
                return try state.run(engine: { try query.fetch($0, key: key) }, raw: query.raw)
            })
    }
}

/// One `indexes` scenario's query: which entity, which column pair, which predicate.
struct IndexQuery: Sendable {
    /// The entity fetched.
    let entity: String
    /// The unindexed attribute; `<key>Indexed` is its indexed twin.
    let key: String
    /// The predicate, `%K` standing for the attribute.
    let format: String

    /// The value read and checksummed from each match.
    var readKey: String { entity == "User" ? "email" : "title" }

    /// Fetches the matches on `key` and checksums their sorted read values.
    func fetch(_ context: ManagedObjectContext, key: String) throws -> UInt64 {
        let request = FetchRequest(entityName: entity)
        request.predicate = try FetchPredicate(format: format, key)
        let values = try context.fetch(request).map { $0.value(forKey: readKey) as? String ?? "" }
        return Self.checksum(values)
    }

    /// The same work by hand, with the predicate on the indexed column.
    func raw(_ connection: Connection) throws -> UInt64 {
        let column = "t0.Z" + (key + "Indexed").uppercased()
        let condition: String
        switch format {
        case "%K == 30": condition = "\(column) = 30"
        case "%K BEGINSWITH 'ab'": condition = "\(column) >= 'ab' AND \(column) < 'ac'"
        case "%K CONTAINS[c] 'swift'": condition = "\(column) LIKE '%swift%'"
        default:
            condition = "\(column) BETWEEN \(IndexesSuite.rangeStart) AND \(IndexesSuite.rangeEnd)"
        }
        let sql =
            "SELECT t0.Z\(readKey.uppercased()) FROM Z\(entity.uppercased()) t0 WHERE \(condition)"
        return Self.checksum(try connection.fetchAll(SQL(text: sql)) { $0.string(at: 0) })
    }

    private static func checksum(_ values: [String]) -> UInt64 {
        var checksum = Checksum()
        for value in values.sorted() { checksum.combine(value) }
        checksum.combine(values.count)
        return checksum.value
    }
}
