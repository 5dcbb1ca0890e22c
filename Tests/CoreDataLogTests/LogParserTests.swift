import CoreDataLog
import Foundation
import Testing

@Suite struct LogParserTests {
    @Test("a statement cut off at the end of a paste is kept, counted and marked truncated")
    func truncatedAtEnd() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZPOST t0 WHERE t0.ZAUTHOR =
            """)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].isTruncated)
        #expect(log.operations.count == 1)
    }

    @Test("a statement cut in the middle by the next Core Data line is truncated")
    func truncatedMidLog() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE, t0.ZBODY, t0.
            CoreData: sql: SELECT COUNT(*) FROM ZTAG
            CoreData: annotation: total count request execution time: 0.0002s for count of 190.
            """)
        #expect(log.statements.map(\.isTruncated) == [true, false])
        #expect(log.kinds == [.fetch, .count])
    }

    @Test("a complete statement is not truncated")
    func complete() {
        let log = Parsed(
            "CoreData: sql: SELECT 0, t0.Z_PK FROM ZTAG t0 WHERE t0.ZNAME IN (?, ?) LIMIT 20")
        #expect(!log.statements[0].isTruncated)
    }

    @Test("bare SQL pasted without any prefix is a statement; words alone are not")
    func bareSQL() {
        let log = Parsed(
            """
            SELECT 0, t0.Z_PK FROM ZUSER t0 WHERE t0.ZEMAIL = ?
            Update complete
            BEGIN EXCLUSIVE
            DELETE FROM ZUSER WHERE Z_PK = ? AND Z_OPT = ?
            COMMIT
            Select a row to continue
            """)
        #expect(log.statements.map(\.kind) == [.select, .transaction, .delete, .transaction])
        #expect(log.statements.allSatisfy { $0.origin == .unprefixed })
        #expect(log.parser.counts.bareStatements == 4)
        #expect(log.parser.counts.output == 2)
        #expect(log.kinds == [.fetch, .save])
    }

    @Test("a Core Data annotation this parser does not know is noted with its line number")
    func unparsed() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK FROM ZTAG t0
            CoreData: annotation: a wording from a future release
            CoreData: details: another one
            """)
        #expect(log.parser.counts.unparsed == 2)
        #expect(log.parser.unparsed.map(\.line) == [2, 3])
        #expect(log.statements.count == 1)
    }

    @Test("the engine's plan lines come before their statement and attach to it")
    func enginePlan() {
        let log = Parsed(
            """
            ObjectGraph: details: query plan: SEARCH t1 USING COVERING INDEX sqlite_autoindex_Z_2TAGS_1 (Z_2POSTS=?)
            ObjectGraph: details: query plan: SEARCH t0 USING INTEGER PRIMARY KEY (rowid=?)
            ObjectGraph: sql: SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = ?
            ObjectGraph: details: SQLite bind[0] = 480
            ObjectGraph: annotation: sql connection fetch time: 0.0000s
            """)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].plan.map(\.detail).count == 2)
        #expect(log.statements[0].plan.map(\.parent) == [0, 0])
        #expect(log.statements[0].bindings == ["480"])
    }

    @Test("a bound-value line with no statement open is a message, not a crash")
    func orphanBind() {
        let log = Parsed("CoreData: details: SQLite bind[0] = 5")
        #expect(log.events.count == 1)
        #expect(log.statements.isEmpty)
    }

    @Test("lines of a CRLF file parse as those of an LF file")
    func crlf() {
        let text =
            "CoreData: sql: SELECT 0, t0.Z_PK FROM ZTAG t0\nCoreData: annotation: total fetch execution time: 0.0001s for 3 rows."
        let unix = Parsed(text)
        let windows = Parsed(text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
        #expect(unix.statements == windows.statements)
        #expect(windows.operations.map(\.rows) == [3])
    }
}
