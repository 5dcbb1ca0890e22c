import TestSupport
import Testing

@testable import SQLiteDB

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

    @Test("a kept SQL run with another first argument binds it in place of the first")
    func firstArgument() throws {
        let connection = try Connection()
        let kept = SQL(
            text: "SELECT ? * 10 + ?", arguments: [.value(.integer(0)), .value(.integer(1))])
        var bound: [SQLArgument] = []
        let value = try connection.withCachedStatement(kept, first: .integer(4)) { statement in
            bound = statement.arguments
            _ = try statement.step()
            return statement.int64(at: 0)
        }
        #expect(value == 41)
        #expect(bound == [.value(.integer(4)), .value(.integer(1))])
        #expect(kept.arguments == [.value(.integer(0)), .value(.integer(1))])
        #expect(throws: SQLiteError.self) {
            try connection.withCachedStatement("SELECT 1", first: .integer(4)) { _ in }
        }
    }

    // MARK: - Statement keys

    private static func keyed(_ text: String, _ key: StatementKey, _ value: Int64) -> SQL {
        SQL(text: text, arguments: [.value(.integer(value))], statementKey: key)
    }

    @Test("a keyed text finds the statement its text finds, counted as before")
    func keyedLookup() throws {
        let connection = try Connection()
        connection.statementCache.removeAll()
        let key = StatementKey.make()
        let text = "SELECT ? + 1"
        let before = (connection.statementCache.hits, connection.statementCache.misses)
        let plain = try connection.fetchOne(SQL(text: text, arguments: [.value(.integer(1))])) {
            $0.int64(at: 0)
        }
        var values: [Int64?] = [plain]
        for value in Int64(2)...4 {
            values.append(try connection.fetchOne(Self.keyed(text, key, value)) { $0.int64(at: 0) })
        }
        #expect(values == [2, 3, 4, 5])
        #expect(connection.statementCache.hits - before.0 == 3)
        #expect(connection.statementCache.misses - before.1 == 1)
        #expect(connection.statementCache.count == 1)
        #expect(connection.statementCache.keyCount == 1)
        #expect(connection.unfinalizedStatements().filter { $0 == text }.count == 1)
    }

    @Test("a keyed statement in use is not lent twice, and is reset and unbound after use")
    func keyedNestedUse() throws {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3);")
        let key = StatementKey.make()
        let text = "SELECT x FROM t WHERE x >= ? ORDER BY x"
        var pairs: [[Int64]] = []
        try connection.forEachRow(Self.keyed(text, key, 2)) { outer in
            let inner = try connection.fetchAll(Self.keyed(text, key, 1)) { $0.int64(at: 0) }
            pairs.append([outer.int64(at: 0)] + inner)
        }
        #expect(pairs == [[2, 1, 2, 3], [3, 1, 2, 3]])
        struct Stop: Error {}
        var lent: Statement?
        #expect(throws: Stop.self) {
            try connection.withCachedStatement(Self.keyed(text, key, 3)) { statement in
                lent = statement
                _ = try statement.step()
                throw Stop()
            }
        }
        #expect(lent?.isCheckedOut == false)
        #expect(lent?.arguments.isEmpty == true)
        // Reset after the throw: the next use runs from its first row with its own value.
        let again = try connection.fetchAll(Self.keyed(text, key, 1)) { $0.int64(at: 0) }
        #expect(again == [1, 2, 3])
        #expect(connection.statementCache.keyCount == 1)
    }

    @Test("an evicted statement takes its keys with it and is finalized")
    func keyedEviction() throws {
        let connection = try Connection()
        connection.statementCache.removeAll()
        connection.statementCache.capacity = 2
        let first = StatementKey.make()
        _ = try connection.fetchOne(Self.keyed("SELECT ? + 10", first, 1)) { $0.int64(at: 0) }
        #expect(connection.statementCache.keyCount == 1)
        for value in 0..<2 {
            _ = try connection.fetchOne(SQL(text: "SELECT \(value)")) { $0.int64(at: 0) }
        }
        #expect(connection.statementCache.keyCount == 0)
        #expect(Set(connection.unfinalizedStatements()) == ["SELECT 0", "SELECT 1"])
        // The key finds its text again by preparing it anew.
        let misses = connection.statementCache.misses
        let value = try connection.fetchOne(Self.keyed("SELECT ? + 10", first, 5)) {
            $0.int64(at: 0)
        }
        #expect(value == 15)
        #expect(connection.statementCache.misses == misses + 1)
        #expect(connection.statementCache.keyCount == 1)
        connection.statementCache.removeAll()
        #expect(connection.statementCache.keyCount == 0)
        #expect(connection.unfinalizedStatements().isEmpty)
    }

    @Test("keys are bounded: at twice the capacity they are dropped, statements stay")
    func keyedBound() throws {
        let connection = try Connection()
        connection.statementCache.removeAll()
        connection.statementCache.capacity = 2
        let before = (connection.statementCache.hits, connection.statementCache.misses)
        for value in Int64(0)..<9 {
            let result = try connection.fetchOne(Self.keyed("SELECT ?", StatementKey.make(), value))
            {
                $0.int64(at: 0)
            }
            #expect(result == value)
            #expect(connection.statementCache.keyCount <= 4)
        }
        #expect(connection.statementCache.count == 1)
        #expect(connection.statementCache.hits - before.0 == 8)
        #expect(connection.statementCache.misses - before.1 == 1)
    }

    @Test("appending to a keyed SQL drops its key; the key is not part of the value")
    func keyDroppedByAppend() {
        let key = StatementKey.make()
        var sql = SQL(text: "SELECT ?", arguments: [.value(.integer(1))], statementKey: key)
        #expect(sql.statementKey == key)
        #expect(sql == SQL(text: "SELECT ?", arguments: [.value(.integer(1))]))
        #expect(sql.hashValue == SQL(text: "SELECT ?", arguments: [.value(.integer(1))]).hashValue)
        sql.append(" + 1")
        #expect(sql.statementKey == nil)
        #expect(sql.text == "SELECT ? + 1")
        #expect(StatementKey.make() != StatementKey.make())
    }
}
