import SQLiteDB
import Testing

@Suite struct SQLTests {
    @Test("an interpolated value becomes a placeholder and a bound argument")
    func valuesAreBound() {
        let name = "Robert'); DROP TABLE ZUSER;--"
        let sql: SQL = "SELECT Z_PK FROM ZUSER WHERE ZNAME = \(name) AND ZAGE > \(30)"
        #expect(sql.text == "SELECT Z_PK FROM ZUSER WHERE ZNAME = ? AND ZAGE > ?")
        #expect(sql.arguments == [.value(.text(name)), .value(.integer(30))])
    }

    @Test("identifiers are double-quoted with embedded quotes doubled")
    func identifiersAreQuoted() {
        let sql: SQL = "SELECT \(identifier: "odd\"name") FROM \(identifier: "ZUSER")"
        #expect(sql.text == "SELECT \"odd\"\"name\" FROM \"ZUSER\"")
        #expect(sql.arguments.isEmpty)
    }

    @Test("raw text is spliced only when marked, fragments keep their arguments")
    func rawAndFragments() {
        let condition: SQL = "ZAGE = \(42)"
        let sql: SQL = "SELECT \(raw: "t0.ZNAME") FROM ZUSER t0 WHERE \(condition) LIMIT \(10)"
        #expect(sql.text == "SELECT t0.ZNAME FROM ZUSER t0 WHERE ZAGE = ? LIMIT ?")
        #expect(sql.arguments == [.value(.integer(42)), .value(.integer(10))])
    }

    @Test("optionals bind NULL, booleans bind 0 or 1")
    func optionalsAndBooleans() {
        let missing: String? = nil
        let sql: SQL = "VALUES (\(missing as String?), \(true), \(false), \(2.5))"
        #expect(
            sql.arguments == [
                .value(.null), .value(.integer(1)), .value(.integer(0)), .value(.real(2.5)),
            ])
    }

    @Test("joined fragments keep arguments in order")
    func joined() {
        let parts: [SQL] = ["a = \(1)", "b = \(2)", "c = \(3)"]
        let sql = parts.joined(separator: " AND ")
        #expect(sql.text == "a = ? AND b = ? AND c = ?")
        #expect(sql.arguments == [1, 2, 3])
    }

    @Test("expanded text writes literals as SQLite's quote() does, for logs")
    func expandedText() {
        let sql: SQL =
            "SELECT '?' , \(1), \("it's"), \(nil as Int?), \(SQLiteValue.blob(.init([0xAB, 0x01])))"
        #expect(sql.expandedText == "SELECT '?' , 1, 'it''s', NULL, X'AB01'")
    }
}
