import CoreDataLog
import Testing

/// Every annotation of coredata-reference.md §5.1, in the wordings published logs show,
/// and the engine's own (`SQLDebugLogFormat`).
@Suite struct LogAnnotationTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: LogAnnotation
        var testDescription: String { text }
    }

    static let post = ObjectReference(entity: "Post", primaryKey: 480)

    static let examples: [Example] = [
        Example(
            text: "sql connection fetch time: 0.0005s",
            expected: .connectionFetchTime(seconds: 0.0005)),
        // raymccrae.scot's level-1 excerpt ends the time with a period.
        Example(
            text: "sql connection fetch time: 0.4789s.",
            expected: .connectionFetchTime(seconds: 0.4789)),
        Example(text: "sql execution time: 0.0002s", expected: .executionTime(seconds: 0.0002)),
        Example(
            text: "total fetch execution time: 0.0008s for 1 rows.",
            expected: .totalFetch(seconds: 0.0008, rows: 1)),
        Example(
            text: "total count request execution time: 0.0528s for count of 10456.",
            expected: .totalCount(seconds: 0.0528, count: 10456)),
        // Apress, Pro Core Data for iOS, WordList (level 3).
        Example(
            text:
                "count request <NSFetchRequest: 0x7fc6a292d850> (entity: Word; predicate: (wordCategory.firstLetter == \"s\"); sortDescriptors: ((null)); type: NSCountResultType;) returned 18988",
            expected: .countRequest(entity: "Word", count: 18988)),
        Example(text: "Bound intarray _Z_intarray0", expected: .boundIntarray),
        Example(text: "Bound intarray values.", expected: .boundIntarray),
        Example(
            text: "Prefetching with key 'attachments'.  Got 1581 rows.",
            expected: .prefetch(keyPath: "attachments", rows: 1581)),
        Example(
            text:
                "to-many relationship fault \"tags\" for objectID 0xa7ab2d44ebb9106e <x-coredata://0783522F-1851-4BC7-AE0D-AB4C83489E8B/Item/p1> fulfilled from database.  Got 0 rows",
            expected: .toManyFault(
                relationship: "tags", owner: ObjectReference(entity: "Item", primaryKey: 1), rows: 0
            )),
        Example(
            text:
                "to-many relationship fault \"tags\" for objectID <x-coredata://F99D9F0A/Post/p480> fulfilled from database.  Got 4 rows",
            expected: .toManyFault(relationship: "tags", owner: post, rows: 4)),
        Example(
            text:
                "fault fulfilled from database for : 0xd000000000100002 <x-coredata://DE6497F9-8B94-420D-81B7-E25B992E28C2/Country/p4>",
            expected: .objectFault(object: ObjectReference(entity: "Country", primaryKey: 4))),
        Example(
            text:
                "fault fulfilled from database for : <x-coredata://F99D/Tag/p169> with row values: {ZNAME = 'tag169'}",
            expected: .objectFault(object: ObjectReference(entity: "Tag", primaryKey: 169))),
        Example(
            text:
                "fetch using NSSQLiteStatement <0x60800008bf40> on entity 'Person' with sql text 'SELECT 0, t0.Z_PK FROM ZPERSON t0 WHERE t0.ZAGE > ? ' returned 688187 rows",
            expected: .fetchSummary(
                entity: "Person", sql: "SELECT 0, t0.Z_PK FROM ZPERSON t0 WHERE t0.ZAGE > ?",
                rows: 688187)),
        Example(
            text:
                "fetch using NSSQLiteStatement <0x1> on entity 'Meta' with sql text 'SELECT Z_PK FROM ZMETA t0 WHERE t0.ZNAME = 'a'' returned 2 rows with values: (",
            expected: .fetchSummary(
                entity: "Meta", sql: "SELECT Z_PK FROM ZMETA t0 WHERE t0.ZNAME = 'a'", rows: 2)),
        Example(
            text: "batch fault fulfilled from database: batch 2 of 50.  Got 20 rows.",
            expected: .batchFault(batch: 2, of: 50, rows: 20)),
        Example(
            text: "batch insert of ZTAG: 200 rows in 0.0182s.",
            expected: .batchRequest(kind: "insert", table: "ZTAG", rows: 200, seconds: 0.0182)),
        Example(
            text: "save: writing 3 inserted, 1 updated, 0 deleted objects",
            expected: .save("writing 3 inserted, 1 updated, 0 deleted objects")),
        Example(
            text:
                "Connecting to sqlite database file at \"/Users/user/Library/Application Support/default.store\"",
            expected: .connecting(path: "/Users/user/Library/Application Support/default.store")),
        Example(text: "Disconnecting from sqlite database.", expected: .disconnecting),
        // Data-swift/RealmVsSwiftData, core-data-results-14Pro/14Pro-core-data-01.txt.
        Example(
            text: "PostSaveMaintenance: wal_checkpoint(TRUNCATE) ",
            expected: .postSaveMaintenance("wal_checkpoint(TRUNCATE) ")),
        Example(
            text: "(migration)\t will attempt automatic schema migration",
            expected: .migration("will attempt automatic schema migration")),
        Example(
            text: "Core Data multi-threading assertions enabled.",
            expected: .other("Core Data multi-threading assertions enabled.")),
        // A time that is not a number is not a time.
        Example(
            text: "sql connection fetch time: soon",
            expected: .other("sql connection fetch time: soon")),
    ]

    @Test("parses each annotation", arguments: examples)
    func parses(_ example: Example) {
        #expect(LogAnnotation(example.text) == example.expected)
    }

    @Test("an object ID cut before its entity names no entity")
    func cutObjectID() {
        #expect(
            ObjectReference(in: "fault fulfilled from database for : 0xd0 <x-coredata://...") == nil
        )
        #expect(
            ObjectReference(in: "<x-coredata:///Item/t5C2>")
                == ObjectReference(entity: "Item", primaryKey: nil))
    }
}

@Suite struct LogDetailTests {
    @Test("bound values as Core Data and the engine print them")
    func binds() {
        #expect(LogDetail("SQLite bind[0] = 18") == .bind(index: 0, value: "18"))
        #expect(LogDetail("SQLite bind[1] = \"Maui\"") == .bind(index: 1, value: "\"Maui\""))
        #expect(LogDetail("SQLite bind[2] = (int64)42") == .bind(index: 2, value: "(int64)42"))
        #expect(
            LogDetail("SQLite bind[3] = (timestamp)732042345.000000")
                == .bind(index: 3, value: "(timestamp)732042345.000000"))
        #expect(LogDetail("SQLite bind[4] = nil") == .bind(index: 4, value: "nil"))
    }

    @Test("Core Data's level-4 plan header, old and new forms; the engine's plan nodes")
    func plans() {
        // wireapp/wire-ios-data-model pull request 668 (SQLDebug 4).
        #expect(
            LogDetail("SQLite: EXPLAIN QUERY PLAN SELECT t0.Z_ENT, t0.Z_PK FROM ZMESSAGE t0")
                == .planHeader(sql: "SELECT t0.Z_ENT, t0.Z_PK FROM ZMESSAGE t0"))
        #expect(
            LogDetail("SQLite: SELECT 0 FROM ZITEM t0")
                == .planHeader(sql: "SELECT 0 FROM ZITEM t0"))
        #expect(
            LogDetail("query plan:   SEARCH t1 USING INDEX X (Z=?)")
                == .planNode(depth: 1, detail: "SEARCH t1 USING INDEX X (Z=?)"))
        #expect(LogDetail("something new") == .other("something new"))
    }
}
