import SQLiteDB
import TestSupport
import Testing

@Suite struct StatementCacheTests {
    @Test("reuses one prepared statement for identical SQL and counts hits and misses")
    func hitsAndMisses() throws {
        let connection = try Connection()
        let before = (connection.statementCache.hits, connection.statementCache.misses)
        for value in 0..<5 {
            _ = try connection.fetchOne("SELECT \(value) + 1") { $0.int64(at: 0) }
        }
        _ = try connection.fetchOne("SELECT 2") { $0.int64(at: 0) }
        #expect(connection.statementCache.hits - before.0 == 4)
        #expect(connection.statementCache.misses - before.1 == 2)
        #expect(connection.unfinalizedStatements().filter { $0.hasPrefix("SELECT ") }.count == 2)
    }

    @Test("a statement in use is not lent twice: a nested identical query gets its own")
    func nestedUse() throws {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3);")
        var pairs: [[Int64]] = []
        try connection.forEachRow("SELECT x FROM t ORDER BY x") { outer in
            let x = outer.int64(at: 0)
            let inner = try connection.fetchAll("SELECT x FROM t ORDER BY x") { $0.int64(at: 0) }
            pairs.append([x] + inner)
        }
        #expect(pairs == [[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]])
    }

    @Test("at capacity the oldest entry is finalized")
    func capacity() throws {
        let connection = try Connection()
        connection.statementCache.removeAll()
        connection.statementCache.capacity = 2
        for value in 0..<3 {
            _ = try connection.fetchOne(SQL(text: "SELECT \(value)")) { $0.int64(at: 0) }
        }
        #expect(connection.statementCache.count == 2)
        #expect(Set(connection.unfinalizedStatements()) == ["SELECT 1", "SELECT 2"])
    }

    @Test("a cached statement is reset and unbound after use, even when the body throws")
    func resetAfterThrow() throws {
        struct Stop: Error {}
        let connection = try Connection()
        #expect(throws: Stop.self) {
            try connection.withCachedStatement("SELECT \(1)") { statement in
                _ = try statement.step()
                throw Stop()
            }
        }
        let value = try connection.fetchOne("SELECT \(1)") { $0.int64(at: 0) }
        #expect(value == 1)
    }
}
