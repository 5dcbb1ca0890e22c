import Testing

@testable import BenchKit

/// Normalizing SQL into fingerprints: literals, parameters and IN-lists collapse;
/// names and quoted identifiers stay.
@Suite struct SQLFingerprintTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let sql: String
        let fingerprint: String
        var testDescription: String { sql }
    }

    @Test(
        "normalizes",
        arguments: [
            Case(
                sql: "SELECT * FROM ZPOST t0 WHERE t0.Z_PK IN (1, 2,3)",
                fingerprint: "SELECT * FROM ZPOST t0 WHERE t0.Z_PK IN (…)"),
            Case(
                sql: "SELECT * FROM ZPOST WHERE Z_PK IN (?,?, ?, ?) AND ZAUTHOR in ( ? )",
                fingerprint: "SELECT * FROM ZPOST WHERE Z_PK IN (…) AND ZAUTHOR in (…)"),
            Case(
                sql: "SELECT 0, t0.Z_PK FROM Z_1TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_2TAGS",
                fingerprint:
                    "SELECT ?, t0.Z_PK FROM Z_1TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_2TAGS"),
            Case(
                sql: "SELECT * FROM ZUSER WHERE ZNAME = 'O''Brien' AND ZAGE > 30.5 LIMIT 20",
                fingerprint: "SELECT * FROM ZUSER WHERE ZNAME = ? AND ZAGE > ? LIMIT ?"),
            Case(
                sql: "SELECT \"weird 'name' 7\" FROM t WHERE a = :a AND b = $b AND c = ?3",
                fingerprint: "SELECT \"weird 'name' 7\" FROM t WHERE a = ? AND b = ? AND c = ?"),
            Case(
                sql: "  SELECT *\n\tFROM   ZPOST\n WHERE Z_PK = ?  ",
                fingerprint: "SELECT * FROM ZPOST WHERE Z_PK = ?"),
            Case(
                sql: "SELECT * FROM ZPOST WHERE Z_PK IN (SELECT * FROM _Z_intarray0(?))",
                fingerprint: "SELECT * FROM ZPOST WHERE Z_PK IN (SELECT * FROM _Z_intarray0(?))"),
        ])
    func normalizes(_ example: Case) {
        #expect(SQLFingerprint.normalize(example.sql) == example.fingerprint)
    }

    @Test("statements that differ only in values share a fingerprint")
    func sameShape() {
        let first = SQLFingerprint.normalize("SELECT * FROM t WHERE id IN (1, 2, 3) AND x = 'a'")
        let second = SQLFingerprint.normalize("SELECT * FROM t WHERE id IN (4) AND x = 'bcd'")
        #expect(first == second)
    }

    @Test(
        "kinds follow the first keyword",
        arguments: [
            ("WITH x AS (SELECT 1) SELECT * FROM x", SQLStatementKind.select),
            ("insert into t values (1)", .insert), ("UPDATE t SET a = 1", .update),
            ("DELETE FROM t", .delete), ("BEGIN IMMEDIATE", .transaction),
            ("PRAGMA page_count", .pragma), ("CREATE INDEX i ON t(a)", .schema),
            ("ANALYZE", .other),
        ])
    func kinds(sql: String, kind: SQLStatementKind) {
        #expect(SQLStatementKind(sql: sql) == kind)
    }
}
