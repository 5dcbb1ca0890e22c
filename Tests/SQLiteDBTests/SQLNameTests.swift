import SQLiteDB
import Testing

@Suite struct SQLNameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let sql: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ZPOST", sql: "ZPOST"),
        Case(name: "Z_1TAGS", sql: "Z_1TAGS"),
        Case(name: "_Z_intarray0", sql: "_Z_intarray0"),
        Case(name: "t0", sql: "t0"),
        Case(name: "order", sql: "\"order\""),
        Case(name: "SELECT", sql: "\"SELECT\""),
        Case(name: "Blog Post", sql: "\"Blog Post\""),
        Case(name: "na\"me", sql: "\"na\"\"me\""),
        Case(name: "1st", sql: "\"1st\""),
        Case(name: "café", sql: "\"café\""),
        Case(name: "", sql: "\"\""),
    ]

    @Test("plain names are written as is; keywords and anything else are quoted", arguments: cases)
    func rendering(_ test: Case) {
        let name = SQLName(test.name)
        #expect(name.sql == test.sql)
        let sql: SQL = "SELECT count(*) FROM \(name)"
        #expect(sql.text == "SELECT count(*) FROM \(test.sql)")
        #expect(sql.arguments.isEmpty)
    }

    @Test("a quoted name reads back as the same name in SQLite")
    func roundTrip() throws {
        let connection = try Connection(location: .memory)
        let table = SQLName("na\"me order")
        try connection.execute("CREATE TABLE \(table) (\(SQLName("select")) INTEGER)")
        try connection.execute("INSERT INTO \(table) VALUES (\(7))")
        let value = try connection.fetchOne("SELECT \(SQLName("select")) FROM \(table)") {
            $0.int64(at: 0)
        }
        #expect(value == 7)
    }

    @Test("a text literal doubles its single quotes and binds nothing")
    func literal() {
        let sql: SQL = "SELECT RAISE(FAIL, \(literal: "it's denied"))"
        #expect(sql.text == "SELECT RAISE(FAIL, 'it''s denied')")
        #expect(sql.arguments.isEmpty)
    }
}
