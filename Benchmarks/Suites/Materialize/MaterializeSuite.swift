import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// The `materialize` suite: what turning rows into objects costs, against SQLite's floor.
///
/// - `materialize/read-two`: fetch every post and read its title and likes: `typed`
///   (`Post.fetchRequest()`, `post.title`), `kvc` (`value(forKey:)`) and `raw` (the same
///   two columns through SQLiteDB), `raw-same-sql` (`typed`'s own SELECT of every
///   column, decoded into structs: ``SameSQL``). One SELECT each.
/// - `materialize/reset`: `fetch` fetches every post; `reset` times only the
///   `context.reset()` that discards them (the fetch runs untimed before it). Both
///   count the posts, so their checksums agree.
/// - `materialize/lookup`: 1,000 `existingObject(with:)` of users by ID, each one row
///   fault (one SELECT), vs `raw`, the same SELECT through one reused statement.
/// - `materialize/to-many`: 1,000 users' `posts` faults (one ID SELECT each) vs `raw`.
/// - `materialize/n-plus-one`: the same users' posts' titles, Core Data's 1 + 11N shape
///   (a to-many fault, then a row fault per post) vs the same statements raw.
/// - `materialize/insert`: per-object, batch and raw inserts (``MaterializeInsert``).
/// - `materialize/fetch-self`: 10,000 fetches with a repeated `SELF == %@`
///   (``MaterializeFetchSelf``).
///
/// Each read iteration starts from an empty context (reset, not timed).
enum MaterializeSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "materialize", summary: "Rows into objects: typed vs key-value vs the SQLite floor",
        sizes: [10_000],
        scenarios: [
            readTwo, resetScenario, MaterializeLookups.lookup, MaterializeLookups.toMany,
            MaterializeLookups.nPlusOne, MaterializeInsert.scenario, MaterializeFetchSelf.scenario,
        ])

    /// How `read-two` reads.
    enum ReadVariant: BenchmarkVariant {
        case typed, kvc, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .typed: .init("typed", summary: "Post subclass, typed properties")
            case .kvc: .init("kvc", summary: "value(forKey:)")
            case .raw: .init("raw", summary: "one SELECT of two columns", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "typed")
            }
        }
    }

    /// `materialize/read-two`.
    static let readTwo = BenchmarkScenario(
        "read-two", summary: "Fetches every post and reads its title and likes",
        variants: ReadVariant.self, setup: SuiteState.open, reset: SuiteState.emptyContext,
        body: { state, variant in
            switch variant {
            case .typed: try state.engine(readTyped)
            case .kvc: try state.engine(readKeyValue)
            case .raw: try state.raw(readRaw)
            case .sameSQL: try state.raw(readSameSQL)
            }
        })

    private static func readTyped(_ context: ManagedObjectContext) throws -> UInt64 {
        var checksum = Checksum()
        for post in try context.fetch(Post.fetchRequest()) {
            checksum.combine(post.title ?? "")
            checksum.combine(Int(post.likes))
        }
        return checksum.value
    }

    private static func readKeyValue(_ context: ManagedObjectContext) throws -> UInt64 {
        var checksum = Checksum()
        for post in try context.fetch(FetchRequest(entityName: "Post")) {
            checksum.combine(post.value(forKey: "title") as? String ?? "")
            checksum.combine(Int(post.value(forKey: "likes") as? Int64 ?? 0))
        }
        return checksum.value
    }

    private static func readRaw(_ connection: Connection) throws -> UInt64 {
        var checksum = Checksum()
        try connection.forEachRow("SELECT t0.ZTITLE, t0.ZLIKES FROM ZPOST t0") { row in
            checksum.combine(row.string(at: 0))
            checksum.combine(Int(row.int64(at: 1)))
        }
        return checksum.value
    }

    /// `typed`'s fetch raw: every column of every post decoded into a struct (the
    /// objects the fetch returns), then the same two values read.
    private static func readSameSQL(_ connection: Connection) throws -> UInt64 {
        let posts = try connection.fetchAll("SELECT \(raw: SameSQL.postColumns) FROM ZPOST t0") {
            SameSQL.PostRow($0)
        }
        var checksum = Checksum()
        for post in posts {
            checksum.combine(post.title ?? "")
            checksum.combine(Int(post.likes))
        }
        return checksum.value
    }

    /// How `reset` is measured.
    enum ResetVariant: BenchmarkVariant {
        case fetch, reset

        var configuration: BenchmarkConfiguration {
            switch self {
            case .fetch: .init("fetch", summary: "fetches every post (the reference)")
            case .reset: .init("reset", summary: "discards every fetched post")
            }
        }
    }

    /// What `reset` keeps between its untimed fetch and its timed reset.
    struct ResetState {
        var suite: SuiteState
        var held: FetchResults<Post>?
    }

    /// `materialize/reset`.
    static let resetScenario = BenchmarkScenario(
        "reset", summary: "Discards every fetched post with context.reset()",
        variants: ResetVariant.self,
        setup: { context, _ in ResetState(suite: try SuiteState(context), held: nil) },
        reset: { state, variant in
            try state.suite.resetContext()
            guard variant == .reset else { return }
            state.held = try state.suite.engine { try $0.fetch(Post.fetchRequest()) }
        },
        body: { state, variant in
            switch variant {
            case .fetch:
                return UInt64(try state.suite.engine { try $0.fetch(Post.fetchRequest()) }.count)
            case .reset:
                let count = UInt64(state.held?.count ?? 0)
                try state.suite.engine { $0.reset() }
                state.held = nil
                return count
            }
        })
}
