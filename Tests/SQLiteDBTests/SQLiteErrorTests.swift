import SQLiteDB
import Testing

@Suite struct SQLiteErrorTests {
    @Test("bad SQL reports SQLite's message, the SQL and the error offset")
    func syntaxErrorOffset() throws {
        let connection = try Connection()
        let sql = "SELECT * FROM sqlite_schema WHERE name = 'x' ORDER BYY name"
        let error = try #require(throws: SQLiteError.self) { try connection.prepare(sql) }
        #expect(error.code == .SQLITE_ERROR)
        #expect(error.message.contains("near \"BYY\""))
        #expect(error.sql == sql)
        #expect(error.offset == 51)
        #expect(
            error.description
                == "SQLite error 1 (SQLITE_ERROR): near \"BYY\": syntax error while executing \""
                + sql + "\" at offset 51")
    }

    @Test("a constraint violation is caught by family and by extended code")
    func constraintFamily() throws {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE u (email TEXT UNIQUE NOT NULL)")
        try connection.execute("INSERT INTO u VALUES (\("a@example.com"))")
        var caughtByFamily = false
        do {
            try connection.execute("INSERT INTO u VALUES (\("a@example.com"))")
        } catch SQLiteError.SQLITE_CONSTRAINT {
            caughtByFamily = true
        }
        #expect(caughtByFamily)

        var caughtExactly = false
        do {
            try connection.execute("INSERT INTO u VALUES (\(nil as String?))")
        } catch SQLiteError.SQLITE_CONSTRAINT_UNIQUE {
            Issue.record("a NOT NULL failure must not match the UNIQUE code")
        } catch SQLiteError.SQLITE_CONSTRAINT_NOTNULL {
            caughtExactly = true
        }
        #expect(caughtExactly)
    }

    @Test("the description names the extended code, message and statement")
    func descriptionFormat() throws {
        let connection = try Connection()
        try connection.execute(script: "CREATE TABLE ZUSER (ZEMAIL TEXT UNIQUE)")
        try connection.execute("INSERT INTO ZUSER VALUES (\("x"))")
        let error = try #require(throws: SQLiteError.self) {
            try connection.execute("INSERT INTO ZUSER VALUES (\("x"))")
        }
        #expect(
            error.description
                == "SQLite error 2067 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE constraint failed: "
                + "ZUSER.ZEMAIL while executing \"INSERT INTO ZUSER VALUES (?)\"")
        #expect(error.arguments == ["x"])
    }

    @Test("result codes know their names and families")
    func resultCodes() {
        #expect(ResultCode.SQLITE_BUSY_TIMEOUT.name == "SQLITE_BUSY_TIMEOUT")
        #expect(ResultCode.SQLITE_BUSY_TIMEOUT.primary == .SQLITE_BUSY)
        #expect(ResultCode.SQLITE_BUSY.matches(.SQLITE_BUSY_TIMEOUT))
        #expect(!ResultCode.SQLITE_BUSY_TIMEOUT.matches(.SQLITE_BUSY))
        #expect(ResultCode(rawValue: 9999).name == "SQLITE_UNKNOWN_9999")
    }
}
