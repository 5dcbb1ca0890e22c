import SQLiteDB
import Testing

@Suite struct IntegerListTests {
    private func makeTable(rows: Int) throws -> Connection {
        let connection = try Connection()
        try connection.execute(
            script: """
                CREATE TABLE ZPOST (Z_PK INTEGER PRIMARY KEY, ZAUTHOR INTEGER);
                WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < \(rows))
                INSERT INTO ZPOST SELECT v, v % 10 FROM s;
                """)
        return connection
    }

    @Test("a bound list selects exactly its keys", arguments: [1, 10, 1_000, 100_000])
    func selectsKeys(count: Int) throws {
        let connection = try makeTable(rows: 200_000)
        let keys = (0..<count).map { Int64($0 * 2 + 1) }
        let list = IntegerList(keys)
        let sql: SQL =
            "SELECT count(*), sum(Z_PK) FROM ZPOST WHERE Z_PK IN (SELECT * FROM _Z_intarray0(\(list)))"
        let result = try connection.fetchOne(sql) { [$0.int64(at: 0), $0.int64(at: 1)] }
        #expect(result == [Int64(count), keys.reduce(0, +)])
    }

    @Test("the list returns keys in order; an empty list returns none")
    func orderAndEmpty() throws {
        let connection = try Connection()
        let keys = try connection.fetchAll("SELECT * FROM _Z_intarray0(\(IntegerList([5, 3, 9])))")
        { $0.int64(at: 0) }
        #expect(keys == [5, 3, 9])
        let none = try connection.fetchAll("SELECT * FROM _Z_intarray0(\(IntegerList([])))") {
            $0.int64(at: 0)
        }
        #expect(none.isEmpty)
    }

    @Test("a value that is not a bound list reads as empty, not as a crash")
    func wrongArgument() throws {
        let connection = try Connection()
        let keys = try connection.fetchAll("SELECT * FROM _Z_intarray0(\(42))") { $0.int64(at: 0) }
        #expect(keys.isEmpty)
    }

    @Test("the cached statement is rebound with new lists and two lists work in one statement")
    func rebindAndTwoLists() throws {
        let connection = try makeTable(rows: 100)
        for keys: [Int64] in [[1, 2], [10, 20, 30]] {
            let found = try connection.fetchAll(
                "SELECT Z_PK FROM ZPOST WHERE Z_PK IN (SELECT * FROM _Z_intarray0(\(IntegerList(keys)))) ORDER BY Z_PK"
            ) { $0.int64(at: 0) }
            #expect(found == keys)
        }
        let both = try connection.fetchAll(
            """
            SELECT Z_PK FROM ZPOST WHERE Z_PK IN (SELECT * FROM _Z_intarray0(\(IntegerList([1, 2, 3]))))
            AND Z_PK IN (SELECT * FROM _Z_intarray0(\(IntegerList([2, 3, 4])))) ORDER BY Z_PK
            """
        ) { $0.int64(at: 0) }
        #expect(both == [2, 3])
    }

    @Test("joins through the list use the primary key, not a scan of the table")
    func planUsesPrimaryKey() throws {
        let connection = try makeTable(rows: 1000)
        let plan = try connection.explainQueryPlan(
            "SELECT t0.Z_PK FROM ZPOST t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(\(IntegerList([1]))))"
        )
        #expect(plan.fullScans.isEmpty)
        #expect(plan.rows.contains { $0.detail.contains("VIRTUAL TABLE") })
    }

    @Test("the log form summarizes long lists")
    func description() {
        #expect(IntegerList([1, 2, 3]).description == "<3 keys: 1, 2, 3>")
        #expect(
            IntegerList((1...12).map(Int64.init)).description
                == "<12 keys: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …>")
    }
}
