import SQLiteDB
import TestSupport
import Testing

/// The WAL hook's counters: one commit per transaction, frames in the log matching
/// the pages written, automatic checkpoints at the configured threshold (and still at
/// SQLite's default when none is configured), nothing outside WAL mode.
@Suite struct WALStatusTests {
    static func connection(
        in directory: TemporaryDirectory, pragmas: [Connection.Pragma] = []
    ) throws -> Connection {
        var configuration = Connection.Configuration()
        configuration.pragmas = pragmas
        let connection = try Connection(
            location: .file(directory.path("wal.sqlite")), configuration: configuration)
        try connection.execute(script: "CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        return connection
    }

    static func insert(_ ids: ClosedRange<Int>, into connection: Connection) throws {
        try connection.transaction {
            for id in ids {
                _ = try connection.execute(
                    "INSERT INTO t (id, body) VALUES (\(id), \(String(repeating: "w", count: 900)))"
                )
            }
        }
    }

    @Test("each transaction is one commit; the log's frames are the pages written")
    func commitsAndFrames() throws {
        let directory = try TemporaryDirectory()
        let connection = try Self.connection(in: directory)
        let start = try connection.walStatus()
        let startPages = try connection.pageCacheStatus()
        #expect(start.commits == 1, "the CREATE TABLE")
        try Self.insert(1...40, into: connection)
        try Self.insert(41...41, into: connection)
        let after = try connection.walStatus()
        let pages = try connection.pageCacheStatus()
        #expect(after.commits == 3)
        #expect(after.checkpoints == 0)
        #expect(after.framesInLog - start.framesInLog == pages.writes - startPages.writes)
        #expect(after.framesInLog - start.framesInLog >= 10, "40 rows of 900 bytes")
    }

    @Test("a configured wal_autocheckpoint is honoured: the log is checkpointed and restarts")
    func configuredCheckpoint() throws {
        let directory = try TemporaryDirectory()
        let connection = try Self.connection(
            in: directory, pragmas: [Connection.Pragma("wal_autocheckpoint", "8")])
        try Self.insert(1...40, into: connection)
        let checkpointed = try connection.walStatus()
        #expect(checkpointed.checkpoints == 1)
        #expect(checkpointed.checkpointedFrames == checkpointed.framesInLog)
        try Self.insert(41...41, into: connection)
        let restarted = try connection.walStatus()
        #expect(restarted.framesInLog < 8, "the next commit starts the log again")
        #expect(try connection.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) } == 41)
    }

    @Test("with no setting, SQLite's default threshold of 1000 frames applies")
    func defaultThreshold() throws {
        let directory = try TemporaryDirectory()
        let connection = try Self.connection(in: directory)
        try Self.insert(1...500, into: connection)
        #expect(try connection.walStatus().checkpoints == 0)
        try Self.insert(501...5_000, into: connection)
        let status = try connection.walStatus()
        #expect(status.checkpoints == 1)
        #expect(status.checkpointedFrames >= 1_000)
    }

    @Test("an in-memory database has no WAL; a closed connection reports misuse")
    func noWAL() throws {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
        #expect(
            try connection.walStatus()
                == WALStatus(commits: 0, checkpoints: 0, checkpointedFrames: 0, framesInLog: 0))
        try connection.close()
        #expect(throws: SQLiteError.self) { try connection.walStatus() }
    }
}
