import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// `materialize/lookup` and `materialize/to-many`: single-object faults and to-many
/// faults, one SELECT each, against the same SELECTs run raw through reused
/// statements. Both read the first 1,000 users by (unique, indexed) email, found untimed before
/// each iteration (their IDs for `lookup`; the users themselves, loaded, for `to-many`,
/// so only the relationship fault is timed). `raw` runs the engine's statements but reads
/// only the column it needs; `raw-same-sql` (``SameSQL``) decodes every column the
/// engine decodes, into structs.
enum MaterializeLookups {
    /// How many users are read.
    static let count = 1_000

    /// Engine or floor.
    enum Variant: BenchmarkVariant {
        case engine, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .engine:
                .init(
                    "engine", summary: "one fault per object",
                    demonstrates: [.perRowFetch, .nPlusOne])
            case .raw: .init("raw", summary: "the same SELECT, reused", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "engine")
            }
        }
    }

    /// The case's store and what the untimed step found.
    struct LookupState {
        let suite: SuiteState
        var keys: [Int64] = []
        var ids: [ObjectID] = []
        var users: [User] = []
    }

    private static func firstUsers() -> FetchRequest<User> {
        let request = User.fetchRequest()
        request.sortDescriptors = [SortKey(\User.emailIndexed)]
        request.fetchLimit = count
        return request
    }

    /// Primary keys for `raw`, IDs for the engine; with `load`, the users themselves.
    private static func prepare(_ state: inout LookupState, load: Bool) throws {
        try state.suite.resetContext()
        state.users = []
        guard state.suite.store.context != nil else {
            var keys: [Int64] = []
            try state.suite.store.connection.forEachRow(
                "SELECT Z_PK FROM ZUSER ORDER BY ZEMAILINDEXED LIMIT \(raw: String(count))"
            ) { keys.append($0.int64(at: 0)) }
            state.keys = keys
            return
        }
        if load {
            let users = try state.suite.engine { context in
                try context.fetch(firstUsers()).map { user in
                    _ = user.name  // fire the fault: the row is loaded, as after any read
                    return user
                }
            }
            state.users = users
        } else {
            state.ids = try state.suite.engine { try $0.fetchObjectIDs(firstUsers()) }
        }
    }

    /// A scenario over the first users: `engine` reads them (their IDs, or with `load`
    /// the loaded users), `raw` their keys.
    private static func scenario(
        _ name: String, _ summary: String, load: Bool,
        engine: @escaping @Sendable (LookupState, ManagedObjectContext) throws -> UInt64,
        raw: @escaping @Sendable ([Int64], Connection) throws -> UInt64,
        sameSQL: @escaping @Sendable ([Int64], Connection) throws -> UInt64
    ) -> BenchmarkScenario {
        BenchmarkScenario(
            name, summary: summary, variants: Variant.self,
            setup: { context, _ in LookupState(suite: try SuiteState(context)) },
            reset: { state, _ in try prepare(&state, load: load) },
            body: { state, variant in
                let prepared = state
                switch variant {
                case .engine: return try state.suite.engine { try engine(prepared, $0) }
                case .raw: return try state.suite.raw { try raw(prepared.keys, $0) }
                case .sameSQL: return try state.suite.raw { try sameSQL(prepared.keys, $0) }
                }
            })
    }

    /// `materialize/lookup`.
    static let lookup = scenario(
        "lookup", "Looks up 1,000 users by ID, one row fault each", load: false,
        engine: { state, context in
            var names: [(Int64, String)] = []
            for id in state.ids {
                let user = try context.existingObject(with: id) as! User
                names.append((id.primaryKey ?? 0, user.name ?? ""))
            }
            return digest(names)
        }, raw: lookUpRaw,
        sameSQL: { keys, connection in
            var names: [(Int64, String)] = []
            for key in keys {
                let user = try SameSQL.fault(
                    connection, SameSQL.userFault(key), SameSQL.UserRow.init)
                names.append((key, user?.name ?? ""))
            }
            return digest(names)
        })

    /// The engine's fault statement for a user, run per key on one cached statement.
    private static func lookUpRaw(_ keys: [Int64], _ connection: Connection) throws -> UInt64 {
        var names: [(Int64, String)] = []
        for key in keys {
            try connection.forEachRow(
                """
                SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZAGEINDEXED, t0.ZBIO, t0.ZCREATEDAT, \
                t0.ZCREATEDATINDEXED, t0.ZEMAIL, t0.ZEMAILINDEXED, t0.ZISACTIVE, t0.ZNAME, \
                t0.ZSCORE FROM ZUSER t0 WHERE t0.Z_PK = \(key)
                """
            ) { names.append((key, $0.string(at: 11))) }
        }
        return digest(names)
    }

    /// A checksum of per-user results in key order, whichever order the users were
    /// read in (the engine's fetch and the raw key list may scan different indexes).
    private static func digest(_ results: [(Int64, String)]) -> UInt64 {
        var checksum = Checksum()
        for (key, value) in results.sorted(by: { $0.0 < $1.0 }) {
            checksum.combine(Int(key))
            checksum.combine(value)
        }
        return checksum.value
    }

    private static func digest(_ results: [(Int64, Int)]) -> UInt64 {
        digest(results.map { ($0.0, String($0.1)) })
    }

    /// `materialize/to-many`.
    static let toMany = scenario(
        "to-many", "Reads 1,000 loaded users' posts, one to-many fault each", load: true,
        engine: { state, _ in
            digest(state.users.map { ($0.objectID.primaryKey ?? 0, $0.posts.count) })
        }, raw: postsRaw,
        sameSQL: { keys, connection in
            digest(try keys.map { ($0, try SameSQL.keys(connection, SameSQL.userPosts($0)).count) })
        })

    /// `materialize/n-plus-one`.
    static let nPlusOne = scenario(
        "n-plus-one",
        "Reads 1,000 loaded users' posts' titles: a to-many fault, then a row fault per post",
        load: true,
        engine: { state, _ in
            digest(
                state.users.map { user in
                    (
                        user.objectID.primaryKey ?? 0,
                        user.posts.map { $0.title ?? "" }.sorted().joined()
                    )
                })
        }, raw: titlesRaw,
        sameSQL: { keys, connection in
            var results: [(Int64, String)] = []
            for key in keys {
                var titles: [String] = []
                for post in try SameSQL.keys(connection, SameSQL.userPosts(key)) {
                    let row = try SameSQL.fault(
                        connection, SameSQL.postFault(post), SameSQL.PostRow.init)
                    titles.append(row?.title ?? "")
                }
                results.append((key, titles.sorted().joined()))
            }
            return digest(results)
        })

    /// The engine's statements for `n-plus-one`, issued by hand: per user the to-many
    /// ID SELECT, then per post its row fault's SELECT.
    private static func titlesRaw(_ keys: [Int64], _ connection: Connection) throws -> UInt64 {
        var results: [(Int64, String)] = []
        for key in keys {
            var posts: [Int64] = []
            try connection.forEachRow("SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = \(key)") {
                posts.append($0.int64(at: 1))
            }
            var titles: [String] = []
            for post in posts {
                try connection.forEachRow(
                    """
                    SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZBODY, t0.ZCREATEDAT, t0.ZCREATEDATINDEXED, \
                    t0.ZLIKES, t0.ZSTATUS, t0.ZSTATUSINDEXED, t0.ZTITLE, t0.ZTITLEINDEXED, \
                    t0.ZWORDCOUNT, t0.ZAUTHOR FROM ZPOST t0 WHERE t0.Z_PK = \(post)
                    """
                ) { titles.append($0.string(at: 9)) }
            }
            results.append((key, titles.sorted().joined()))
        }
        return digest(results)
    }

    /// The engine's to-many fault statement, run per user on one cached statement.
    private static func postsRaw(_ keys: [Int64], _ connection: Connection) throws -> UInt64 {
        var counts: [(Int64, Int)] = []
        for key in keys {
            var posts = 0
            try connection.forEachRow(
                "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = \(key)"
            ) { _ in posts += 1 }
            counts.append((key, posts))
        }
        return digest(counts)
    }
}
