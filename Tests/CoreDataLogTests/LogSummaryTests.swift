import CoreDataLog
import Foundation
import Testing

@Suite struct LogSummaryTests {
    private func summarize(_ text: String) throws -> LogSummary {
        var reader = LogLineReader(data: Data(text.utf8))
        return try LogReading.summarize(&reader)
    }

    @Test("statement groups: counts, times, rows from their operations, distinct values")
    func statementGroups() throws {
        var lines: [String] = []
        for key in 1...12 {
            lines += [
                "CoreData: sql: SELECT 0, t0.Z_PK FROM ZTAG t0 WHERE t0.ZPOST = ?",
                "CoreData: details: SQLite bind[0] = \(key % 4)",
                "CoreData: annotation: sql connection fetch time: 0.0010s",
                "CoreData: annotation: total fetch execution time: 0.0012s for 3 rows.",
            ]
        }
        let summary = try summarize(lines.joined(separator: "\n"))
        #expect(summary.statements.count == 1)
        let group = summary.statements[0]
        #expect(group.count == 12 && group.timedCount == 12)
        #expect(abs(group.seconds - 0.012) < 1e-9)
        #expect(group.rows == 36 && group.rowCountedCount == 12)
        #expect(group.distinctBindings == 4 && group.sampleBindings.count == 4)
        #expect(group.lines.prefix(3) == [1, 5, 9])
        #expect(group.mainOperationKind == .fetch)
        #expect(abs(summary.loggedSeconds - 0.0144) < 1e-9)
    }

    @Test("a whole table fetched right after a save wrote it is a refetch")
    func refetch() throws {
        let summary = try summarize(
            """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: INSERT INTO ZITEM(Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES(?, ?, ?, ?)
            CoreData: sql: COMMIT
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZITEM t0 ORDER BY t0.ZTITLE
            CoreData: annotation: total fetch execution time: 0.0300s for 5000 rows.
            """)
        #expect(summary.refetchesAfterSave.count == 1)
        #expect(summary.refetchesAfterSave.first?.rows == 5000)
        #expect(summary.refetchesAfterSave.first?.saveLine == 1)
        #expect(summary.refetchesAfterSave.first?.fetchLine == 4)
    }

    @Test("near misses: a filtered fetch, another table's fetch, a fetch long after the save")
    func refetchNearMisses() throws {
        var text = """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: INSERT INTO ZITEM(Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES(?, ?, ?, ?)
            CoreData: sql: COMMIT
            CoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZITEM t0 WHERE t0.Z_PK = ?
            CoreData: sql: SELECT 0, t0.Z_PK, t0.ZNAME FROM ZTAG t0
            """
        for _ in 0..<3 { text += "\nCoreData: sql: SELECT COUNT(*) FROM ZTAG" }
        text += "\nCoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZITEM t0"
        #expect(try summarize(text).refetchesAfterSave.isEmpty)
    }

    @Test("opening a store with schema creation is store opening, not a save")
    func schemaCreation() throws {
        let summary = try summarize(
            """
            ObjectGraph: sql: SELECT count(*) FROM sqlite_schema
            ObjectGraph: sql: BEGIN EXCLUSIVE
            ObjectGraph: sql: CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
            ObjectGraph: sql: CREATE INDEX ZTAG_ZNAME_INDEX ON ZTAG (ZNAME);
            ObjectGraph: sql: COMMIT
            """)
        #expect(summary.operationCounts == [.storeOpen: 2])
    }

    @Test("a log with no Core Data lines says so")
    func noCoreData() throws {
        let summary = try summarize("hello\nworld\n")
        #expect(!summary.hasCoreDataLines)
        #expect(summary.counts.output == 2)
    }
}
