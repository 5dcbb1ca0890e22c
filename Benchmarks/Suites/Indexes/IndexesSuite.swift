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
        sizes: [10_000],
        scenarios: [
            scenario(
                "equality",
                IndexQuery(entity: "User", key: "age", readKey: "email", format: "%K == 30") {
                    "\($0) = 30"
                }),
            scenario(
                "range",
                IndexQuery(entity: "Post", key: "createdAt", readKey: "title", format: rangeFormat)
                {
                    "\($0) BETWEEN \(rangeStart) AND \(rangeEnd)"
                }),
            scenario(
                "prefix",
                IndexQuery(
                    entity: "User", key: "email", readKey: "email", format: "%K BEGINSWITH 'ab'"
                ) {
                    "\($0) >= 'ab' AND \($0) < 'ac'"
                }),
            scenario(
                "contains",
                IndexQuery(
                    entity: "Post", key: "title", readKey: "title", format: "%K CONTAINS[c] 'swift'"
                ) {
                    "\($0) LIKE '%swift%'"
                }),
        ])

    /// The range: 1% of the dataset's five years, ending 100 days before its epoch.
    static let rangeEnd = DatasetGenerator.epoch.timeIntervalSinceReferenceDate - 100 * 86_400
    static let rangeStart = rangeEnd - 0.01 * 5 * 365.25 * 86_400
    static let rangeFormat = "%K BETWEEN {\(rangeStart), \(rangeEnd)}"

    /// Which column the predicate runs on, and how.
    enum Variant: BenchmarkVariant {
        case indexed, unindexed, rawIndexed

        var configuration: BenchmarkConfiguration {
            switch self {
            case .indexed: .init("indexed", summary: "the engine on the `…Indexed` twin")
            case .unindexed: .init("unindexed", summary: "the engine on the unindexed attribute")
            case .rawIndexed:
                .init("raw-indexed", summary: "hand-written SQL on the index", kind: .raw)
            }
        }
    }

    /// `indexes/<name>` for `query`.
    static func scenario(_ name: String, _ query: IndexQuery) -> BenchmarkScenario {
        BenchmarkScenario(
            name,
            summary:
                "\(query.entity) where \(query.format.replacingOccurrences(of: "%K", with: query.key))",
            variants: Variant.self, setup: SuiteState.open, reset: SuiteState.emptyContext,
            body: { state, variant in
                switch variant {
                case .indexed: try state.engine { try query.fetch($0, key: query.key + "Indexed") }
                case .unindexed: try state.engine { try query.fetch($0, key: query.key) }
                case .rawIndexed: try state.raw(query.raw)
                }
            })
    }
}
