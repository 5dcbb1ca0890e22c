import BenchKit
import Foundation
import Testing

/// Each finding kind on a log that must raise it and a near miss that must not.
@Suite struct LogFindingsTests {
    private func kinds(_ text: String, names: StoreNames? = nil) -> [FindingKind] {
        LogFixture.findings(text, names: names).map(\.kind)
    }

    // MARK: - N+1 and per-row fetches

    @Test("a to-many fault per owner is an N+1 with a prefetch fix in Core Data and SwiftData")
    func toManyNPlusOne() throws {
        let findings = LogFixture.findings(LogFixture.tagFaults(12))
        let finding = try #require(findings.first)
        #expect(findings.map(\.kind) == [.nPlusOne])
        #expect(finding.subject.entity == "Post" && finding.subject.keyPath == "tags")
        #expect(finding.fix.coreData.contains("relationshipKeyPathsForPrefetching = [\"tags\"]"))
        #expect(finding.fix.swiftData.contains("[\\Post.tags]"))
        #expect(finding.evidence.statementCount == 12)
        #expect(finding.location.lines.first == 4)
        #expect(finding.confidence == .log)
        #expect(abs((finding.evidence.seconds ?? 0) - 0.012) < 1e-9)
    }

    @Test("near misses: nine faults, and a prefetch through _Z_intarray")
    func toManyNearMisses() {
        #expect(kinds(LogFixture.tagFaults(9)).isEmpty)
        let prefetch = """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZPOST t0
            CoreData: annotation: Bound intarray _Z_intarray0
            CoreData: annotation: Bound intarray values.
            CoreData: sql: SELECT 0, t0.Z_PK, t1.Z_2POSTS FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS IN (SELECT * FROM _Z_intarray0) ORDER BY t1.Z_2POSTS
            CoreData: annotation: Prefetching with key 'tags'.  Got 198 rows.
            CoreData: annotation: total fetch execution time: 0.0100s for 1000 rows.
            """
        #expect(kinds(String(repeating: prefetch + "\n", count: 12)).isEmpty)
    }

    @Test("object faults after to-many faults name the key path that reaches them")
    func objectFaults() throws {
        let findings = LogFixture.findings(LogFixture.tagFaults(12, tags: true))
        let tags = try #require(
            findings.first { $0.evidence.fingerprints[0].contains("FROM ZTAG t0 WHERE") })
        #expect(tags.kind == .nPlusOne)
        #expect(tags.title.hasPrefix("Tag objects were faulted in one at a time"))
        #expect(
            tags.fix.coreData.contains("[\"tags\"]")
                && tags.fix.coreData.contains("NSFetchRequest<Post>"))
    }

    @Test("a fetch by Z_PK per object is a per-row fetch; batch faults are not")
    func perRowFetch() {
        let perRow = LogFixture.repeated(
            12, "SELECT 0, t0.Z_PK, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ? LIMIT 1")
        #expect(kinds(perRow) == [.perRowFetch])
        var batches: [String] = [
            "CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK FROM ZUSER t0 ORDER BY t0.ZNAME",
            "CoreData: annotation: total fetch execution time: 0.0020s for 240 rows.",
        ]
        for _ in 0..<12 {
            batches += [
                "CoreData: annotation: Bound intarray _Z_intarray0",
                "CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.ZNAME FROM ZUSER t0 WHERE  t0.Z_PK IN (SELECT * FROM _Z_intarray0)   LIMIT 20",
                "CoreData: annotation: total fetch execution time: 0.0010s for 20 rows.",
            ]
        }
        #expect(kinds(batches.joined(separator: "\n")).isEmpty)
    }

    @Test("the same lookup with changing values is an N+1; with one value it is not")
    func repeatedLookup() throws {
        let sql = "SELECT 0, t0.Z_PK, t0.ZEMAIL FROM ZUSER t0 WHERE t0.ZEMAIL = ?"
        let finding = try #require(
            LogFixture.findings(LogFixture.repeated(12, sql) { "\"u\($0)\"" }).first)
        #expect(finding.kind == .nPlusOne)
        #expect(finding.fix.coreData.contains("\"%K IN %@\", \"email\""))
        #expect(kinds(LogFixture.repeated(12, sql) { _ in "\"same\"" }).isEmpty)
    }

    // MARK: - Plans

    @Test("a full scan for a predicate; not for a whole-table fetch nor an index search")
    func fullScan() throws {
        let sql = "SELECT 0, t0.Z_PK, t0.ZAGE FROM ZPERSON t0 WHERE t0.ZAGE > ?"
        let finding = try #require(
            LogFixture.findings(LogFixture.planned(sql, plan: ["SCAN t0"])).first)
        #expect(finding.kind == .fullScan)
        #expect(finding.subject.keyPath == "age")
        #expect(finding.fix.swiftData.contains("#Index<Person>([\\.age])"))
        #expect(finding.evidence.plans.first?.source == "log")
        #expect(
            kinds(LogFixture.planned("SELECT 0, t0.Z_PK FROM ZPERSON t0", plan: ["SCAN t0"]))
                .isEmpty)
        #expect(
            kinds(
                LogFixture.planned(sql, plan: ["SEARCH t0 USING INDEX ZPERSON_ZAGE_INDEX (ZAGE>?)"])
            ).isEmpty)
    }

    @Test("a temporary B-tree for ORDER BY; not when an index gives the order")
    func tempSort() {
        let sql = "SELECT 0, t0.Z_PK FROM ZITEM t0 ORDER BY t0.ZTIMESTAMP DESC LIMIT 20"
        #expect(
            kinds(LogFixture.planned(sql, plan: ["SCAN t0", "USE TEMP B-TREE FOR ORDER BY"])) == [
                .tempSort
            ])
        #expect(
            kinds(LogFixture.planned(sql, plan: ["SCAN t0 USING INDEX ZITEM_ZTIMESTAMP_INDEX"]))
                .isEmpty)
    }

    /// wireapp/wire-ios-data-model pull request 1052: fetching a message by nonce used
    /// ZMESSAGE_Z_ENT_INDEX.
    @Test("the hierarchy's Z_ENT index over a selective predicate; not the selective index")
    func wrongIndex() {
        let sql =
            "SELECT t0.Z_ENT, t0.Z_PK FROM ZMESSAGE t0 WHERE ( t0.Z_ENT = ? AND  t0.ZNONCE_DATA = ?) LIMIT 1"
        #expect(
            kinds(
                LogFixture.planned(
                    sql,
                    plan: ["SEARCH TABLE ZMESSAGE AS t0 USING INDEX ZMESSAGE_Z_ENT_INDEX (Z_ENT=?)"]
                ))
                == [.wrongIndex])
        #expect(
            kinds(
                LogFixture.planned(
                    sql,
                    plan: [
                        "SEARCH TABLE ZMESSAGE AS t0 USING INDEX ZMESSAGE_ZNONCE_DATA_INDEX (ZNONCE_DATA=?)"
                    ])
            )
            .isEmpty)
    }

    @Test("!= nil on an indexed column read by a full scan; not when the column is not indexed")
    func nullTest() {
        let index = "CoreData: sql: CREATE INDEX ZPOST_ZARCHIVEDAT_INDEX ON ZPOST (ZARCHIVEDAT)\n"
        let sql = "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE  t0.ZARCHIVEDAT IS NOT NULL"
        let fetch = LogFixture.planned(sql, plan: ["SCAN t0"])
        #expect(kinds(index + fetch) == [.nullTestOnIndex])
        #expect(kinds(fetch).isEmpty)
        #expect(
            kinds(
                index
                    + LogFixture.planned(
                        sql, plan: ["SEARCH t0 USING INDEX ZPOST_ZARCHIVEDAT_INDEX (ZARCHIVEDAT>?)"]
                    )
            ).isEmpty)
    }

    // MARK: - Shapes

    /// fatbobman's `attachments.@count > 0` (coredata-reference.md §2.7).
    @Test("a correlated @count subquery; not the prefetch's IN (SELECT * FROM _Z_intarray0)")
    func correlated() throws {
        let sql =
            "SELECT 0, t0.Z_PK FROM ZITEM t0 WHERE (SELECT COUNT(t1.Z_PK) FROM ZATTACHMENT t1 WHERE (t0.Z_PK = t1.ZITEM) ) > ?"
        let finding = try #require(LogFixture.findings(LogFixture.repeated(1, sql)).first)
        #expect(finding.kind == .correlatedSubquery)
        #expect(finding.fix.summary.contains("Attachment.item"))
        let prefetch =
            "SELECT 0, t0.Z_PK FROM ZATTACHMENT t0 WHERE  t0.ZITEM IN (SELECT * FROM _Z_intarray0)  ORDER BY t0.ZITEM"
        #expect(kinds(LogFixture.repeated(1, prefetch)).isEmpty)
    }

    @Test("many columns for many rows is a wide fetch; for a few rows once it is not")
    func wideFetch() {
        let columns = (1...20).map { "t0.ZC\($0)" }.joined(separator: ", ")
        let sql = "SELECT 0, t0.Z_PK, \(columns) FROM ZMESSAGE t0"
        #expect(kinds(LogFixture.repeated(1, sql, rows: 5_000)) == [.wideFetch])
        #expect(kinds(LogFixture.repeated(1, sql, rows: 5)).isEmpty)
    }

    /// Apress WordList (coredata-reference.md §2.7).
    @Test("COUNT(DISTINCT) through a JOIN; not a plain count")
    func countViaJoin() throws {
        let log = """
            CoreData: sql: SELECT COUNT(DISTINCT t0.Z_PK) FROM ZWORD t0 JOIN ZWORDCATEGORY t1 ON t0.ZWORDCATEGORY = t1.Z_PK WHERE  t1.ZFIRSTLETTER = ?
            CoreData: annotation: total count request execution time: 0.0528s for count of 10456.
            """
        let finding = try #require(LogFixture.findings(log).first)
        #expect(finding.kind == .countViaJoin)
        #expect(finding.fix.coreData.contains("\"wordcategory IN %@\""))
        #expect(
            kinds(
                "CoreData: sql: SELECT COUNT(*) FROM ZITEM\nCoreData: annotation: total count request execution time: 0.0002s for count of 190."
            ).isEmpty)
    }

    @Test("the whole table fetched right after a save; not a filtered fetch")
    func refetch() {
        let save = """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: INSERT INTO ZITEM(Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES(?, ?, ?, ?)
            CoreData: sql: COMMIT
            """
        let whole =
            "CoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZITEM t0\nCoreData: annotation: total fetch execution time: 0.0300s for 5000 rows."
        let filtered = "CoreData: sql: SELECT 0, t0.Z_PK FROM ZITEM t0 WHERE t0.Z_PK = ?"
        #expect(kinds(save + "\n" + whole) == [.refetchAfterSave])
        #expect(kinds(save + "\n" + filtered).isEmpty)
    }

    /// github.com/azamsharp (the "Embracing Core Data in SwiftUI" article in its blog
    /// repository), shortened: a save, then the whole table fetched again. The table's
    /// entity is only guessed (`Budgetcategory`), and the finding says so, as every
    /// finding built on a guessed name does.
    @Test("a refetch after save on a guessed entity name carries the guess note")
    func refetchGuessNote() throws {
        let log = """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: INSERT INTO ZBUDGETCATEGORY(Z_PK, Z_ENT, Z_OPT, ZAMOUNT, ZTITLE) VALUES(?, ?, ?, ?, ?)
            CoreData: sql: COMMIT
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAMOUNT, t0.ZTITLE FROM ZBUDGETCATEGORY t0 
            """
        let guessed = try #require(LogFixture.findings(log).first)
        #expect(guessed.kind == .refetchAfterSave)
        #expect(guessed.subject.entity == "Budgetcategory")
        #expect(guessed.evidence.notes.count == 1)
        #expect(
            guessed.evidence.notes.contains {
                $0.contains("ZBUDGETCATEGORY") && $0.contains("pass --model")
            })
        let names = StoreNames(
            tables: [
                "ZBUDGETCATEGORY": StoreNames.Table(entities: ["BudgetCategory"], properties: [:])
            ])
        let named = try #require(LogFixture.findings(log, names: names).first)
        #expect(named.subject.entity == "BudgetCategory")
        #expect(named.evidence.notes.isEmpty)
    }

    @Test("ten times the median time per row is slow; uniform times are not")
    func slowStatement() {
        func fetch(_ table: String, seconds: String) -> String {
            "CoreData: sql: SELECT 0, t0.Z_PK FROM \(table) t0\nCoreData: annotation: sql connection fetch time: \(seconds)s\nCoreData: annotation: total fetch execution time: \(seconds)s for 10 rows."
        }
        let uniform = ["ZA", "ZB", "ZC", "ZD", "ZE"].map { fetch($0, seconds: "0.0010") }
        #expect(kinds(uniform.joined(separator: "\n")).isEmpty)
        #expect(
            kinds((uniform + [fetch("ZSLOW", seconds: "0.2000")]).joined(separator: "\n")) == [
                .slowStatement
            ])
    }

    // MARK: - Names, ranking, document

    @Test("with the model's names, fixes use its spelling")
    func modelNames() throws {
        let names = StoreNames(
            tables: [
                "ZPERSON": StoreNames.Table(
                    entities: ["Person"], properties: ["ZBIRTHYEAR": "birthYear"])
            ])
        let sql = "SELECT 0, t0.Z_PK FROM ZPERSON t0 WHERE t0.ZBIRTHYEAR > ?"
        let finding = try #require(
            LogFixture.findings(LogFixture.planned(sql, plan: ["SCAN t0"]), names: names).first)
        #expect(finding.subject.keyPath == "birthYear")
        #expect(finding.evidence.notes.isEmpty)
        let guessed = try #require(
            LogFixture.findings(LogFixture.planned(sql, plan: ["SCAN t0"])).first)
        #expect(guessed.subject.keyPath == "birthyear")
        #expect(guessed.evidence.notes.contains { $0.contains("pass --model") })
    }

    @Test("findings are ranked by time, not by count")
    func ranking() {
        let scan = LogFixture.planned(
            "SELECT 0, t0.Z_PK FROM ZPERSON t0 WHERE t0.ZAGE > ?", plan: ["SCAN t0"], seconds: 0.5)
        let findings = LogFixture.findings(LogFixture.tagFaults(40) + "\n" + scan)
        #expect(findings.map(\.kind) == [.fullScan, .nPlusOne])
        #expect(findings[0].severity == .high)
    }

    @Test("the findings document round-trips through JSON with its schema version")
    func document() throws {
        let document = FindingsDocument(
            generator: "bench explain-log", findings: LogFixture.findings(LogFixture.tagFaults(12)))
        let decoded = try JSONDecoder().decode(FindingsDocument.self, from: try document.encoded())
        #expect(decoded == document)
        let text = String(decoding: try document.encoded(), as: UTF8.self)
        #expect(text.contains("\"schemaVersion\" : 1"))
        #expect(text.contains("\"kind\" : \"n-plus-one\""))
    }
}
