import Foundation
import SQLiteDB
import Testing

@Suite struct StatementTests {
    private func makeTable() throws -> Connection {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, n)")
        return connection
    }

    @Test("every storage class round-trips through bind and typed reads")
    func roundTrip() throws {
        let connection = try makeTable()
        let bytes = Data([0, 1, 2, 255])
        try connection.execute(
            "INSERT INTO v VALUES (\(Int64.max), \(-1.25), \("héllo 🌍"), \(bytes), \(nil as Int?))")
        let row = try #require(
            try connection.fetchOne("SELECT i, r, t, b, n FROM v") { statement in
                (
                    statement.int64(at: 0), statement.double(at: 1), statement.string(at: 2),
                    statement.data(at: 3), statement.isNull(at: 4), statement.columnType(at: 3)
                )
            })
        #expect(row.0 == Int64.max)
        #expect(row.1 == -1.25)
        #expect(row.2 == "héllo 🌍")
        #expect(row.3 == bytes)
        #expect(row.4)
        #expect(row.5 == .blob)
    }

    @Test("an empty string and an empty blob are not NULL")
    func emptyValuesAreNotNull() throws {
        let connection = try makeTable()
        try connection.execute("INSERT INTO v (t, b) VALUES (\(""), \(Data()))")
        let types = try connection.fetchOne("SELECT typeof(t), typeof(b) FROM v") {
            [$0.string(at: 0), $0.string(at: 1)]
        }
        #expect(types == ["text", "blob"])
    }

    @Test("value(at:) and row() report each column's storage class")
    func genericValues() throws {
        let connection = try Connection()
        let row = try connection.fetchOne("SELECT 1, 2.5, 'x', x'00', NULL") { $0.row() }
        #expect(row == [.integer(1), .real(2.5), .text("x"), .blob(Data([0])), .null])
        let names = try connection.fetchOne("SELECT 1 AS one, 2 AS two") {
            [$0.columnName(at: 0), $0.columnName(at: 1)]
        }
        #expect(names == ["one", "two"])
    }

    @Test("binding the wrong number of arguments is SQLITE_RANGE with counts named")
    func wrongArgumentCount() throws {
        let connection = try Connection()
        let statement = try connection.prepare("SELECT ?, ?")
        let error = try #require(throws: SQLiteError.self) { try statement.bind([1]) }
        #expect(error.code == .SQLITE_RANGE)
        #expect(error.message == "statement has 2 parameters but 1 arguments were given")
    }

    @Test("reset re-runs with the same bindings; clearBindings makes them NULL")
    func resetAndClear() throws {
        let connection = try Connection()
        let statement = try connection.prepare("SELECT ?")
        try statement.bind([7])
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == 7)
        statement.reset()
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == 7)
        statement.reset()
        statement.clearBindings()
        #expect(try statement.step())
        #expect(statement.isNull(at: 0))
        #expect(try !statement.step())
    }

    @Test("run reports rows changed; readonly statements report none")
    func runCountsChanges() throws {
        let connection = try makeTable()
        for value in 1...5 { try connection.execute("INSERT INTO v (i) VALUES (\(value))") }
        #expect(try connection.execute("UPDATE v SET r = 1 WHERE i > \(2)") == 3)
        #expect(try connection.execute("SELECT * FROM v") == 0)
        #expect(connection.lastInsertRowID == 5)
    }

    @Test("statement kind is read from the first keyword")
    func kinds() {
        #expect(StatementKind(sql: "  select 1") == .select)
        #expect(StatementKind(sql: "WITH x AS (SELECT 1) SELECT * FROM x") == .select)
        #expect(StatementKind(sql: "INSERT INTO t VALUES (1)") == .insert)
        #expect(StatementKind(sql: "update t set x = 1") == .update)
        #expect(StatementKind(sql: "DELETE FROM t") == .delete)
        #expect(StatementKind(sql: "BEGIN EXCLUSIVE") == .transaction)
        #expect(StatementKind(sql: "PRAGMA page_count") == .pragma)
        #expect(StatementKind(sql: "CREATE INDEX i ON t (x)") == .schema)
        #expect(StatementKind(sql: "ANALYZE") == .other)
    }
}
