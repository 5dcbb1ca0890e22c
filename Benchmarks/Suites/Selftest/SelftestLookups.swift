import BenchKit
import SQLiteDB

/// The `selftest-sql` suite's `selftest-sql/author-lookups`: reads every post's title and author name from a small
/// in-memory SQLite database laid out like Core Data's (`ZPOST`, `ZUSER`, `Z_PK`), in
/// three ways that do the same logical work:
/// - `per-row` loads the posts, then each distinct author with its own
///   `SELECT … WHERE t0.Z_PK = ?`, remembering authors already loaded (as Core Data's
///   row cache does): 1 + authors statements, the N+1 pattern;
/// - `batched` loads the posts, then every author in one `IN (SELECT * FROM
///   _Z_intarray0(?))` query: 2 statements, what prefetching does;
/// - `join` reads both in one JOIN: 1 statement, the hand-written floor.
///
/// It exercises SQL tracing end to end (statements, plans, N+1 detection) without the
/// engine. The suite runs only when named (`--suite selftest-sql`). Cost: size posts
/// and size / 10 users, built once per case in setup.
enum SelftestLookups {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "selftest-sql",
        summary: "SQL tracing self-test: per-row lookups vs a batch vs a join, no engine needed",
        isDefault: false, sizes: [1_000, 10_000], scenarios: [scenario])

    /// The three ways to read the authors.
    enum Variant: BenchmarkVariant {
        case perRow, batched, join

        var configuration: BenchmarkConfiguration {
            switch self {
            case .perRow: .init("per-row", summary: "one SELECT per distinct author (N+1)")
            case .batched: .init("batched", summary: "one SELECT of all authors by key list")
            case .join: .init("join", summary: "one JOIN")
            }
        }
    }

    /// `selftest-sql/author-lookups`.
    static let scenario = BenchmarkScenario(
        "author-lookups",
        summary: "Reads n posts with their author's name: per-row lookups vs one batch vs a join",
        variants: Variant.self, setup: makeState, body: run)

    static func makeState(_ context: CaseContext, _ variant: Variant) throws -> Connection {
        let connection = try Connection()
        try connection.execute(
            script: """
                CREATE TABLE ZUSER (Z_PK INTEGER PRIMARY KEY, ZNAME TEXT);
                CREATE TABLE ZPOST (Z_PK INTEGER PRIMARY KEY, ZTITLE TEXT, ZAUTHOR INTEGER);
                CREATE INDEX ZPOST_ZAUTHOR_INDEX ON ZPOST (ZAUTHOR);
                """)
        let users = max(context.size / 10, 1)
        var generator = SplitMix64(seed: context.seed)
        var hash = Checksum()
        try connection.transaction {
            for user in 1...users {
                _ = try connection.execute("INSERT INTO ZUSER VALUES (\(user), \("user \(user)"))")
            }
            for post in 1...context.size {
                let author = Int(generator.next() % UInt64(users)) + 1
                hash.combine(author)
                _ = try connection.execute(
                    "INSERT INTO ZPOST VALUES (\(post), \("post \(post)"), \(author))")
            }
        }
        context.record(
            DatasetRecord(
                name: "selftest-posts", size: context.size, seed: context.seed,
                contentHash: CaseResult.hex(hash.value)))
        let bridge = SQLTraceBridge(connection: connection)
        context.register(trace: bridge)
        context.register(bridge)
        return connection
    }

    static func run(_ connection: inout Connection, _ variant: Variant) throws -> UInt64 {
        if SelftestInjection.planted == .statementPerObject {
            try plantStatementPerPost(connection)
        }
        return switch variant {
        case .perRow: try separately(connection, batched: false)
        case .batched: try separately(connection, batched: true)
        case .join: try joined(connection)
        }
    }

    private static func joined(_ connection: Connection) throws -> UInt64 {
        var checksum = Checksum()
        try connection.forEachRow(
            "SELECT t0.ZTITLE, t1.ZNAME FROM ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK ORDER BY t0.Z_PK"
        ) { row in
            checksum.combine(row.string(at: 0))
            checksum.combine(row.string(at: 1))
        }
        return checksum.value
    }

    /// The self-check's planted regression: one more SELECT per post (the posts are
    /// numbered 1 to n).
    private static func plantStatementPerPost(_ connection: Connection) throws {
        let count = try connection.fetchOne("SELECT count(*) FROM ZPOST") { $0.int64(at: 0) } ?? 0
        for post in 0..<count {
            _ = try connection.fetchOne(
                "SELECT t0.ZTITLE FROM ZPOST t0 WHERE t0.Z_PK = \(post + 1)"
            ) {
                $0.string(at: 0)
            }
        }
    }

    private static func separately(_ connection: Connection, batched: Bool) throws -> UInt64 {
        let posts = try connection.fetchAll(
            "SELECT t0.ZTITLE, t0.ZAUTHOR FROM ZPOST t0 ORDER BY t0.Z_PK"
        ) { ($0.string(at: 0), $0.int64(at: 1)) }
        var names: [Int64: String] = [:]
        if batched {
            let keys = IntegerList(Array(Set(posts.map(\.1))))
            try connection.forEachRow(
                "SELECT t0.Z_PK, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(\(keys)))"
            ) { names[$0.int64(at: 0)] = $0.string(at: 1) }
        }
        var checksum = Checksum()
        for (title, author) in posts {
            if names[author] == nil {
                names[author] = try connection.fetchOne(
                    "SELECT t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = \(author)"
                ) { $0.string(at: 0) }
            }
            checksum.combine(title)
            checksum.combine(names[author] ?? "")
        }
        return checksum.value
    }
}
