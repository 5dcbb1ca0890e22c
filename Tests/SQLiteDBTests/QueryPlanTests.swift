import SQLiteDB
import Testing

@Suite struct QueryPlanTests {
    private func makeConnection() throws -> Connection {
        let connection = try Connection()
        try connection.execute(
            script: """
                CREATE TABLE ZPOST (Z_PK INTEGER PRIMARY KEY, ZTITLE VARCHAR, ZAUTHOR INTEGER);
                CREATE INDEX ZPOST_ZAUTHOR_INDEX ON ZPOST (ZAUTHOR);
                """)
        return connection
    }

    @Test("an unindexed filter is flagged as a full scan, an indexed one is not")
    func fullScans() throws {
        let connection = try makeConnection()
        let scan = try connection.explainQueryPlan(
            "SELECT * FROM ZPOST t0 WHERE t0.ZTITLE = \("x")")
        #expect(scan.fullScans.map(\.detail) == ["SCAN t0"])
        let search = try connection.explainQueryPlan(
            "SELECT * FROM ZPOST t0 WHERE t0.ZAUTHOR = \(1)")
        #expect(search.fullScans.isEmpty)
        #expect(
            search.rows.first?.detail.hasPrefix("SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX") == true
        )
    }

    @Test("a sort no index serves is flagged as a temp B-tree")
    func tempBTrees() throws {
        let connection = try makeConnection()
        let plan = try connection.explainQueryPlan("SELECT * FROM ZPOST ORDER BY ZTITLE")
        #expect(plan.tempBTrees.map(\.detail) == ["USE TEMP B-TREE FOR ORDER BY"])
    }

    @Test("the plan renders as an indented tree")
    func treeDescription() throws {
        let connection = try makeConnection()
        let plan = try connection.explainQueryPlan(
            "SELECT * FROM ZPOST WHERE Z_PK IN (SELECT ZAUTHOR FROM ZPOST WHERE ZTITLE = \("a"))")
        let lines = plan.description.split(separator: "\n")
        #expect(lines.count == plan.rows.count)
        #expect(lines.contains { $0.hasPrefix("  ") })
    }

    @Test("explaining bad SQL throws with the offset")
    func badSQL() throws {
        let connection = try makeConnection()
        let error = try #require(throws: SQLiteError.self) {
            try connection.explainQueryPlan("SELECT * FROM NOSUCHTABLE")
        }
        #expect(error.message == "no such table: NOSUCHTABLE")
    }
}
