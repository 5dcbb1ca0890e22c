import Foundation
import SQLiteDB
import Testing

/// Database images (`sqlite3_serialize`, `sqlite3_deserialize`) and the hook that runs
/// before a write transaction commits: what ObjectGraph's binary store is built on.
@Suite struct ConnectionImageTests {
    private struct Refused: Error {}

    private func makeConnection() throws -> Connection {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE t (x)")
        return connection
    }

    private func count(_ image: Data) throws -> Int64? {
        try Connection(image: image).fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) }
    }

    @Test("an in-memory database's image includes its open transaction's uncommitted pages")
    func uncommittedPages() throws {
        let connection = try makeConnection()
        try connection.begin(.exclusive)
        for value in 1...500 { try connection.execute("INSERT INTO t VALUES (\(value))") }
        let image = try connection.serializedImage()
        try connection.rollback()
        #expect(try count(image) == 500)
        #expect(try count(try connection.serializedImage()) == 0)
    }

    @Test("an image loads into another connection through backup")
    func loadsThroughBackup() throws {
        let source = try makeConnection()
        try source.execute("INSERT INTO t VALUES (\("a"))")
        let copy = try Connection()
        try Connection(image: try source.serializedImage()).backup(to: copy)
        #expect(try copy.fetchAll("SELECT x FROM t") { $0.string(at: 0) } == ["a"])
        try copy.execute("INSERT INTO t VALUES (\("b"))")
        #expect(try copy.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) } == 2)
    }

    @Test("bytes that are not a database fail at the first statement with SQLITE_NOTADB")
    func notADatabase() throws {
        let image = try Connection(image: Data(repeating: 0x41, count: 4096))
        #expect {
            try image.execute(script: "PRAGMA quick_check")
        } throws: { error in
            (error as? SQLiteError)?.code == .SQLITE_NOTADB
        }
    }

    @Test("the before-commit hook runs at commits holding the write lock, not for reads")
    func hookRunsOnWrites() throws {
        let connection = try makeConnection()
        let images = ImageLog()
        connection.beforeCommittingWrite = { images.append(try $0.serializedImage()) }
        try connection.transaction(.deferred) {
            _ = try connection.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) }
        }
        #expect(images.count == 0)
        try connection.transaction(.exclusive) {
            try connection.execute("INSERT INTO t VALUES (\(1))")
        }
        #expect(images.count == 1)
        #expect(try count(try #require(images.last)) == 1)
        try connection.transaction(.immediate) {}  // the write lock is taken at BEGIN
        #expect(images.count == 2)
    }

    @Test("a throwing before-commit hook rolls the transaction back")
    func throwingHookRollsBack() throws {
        let connection = try makeConnection()
        connection.beforeCommittingWrite = { _ in throw Refused() }
        #expect(throws: Refused.self) {
            try connection.transaction(.exclusive) {
                try connection.execute("INSERT INTO t VALUES (\(1))")
            }
        }
        #expect(!connection.isInTransaction)
        connection.beforeCommittingWrite = nil
        #expect(try connection.fetchOne("SELECT count(*) FROM t") { $0.int64(at: 0) } == 0)
    }
}

/// Images a hook saw (the hook is a non-Sendable closure on one thread).
private final class ImageLog {
    private(set) var images: [Data] = []
    var count: Int { images.count }
    var last: Data? { images.last }
    func append(_ image: Data) { images.append(image) }
}
