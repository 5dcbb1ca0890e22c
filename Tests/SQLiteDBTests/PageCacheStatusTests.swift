import SQLiteDB
import TestSupport
import Testing

/// `sqlite3_db_status` page-cache counters: misses on a cold read, hits on the warm
/// one, writes on commit, spills when a transaction outgrows a tiny cache.
@Suite struct PageCacheStatusTests {
    /// A file database with a table of `rows` rows of 500-byte text, written by one
    /// connection and closed.
    static func database(rows: Int, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("cache.sqlite")
        let writer = try Connection(location: .file(path))
        try writer.execute(script: "CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        try writer.transaction {
            for id in 0..<rows {
                _ = try writer.execute(
                    "INSERT INTO t (id, body) VALUES (\(id), \(String(repeating: "x", count: 500)))"
                )
            }
        }
        try writer.close()
        return path
    }

    static func countRows(_ connection: Connection) throws -> Int? {
        try connection.fetchOne("SELECT count(body) FROM t") { Int($0.int64(at: 0)) }
    }

    @Test("a cold read misses, the same read again hits")
    func hitsAndMisses() throws {
        let directory = try TemporaryDirectory()
        let connection = try Connection(
            location: .file(try Self.database(rows: 200, in: directory)))
        let start = try connection.pageCacheStatus()
        #expect(try Self.countRows(connection) == 200)
        let cold = try connection.pageCacheStatus()
        #expect(try Self.countRows(connection) == 200)
        let warm = try connection.pageCacheStatus()
        #expect(cold.misses - start.misses >= 25, "200 rows of 500 bytes fill about 30 pages")
        #expect(warm.misses == cold.misses)
        #expect(warm.hits - cold.hits >= 25)
        #expect(warm.writes == start.writes)
    }

    @Test("a commit writes pages; a transaction larger than the cache spills")
    func writesAndSpills() throws {
        let directory = try TemporaryDirectory()
        let connection = try Connection(location: .file(try Self.database(rows: 1, in: directory)))
        try connection.execute(script: "PRAGMA cache_size = 10")
        let before = try connection.pageCacheStatus()
        try connection.transaction {
            for id in 1...400 {
                _ = try connection.execute(
                    "INSERT INTO t (id, body) VALUES (\(id), \(String(repeating: "y", count: 500)))"
                )
            }
        }
        let after = try connection.pageCacheStatus()
        #expect(after.writes - before.writes >= 50)
        #expect(after.spills > before.spills)
    }

    @Test("a closed connection reports misuse")
    func closed() throws {
        let connection = try Connection()
        try connection.close()
        #expect(throws: SQLiteError.self) { try connection.pageCacheStatus() }
    }
}
