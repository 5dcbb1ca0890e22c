import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// The `faulting` suite's `faulting/posts-with-author`: fetch the 1,000 most recent
/// posts and read each one's title and its author's name.
///
/// Expected statements (coredata-reference.md section 3), D = distinct authors:
/// - `faults` (defaults) and `objects` (`returnsObjectsAsFaults = false`): 1 + D;
/// - `no-property-values`: 1 + N + D (every post fault fires its own SELECT);
/// - `prefetch-author`: 2; `raw`: 1 JOIN;
/// - `raw-same-sql`: `faults`' 1 + D statements run raw, every column decoded into
///   structs, each author's row fault once (``SameSQL``).
///
/// "Recent" orders by the indexed `createdAtIndexed`, so finding the 1,000 posts walks an
/// index instead of sorting every post, and the scenario measures faulting at every size.
/// Each iteration starts from an empty context (reset, not timed). Cost: 1,000 posts.
enum FaultingSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "faulting", summary: "Faults vs eager values vs prefetching a to-one",
        sizes: [10_000], scenarios: [postsWithAuthor])

    /// How many posts are read.
    static let limit = 1_000

    /// The ways `posts-with-author` reads.
    enum Variant: BenchmarkVariant {
        case faults, noPropertyValues, objects, prefetchAuthor, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .faults:
                .init(
                    "faults", summary: "defaults: 1 + distinct authors", demonstrates: [.nPlusOne])
            case .noPropertyValues:
                .init(
                    "no-property-values", summary: "IDs only: 1 + N + authors",
                    demonstrates: [.nPlusOne])
            case .objects: .init("objects", summary: "returnsObjectsAsFaults = false")
            case .prefetchAuthor: .init("prefetch-author", summary: "prefetches author: 2")
            case .raw: .init("raw", summary: "one JOIN", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "faults")
            }
        }
    }

    /// `faulting/posts-with-author`.
    static let postsWithAuthor = BenchmarkScenario(
        "posts-with-author", summary: "Reads title and author.name of the 1,000 most recent posts",
        variants: Variant.self, setup: SuiteState.open, reset: SuiteState.emptyContext,
        body: run)

    static func run(_ state: inout SuiteState, _ variant: Variant) throws -> UInt64 {
        switch variant {
        case .faults: try state.engine { try engine($0) { _ in } }
        case .noPropertyValues:
            try state.engine { try engine($0) { $0.includesPropertyValues = false } }
        case .objects: try state.engine { try engine($0) { $0.returnsObjectsAsFaults = false } }
        case .prefetchAuthor:
            try state.engine {
                try engine($0) { $0.relationshipKeyPathsForPrefetching = ["author"] }
            }
        case .raw: try state.raw(raw)
        case .sameSQL: try state.raw(sameSQL)
        }
    }

    /// Reads the posts through the engine, the request changed by `tune`.
    private static func engine(
        _ context: ManagedObjectContext, _ tune: (FetchRequest<Post>) -> Void
    )
        throws -> UInt64
    {
        let request = Post.fetchRequest()
        request.sortDescriptors = [SortKey(\Post.createdAtIndexed, ascending: false)]
        request.fetchLimit = limit
        tune(request)
        var checksum = Checksum()
        for post in try context.fetch(request) {
            checksum.combine(post.title ?? "")
            checksum.combine(post.author?.name ?? "")
        }
        return checksum.value
    }

    /// `faults`' statements raw: the posts' SELECT, then one row fault per distinct
    /// author, in first-read order, kept in a table as the engine's row cache keeps them.
    private static func sameSQL(_ connection: Connection) throws -> UInt64 {
        let posts = try connection.fetchAll(
            """
            SELECT \(raw: SameSQL.postColumns) FROM ZPOST t0 \
            ORDER BY t0.ZCREATEDATINDEXED DESC LIMIT \(limit)
            """
        ) { SameSQL.PostRow($0) }
        var authors: [Int64: SameSQL.UserRow] = [:]
        var checksum = Checksum()
        for post in posts {
            checksum.combine(post.title ?? "")
            guard let key = post.author else {
                checksum.combine("")
                continue
            }
            if authors[key] == nil {
                authors[key] = try SameSQL.fault(
                    connection, SameSQL.userFault(key), SameSQL.UserRow.init)
            }
            checksum.combine(authors[key]?.name ?? "")
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
