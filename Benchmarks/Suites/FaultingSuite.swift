import BenchKit
import ObjectGraph
import SQLiteDB

/// The `faulting` suite's `faulting/posts-with-author`: fetch the 1,000 most recent
/// posts and read each one's title and its author's name.
///
/// Expected statements (coredata-reference.md section 3), D = distinct authors:
/// - `faults` (defaults) and `objects` (`returnsObjectsAsFaults = false`): 1 + D;
/// - `no-property-values`: 1 + N + D (every post fault fires its own SELECT);
/// - `prefetch-author`: 2; `raw`: 1 JOIN.
///
/// "Recent" orders by the indexed `createdAtIndexed`, so finding the 1,000 posts walks an
/// index instead of sorting every post, and the scenario measures faulting at every size.
/// Each iteration starts from an empty context (reset, not timed). Cost: 1,000 posts.
enum FaultingSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "faulting", summary: "Faults vs eager values vs prefetching a to-one",
        benchmarks: [postsWithAuthor])

    /// How many posts are read.
    static let limit = 1_000

    /// `faulting/posts-with-author`.
    static let postsWithAuthor = Benchmark(
        BenchmarkID(suite: "faulting", scenario: "posts-with-author"),
        summary: "Reads title and author.name of the 1,000 most recent posts",
        configurations: [
            BenchmarkConfiguration("faults", summary: "defaults: 1 + distinct authors"),
            BenchmarkConfiguration("no-property-values", summary: "IDs only: 1 + N + authors"),
            BenchmarkConfiguration("objects", summary: "returnsObjectsAsFaults = false"),
            BenchmarkConfiguration("prefetch-author", summary: "prefetches author: 2"),
            BenchmarkConfiguration("raw", summary: "one JOIN"),
        ],
        sizes: [10_000], setup: SuiteState.init, reset: { try $0.resetContext() },
        body: run)

    static func run(_ state: inout SuiteState) throws -> UInt64 {
        let configuration = state.configuration
        return try state.run(engine: { try engine($0, configuration) }, raw: raw)
    }

    private static func engine(_ context: ManagedObjectContext, _ configuration: String) throws
        -> UInt64
    {
        let request = FetchRequest(entityName: "Post")
        request.sortDescriptors = [SortKey("createdAtIndexed", ascending: false)]
        request.fetchLimit = limit
        switch configuration {
        case "no-property-values": request.includesPropertyValues = false
        case "objects": request.returnsObjectsAsFaults = false
        case "prefetch-author": request.relationshipKeyPathsForPrefetching = ["author"]
        default: break
        }
        var checksum = Checksum()
        for post in try context.fetch(request) {
            checksum.combine(post.value(forKey: "title") as? String ?? "")
            checksum.combine(post.value(forKeyPath: "author.name") as? String ?? "")
        }
        return checksum.value
    }

    private static func raw(_ connection: Connection) throws -> UInt64 {
        var checksum = Checksum()
        try connection.forEachRow(
            """
            SELECT t0.ZTITLE, t1.ZNAME FROM ZPOST t0 LEFT JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK \
            ORDER BY t0.ZCREATEDATINDEXED DESC LIMIT \(limit)
            """
        ) { row in
            checksum.combine(row.string(at: 0))
            checksum.combine(row.string(at: 1))
        }
        return checksum.value
    }
}
