import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// `materialize/fetch-self`: a fetch repeated with the same predicate format and a new
/// argument each time, `SELF == %@` for each of the first 10,000 posts by key (their IDs
/// found untimed before each iteration), reading the title. One SELECT per fetch on
/// every side. `engine` builds a `FetchRequest` with `FetchPredicate(format: "SELF ==
/// %@", id)` per fetch, as an app would; `raw-same-sql` (``SameSQL``) runs the engine's
/// statement per key and decodes the row into a struct; `raw` selects only the title.
enum MaterializeFetchSelf {
    /// How many posts are fetched, one fetch each.
    static let count = 10_000

    /// Engine or floor.
    enum Variant: BenchmarkVariant {
        case engine, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .engine:
                .init(
                    "engine", summary: "one fetch per object, SELF == %@",
                    demonstrates: [.perRowFetch, .nPlusOne])
            case .raw: .init("raw", summary: "SELECT of the title by key, reused", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "engine")
            }
        }
    }

    /// The case's store and the posts' keys and IDs found untimed.
    struct State {
        let suite: SuiteState
        var keys: [Int64] = []
        var ids: [ObjectID] = []
    }

    private static func prepare(_ state: inout State) throws {
        try state.suite.resetContext()
        guard state.suite.store.context != nil else {
            var keys: [Int64] = []
            try state.suite.store.connection.forEachRow(
                "SELECT Z_PK FROM ZPOST ORDER BY Z_PK LIMIT \(raw: String(count))"
            ) { keys.append($0.int64(at: 0)) }
            state.keys = keys
            return
        }
        let ids = try state.suite.engine { try $0.fetchObjectIDs(Post.fetchRequest()) }
        state.ids = Array(ids.sorted { ($0.primaryKey ?? 0) < ($1.primaryKey ?? 0) }.prefix(count))
        try state.suite.resetContext()
    }

    /// `materialize/fetch-self`.
    static let scenario = BenchmarkScenario(
        "fetch-self", summary: "Fetches 10,000 posts one at a time with SELF == %@",
        variants: Variant.self,
        setup: { context, _ in State(suite: try SuiteState(context)) },
        reset: { state, _ in try prepare(&state) },
        body: { state, variant in
            let prepared = state
            switch variant {
            case .engine: return try state.suite.engine { try fetchEach(prepared.ids, $0) }
            case .raw: return try state.suite.raw { try titlesRaw(prepared.keys, $0) }
            case .sameSQL: return try state.suite.raw { try sameSQL(prepared.keys, $0) }
            }
        })

    private static func fetchEach(_ ids: [ObjectID], _ context: ManagedObjectContext) throws
        -> UInt64
    {
        var checksum = Checksum()
        for id in ids {
            let request = Post.fetchRequest()
            request.predicate = try FetchPredicate(format: "SELF == %@", id)
            for post in try context.fetch(request) {
                checksum.combine(Int(id.primaryKey ?? 0))
                checksum.combine(post.title ?? "")
            }
        }
        return checksum.value
    }

    private static func titlesRaw(_ keys: [Int64], _ connection: Connection) throws -> UInt64 {
        var checksum = Checksum()
        for key in keys {
            try connection.forEachRow("SELECT t0.ZTITLE FROM ZPOST t0 WHERE t0.Z_PK = \(key)") {
                checksum.combine(Int(key))
                checksum.combine($0.string(at: 0))
            }
        }
        return checksum.value
    }

    private static func sameSQL(_ keys: [Int64], _ connection: Connection) throws -> UInt64 {
        var checksum = Checksum()
        for key in keys {
            for row in try connection.fetchAll(SameSQL.fetchPost(key), { SameSQL.PostRow($0) }) {
                checksum.combine(Int(key))
                checksum.combine(row.title ?? "")
            }
        }
        return checksum.value
    }
}
