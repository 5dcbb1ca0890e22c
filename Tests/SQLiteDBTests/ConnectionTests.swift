import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite struct ConnectionTests {
    @Test("a file database opens in WAL mode by default, memory in its own mode")
    func journalModes() throws {
        let directory = try TemporaryDirectory()
        let file = try Connection(location: .file(directory.path("a.sqlite")))
        #expect(try file.fetchOne("PRAGMA journal_mode") { $0.string(at: 0) } == "wal")
        let memory = try Connection()
        #expect(try memory.fetchOne("PRAGMA journal_mode") { $0.string(at: 0) } == "memory")
        try file.close()
        try memory.close()
    }

    @Test("configured pragmas and journal mode are applied at open")
    func pragmasApplied() throws {
        let directory = try TemporaryDirectory()
        var configuration = Connection.Configuration()
        configuration.journalMode = .delete
        configuration.pragmas = [.init("cache_size", "-4000"), .init("synchronous", "OFF")]
        let connection = try Connection(
            location: .file(directory.path("p.sqlite")), configuration: configuration)
        #expect(try connection.fetchOne("PRAGMA journal_mode") { $0.string(at: 0) } == "delete")
        #expect(try connection.fetchOne("PRAGMA cache_size") { $0.int64(at: 0) } == -4000)
        #expect(try connection.fetchOne("PRAGMA synchronous") { $0.int64(at: 0) } == 0)
    }

    @Test("a pragma value that is not a number or identifier is refused before SQLite sees it")
    func badPragma() throws {
        var configuration = Connection.Configuration()
        configuration.pragmas = [.init("cache_size", "1; DROP TABLE x")]
        let error = try #require(throws: SQLiteError.self) {
            try Connection(configuration: configuration)
        }
        #expect(error.code == .SQLITE_MISUSE)
        #expect(error.message.contains("cache_size"))
    }

    @Test("opening a file that is not a database fails with SQLITE_NOTADB")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) {
            try Connection(location: .file(path))
        }
        #expect(error.code == .SQLITE_NOTADB)
    }

    @Test("opening a missing file read-only fails with SQLITE_CANTOPEN naming the path")
    func cannotOpen() throws {
        var configuration = Connection.Configuration()
        configuration.openMode = .readOnly
        let error = try #require(throws: SQLiteError.self) {
            try Connection(
                location: .file("/nonexistent/dir/x.sqlite"), configuration: configuration)
        }
        #expect(error.code.primary == .SQLITE_CANTOPEN)
        #expect(error.message.contains("/nonexistent/dir/x.sqlite"))
    }

    @Test("a closed connection refuses work with a clear error")
    func closedConnection() throws {
        let connection = try Connection()
        try connection.close()
        #expect(connection.isClosed)
        let error = try #require(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
        #expect(error.code == .SQLITE_MISUSE)
        #expect(error.message == "the connection is closed")
        #expect(error.sql == "SELECT 1")
    }

    @Test("close reports statements still alive and leaves the connection usable")
    func closeWithLiveStatement() throws {
        let connection = try Connection()
        var statement: Statement? = try connection.prepare("SELECT 42")
        let error = try #require(throws: SQLiteError.self) { try connection.close() }
        #expect(error.code == .SQLITE_BUSY)
        #expect(error.message.contains("\"SELECT 42\""))
        #expect(!connection.isClosed)
        #expect(try connection.fetchOne("SELECT 1") { $0.int64(at: 0) } == 1)
        statement = nil
        _ = statement
        try connection.close()
    }

    @Test("cached statements are finalized on close")
    func cachedStatementsFinalized() throws {
        let connection = try Connection()
        try connection.execute("CREATE TABLE t (x)")
        for value in 0..<3 { try connection.execute("INSERT INTO t VALUES (\(value))") }
        #expect(
            Set(connection.unfinalizedStatements())
                == ["CREATE TABLE t (x)", "INSERT INTO t VALUES (?)"])
        try connection.close()
    }

    @Test("a locked database times out after the busy timeout with a clear error")
    func lockedDatabaseTimesOut() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("locked.sqlite")
        let holder = try Connection(location: .file(path))
        try holder.execute(script: "CREATE TABLE t (x)")
        var configuration = Connection.Configuration()
        configuration.busyTimeoutMilliseconds = 50
        let waiter = try Connection(location: .file(path), configuration: configuration)
        try holder.begin(.immediate)
        try holder.execute("INSERT INTO t VALUES (1)")
        let error = try #require(throws: SQLiteError.self) {
            try waiter.execute("INSERT INTO t VALUES (2)")
        }
        #expect(error.code.primary == .SQLITE_BUSY)
        #expect(error.message.contains("database is locked"))
        #expect(error.message.contains("busy timeout of 50 ms"))
        #expect(error.sql == "INSERT INTO t VALUES (2)")
        try holder.commit()
        try waiter.execute("INSERT INTO t VALUES (2)")
        #expect(try waiter.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) } == 2)
    }

    @Test("scripts run every statement; prepare refuses more than one")
    func scripts() throws {
        let connection = try Connection()
        try connection.execute(
            script: "CREATE TABLE a (x); CREATE TABLE b (y);\nINSERT INTO a VALUES (1);")
        #expect(try connection.fetchOne("SELECT count(*) FROM a") { $0.int64(at: 0) } == 1)
        let error = try #require(throws: SQLiteError.self) {
            try connection.prepare("SELECT 1; SELECT 2")
        }
        #expect(error.message.contains("more than one statement"))
    }

    @Test("connections get distinct IDs")
    func distinctIDs() throws {
        let first = try Connection()
        let second = try Connection()
        #expect(first.id != second.id)
    }
}
