import Testing

@testable import CoreDataLog

/// Short excerpts of SQLDebug logs that people published (blogs, books, GitHub issues
/// and pull requests), each with its source: consoles vary more than our own output.
/// Whitespace and line breaks are as published.
@Suite struct RealLogTests {
    /// blog.raymccrae.scot, "Core Data SQLDebug Log Levels" (2017), level 2; also in
    /// coredata-reference.md §10.6 (1). The time ends in a period; the summary repeats
    /// the SQL with a trailing space.
    @Test("level 2 with a fetch summary: one statement, its bind, time and rows")
    func levelTwoSummary() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZFIRSTNAME, t0.ZLASTNAME, t0.ZPERSONID FROM ZPERSON t0 WHERE t0.ZAGE > ?
            CoreData: details: SQLite bind[0] = 18
            CoreData: annotation: sql connection fetch time: 0.4789s.
            CoreData: annotation: fetch using NSSQLiteStatement <0x60800008bf40> on entity 'Person' with sql text 'SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZFIRSTNAME, t0.ZLASTNAME, t0.ZPERSONID FROM ZPERSON t0 WHERE t0.ZAGE > ? ' returned 688187 rows
            """)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].bindings == ["18"])
        #expect(log.statements[0].seconds == 0.4789)
        #expect(log.statements[0].rows == 688187)
        #expect(log.operations.count == 1)
        #expect(log.operations[0].kind == .fetch)
        #expect(log.operations[0].entity == "Person")
        #expect(log.parser.evidence.level == 2)
    }

    /// artandlogic.com, "Optimizing Core Data searches and sorts" (2013); §10.6 (2):
    /// the ORDER BY wrapped onto an indented line.
    @Test("an ID-only fetch whose ORDER BY wrapped onto its own line")
    func wrappedOrderBy() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK FROM ZASCREENEE t0 WHERE  t0.ZPROFILE = ?
               ORDER BY t0.ZFIRSTNAME, t0.ZLASTNAME, t0.ZCREATED
            CoreData: annotation: sql connection fetch time: 0.0061s
            CoreData: annotation: total fetch execution time: 0.0065s for 15002 rows.
            """)
        #expect(log.statements.count == 1)
        #expect(
            log.statements[0].sql.hasSuffix("ORDER BY t0.ZFIRSTNAME, t0.ZLASTNAME, t0.ZCREATED"))
        #expect(log.statements[0].lastLine == 3)
        #expect(log.operations.map(\.rows) == [15002])
        #expect(log.operations[0].statements[0].role == .identities)
        #expect(log.parser.counts.continuations == 1)
    }

    /// useyourloaf.com, "SwiftData Fetching Pending Changes" (2024); §10.6 (3): SwiftData
    /// writes the same log; the statement wraps over four lines.
    @Test("a SwiftData fetch wrapped over four lines, with a collation")
    func swiftDataWrapped() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAREA, t0.ZCAPITAL,
             t0.ZCONTINENT, t0.ZCURRENCY, t0.ZNAME, t0.ZPOPULATION, t0.ZVISITED,
             FROM ZCOUNTRY t0 WHERE  t0.ZVISITED = ? ORDER BY t0.ZNAME COLLATE
             NSCollateFinderlike 
            CoreData: annotation: sql connection fetch time: 0.0004s
            CoreData: annotation: total fetch execution time: 0.0005s for 5 rows.
            """)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].sql.hasSuffix("ORDER BY t0.ZNAME COLLATE NSCollateFinderlike"))
        #expect(!log.statements[0].isTruncated)
        #expect(log.operations.map(\.kind) == [.fetch])
    }

    /// The objc.io book *Core Data*, profiling chapter, via a public notes repository;
    /// §10.6 (4): no `CoreData:` prefix, the statement and the object ID wrapped.
    @Test("an object fault printed without prefixes, its object ID on the next line")
    func objectFaultBook() {
        let log = Parsed(
            """
            sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZMARKEDFORDELETIONDATE, t0.ZNUMBEROFMOODS, t0.ZNUMERICISO3166CODE, t0.ZUNIQUENESSDUMMY, t0.ZUPDATEDAT, t0.ZNUMBEROFCOUNTRIES, t0.ZCONTINENT
            FROM ZGEOGRAPHICREGION t0
            WHERE t0.Z_PK = ?
            annotation: sql connection fetch time: 0.0005s
            annotation: total fetch execution time: 0.0008s for 1 rows. 
            annotation: fault fulfilled from database for : 0xd000000000100002
            <x-coredata://DE6497F9-8B94-420D-81B7-E25B992E28C2/Country/p4>
            """)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].sql.hasSuffix("FROM ZGEOGRAPHICREGION t0 WHERE t0.Z_PK = ?"))
        #expect(log.operations.count == 1)
        #expect(log.operations[0].kind == .objectFault)
        #expect(log.operations[0].object == ObjectReference(entity: "Country", primaryKey: 4))
        #expect(log.operations[0].entity == "Country")
        #expect(log.parser.counts.output == 0)
    }

    /// fatbobman, Core Data count article (Chinese source in the code corpus); §10.6 (5):
    /// a to-many prefetch, lines indented by one space.
    @Test("a fetch with a to-many prefetch through _Z_intarray is one operation")
    func prefetch() {
        let log = Parsed(
            """
             CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZATTACHMENTCOUNT, t0.ZBIRTHOFYEAR, t0.ZTIMESTAMP FROM ZITEM t0
             CoreData: annotation: sql connection fetch time: 0.0003s
             CoreData: annotation: Bound intarray _Z_intarray0
             CoreData: annotation: Bound intarray values.
             CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE, t0.ZITEM FROM ZATTACHMENT t0 WHERE  t0.ZITEM IN (SELECT * FROM _Z_intarray0)  ORDER BY t0.ZITEM
             CoreData: annotation: sql connection fetch time: 0.0021s
             CoreData: annotation: total fetch execution time: 0.0024s for 1581 rows.
             CoreData: annotation: Prefetching with key 'attachments'.  Got 1581 rows.
             CoreData: annotation: total fetch execution time: 0.0053s for 190 rows.
            """)
        #expect(log.statements.count == 2)
        #expect(log.statements[1].bindsKeyList)
        #expect(log.operations.count == 1)
        let fetch = log.operations[0]
        #expect(fetch.kind == .fetch)
        #expect(fetch.rows == 190)
        #expect(fetch.seconds == 0.0053)
        #expect(fetch.prefetchedKeyPaths == ["attachments"])
        #expect(fetch.statements.map(\.role) == [.main, .prefetch(keyPath: "attachments")])
    }

    /// azamsharp's BudgetApp tutorial; §10.6 (8). As pasted in the post the first line
    /// lost its first characters (`ata: sql: BEGIN EXCLUSIVE`).
    @Test("a save: key reservation and write transactions are one save, then maintenance")
    func save() {
        let log = Parsed(
            """
            ata: sql: BEGIN EXCLUSIVE
            CoreData: sql: SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?
            CoreData: sql: UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?
            CoreData: sql: pragma auto_vacuum
            CoreData: annotation: sql execution time: 0.0000s
            CoreData: sql: pragma auto_vacuum=2
            CoreData: annotation: sql execution time: 0.0001s
            CoreData: sql: COMMIT
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: INSERT INTO ZBUDGETCATEGORY(Z_PK, Z_ENT, Z_OPT, ZAMOUNT, ZTITLE) VALUES(?, ?, ?, ?, ?)
            CoreData: sql: COMMIT
            CoreData: sql: pragma page_count
            CoreData: annotation: sql execution time: 0.0002s
            CoreData: sql: pragma freelist_count
            CoreData: annotation: sql execution time: 0.0002s
            """)
        #expect(log.statements.count == 11)
        #expect(log.kinds == [.save, .maintenance])
        let roles = log.operations[0].statements.map(\.role)
        #expect(roles.filter { $0 == .keyReservation }.count == 2)
        #expect(roles.filter { $0 == .write }.count == 1)
        #expect(log.operations[1].statementCount == 2)
    }

    /// Data-swift/RealmVsSwiftData, core-data-results-14Pro/14Pro-core-data-01.txt;
    /// §10.6 (9): post-save maintenance, under the `debug:` category too.
    @Test("post-save maintenance lines make one maintenance operation")
    func postSaveMaintenance() {
        let log = Parsed(
            """
            CoreData: debug: PostSaveMaintenance: incremental_vacuum with freelist_count - 18 and pages_to_free 11
            CoreData: debug: PostSaveMaintenance: fileSize 9315352 greater than prune threshold
            CoreData: annotation: PostSaveMaintenance: wal_checkpoint(TRUNCATE) 
            """)
        #expect(log.kinds == [.maintenance])
        #expect(log.parser.counts.unparsed == 0)
    }

    /// fatbobman; §10.6 (10): a many-to-many to-many fault as Core Data logs it, with a
    /// total before the fault line.
    @Test("a many-to-many to-many fault")
    func toManyFault() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK FROM Z_1TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_2TAGS WHERE t1.Z_1ITEMS = ?
            CoreData: annotation: sql connection fetch time: 0.0001s
            CoreData: annotation: total fetch execution time: 0.0001s for 0 rows.
            CoreData: annotation: to-many relationship fault "tags" for objectID 0xa7ab... <x-coredata://.../Item/p1> fulfilled from database.  Got 0 rows
            """)
        #expect(log.operations.count == 1)
        #expect(log.operations[0].kind == .toManyFault)
        #expect(log.operations[0].relationship == "tags")
        #expect(log.operations[0].entity == "Item")
        #expect(log.operations[0].rows == 0)
    }

    /// lionheart/openradar-mirror issue 14182 (rdar://12965555): Xcode's prefix, a level-3
    /// fetch summary whose row values continue over many lines; no `sql:` line in the
    /// excerpt.
    @Test("a level-3 fetch summary with values over several lines and no sql line")
    func summaryWithValues() {
        let log = Parsed(
            """
            2013-01-07 14:46:17.561 CoreDataOuterJoinBugTest[3913:c07] CoreData: annotation: fetch using NSSQLiteStatement <0x81d3400> on entity 'Entity1' with sql text 'SELECT 0, t0.Z_PK, t0.Z_OPT FROM ZENTITY1 t0 LEFT OUTER JOIN Z_1E2A t1 ON t0.Z_PK = t1.Z_1E1A LEFT OUTER JOIN Z_1E2B t3 ON t0.Z_PK = t3.Z_1E1B WHERE (t1.Z_2E2A = ? OR t3.Z_2E2B = ?) ' returned 6 rows with values: (
                "<NSManagedObject: 0x748bd50> (entity: Entity1; id: 0x7486f80 x-coredata://5BB01AA0-BC59-4E1B-A501-C22E55534A73/Entity1/p1 ; data: <fault>)",
                "<NSManagedObject: 0x748c010> (entity: Entity1; id: 0x7472790 x-coredata://5BB01AA0-BC59-4E1B-A501-C22E55534A73/Entity1/p2 ; data: <fault>)"
            )
            2013-01-07 14:46:17.562 CoreDataOuterJoinBugTest[3913:c07] done
            """)
        #expect(log.statements.count == 1)
        #expect(log.statements[0].rows == 6)
        #expect(
            log.statements[0].sql.hasPrefix(
                "SELECT 0, t0.Z_PK, t0.Z_OPT FROM ZENTITY1 t0 LEFT OUTER JOIN"))
        #expect(log.parser.counts.continuations == 3)
        #expect(log.parser.counts.output == 1)
        #expect(log.parser.evidence.level == 3)
        #expect(log.operations.first?.entity == "Entity1")
    }

    /// project-imas/encrypted-core-data issue 34: level 1 with the app's own lines in
    /// between, one of which is another library's SQL log.
    @Test("app output between Core Data lines is counted, not parsed")
    func interleavedOutput() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZENADDRESS FROM ZPROFILE t0 
            CoreData: annotation: sql connection fetch time: 0.0255s
            CoreData: annotation: total fetch execution time: 0.0279s for 1066 rows.
            fetch count: 1066
            SQL DEBUG: SELECT Profile.ID FROM Profile ;
            fetch count: 0
            """)
        #expect(log.statements.count == 1)
        #expect(log.parser.counts.output == 3)
        #expect(log.parser.outputSamples.map(\.line) == [4, 5, 6])
        #expect(log.operations.map(\.rows) == [1066])
    }

    /// wireapp/wire-ios-data-model pull request 668 (SQLDebug 4): the level-4 plan header
    /// as Core Data wrote it in 2019 (the post's excerpt, shortened here), with the plan
    /// rows that follow it in the format Core Data's connection prints them
    /// (`\n     %d %d %d %s`, from its `execute` method).
    @Test("a level-4 plan attaches to its statement")
    func levelFourPlan() {
        let log = Parsed(
            """
            CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZDESTRUCTIONDATE FROM ZMESSAGE t0 WHERE  t0.ZDESTRUCTIONDATE < ?
            CoreData: details: SQLite bind[0] = (timestamp)572000000.000000
            CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZDESTRUCTIONDATE FROM ZMESSAGE t0 WHERE  t0.ZDESTRUCTIONDATE < ?
                 2 0 0 SCAN TABLE ZMESSAGE AS t0
            CoreData: annotation: sql connection fetch time: 0.0280s
            CoreData: annotation: total fetch execution time: 0.0287s for 1 rows.
            """)
        #expect(log.statements.count == 1)
        #expect(
            log.statements[0].plan == [
                QueryPlanStep(id: 2, parent: 0, detail: "SCAN TABLE ZMESSAGE AS t0")
            ])
        #expect(log.statements[0].seconds == 0.0280)
        #expect(log.parser.evidence.level == 4)
    }

    /// Apress, *Pro iOS Persistence*, WordList (a Chinese translation in the code corpus):
    /// Xcode's prefix, a count through a to-one key path, level 3.
    @Test("a count through a to-one key path, with its bind and request description")
    func countThroughJoin() {
        let log = Parsed(
            """
            2014-07-31 15:29:04.797 WordList[73416:2971038] CoreData: sql: SELECT COUNT(DISTINCT t0.Z_PK) FROM ZWORD t0 JOIN ZWORDCATEGORY t1 ON t0.ZWORDCATEGORY = t1.Z_PK WHERE  t1.ZFIRSTLETTER = ?
            2014-07-31 15:29:04.797 WordList[73416:2971038] CoreData: details: SQLite bind[0] = "s"
            2014-07-31 15:29:04.822 WordList[73416:2971038] CoreData: annotation: count request <NSFetchRequest: 0x7fc6a292d850> (entity: Word; predicate: (wordCategory.firstLetter == "s"); sortDescriptors: ((null)); type: NSCountResultType;) returned 18988
            2014-07-31 15:29:04.822 WordList[73416:2971038] CoreData: annotation: total count request execution time: 0.0254s for count of 18988.
            """)
        #expect(log.operations.count == 1)
        #expect(log.operations[0].kind == .count)
        #expect(log.operations[0].entity == "Word")
        #expect(log.operations[0].rows == 18988)
        #expect(log.statements[0].bindings == ["\"s\""])
    }

    /// A SwiftData tutorial on viewing a store with Beekeeper (code corpus): opening a
    /// store, with `debug:` lines.
    @Test("opening a SwiftData store is one store-open operation")
    func storeOpen() {
        let log = Parsed(
            """
            CoreData: annotation: Connecting to sqlite database file at "/Users/user/Library/Developer/CoreSimulator/Devices/324HU234/data/Containers/Data/Application/324HU234/Library/Application Support/default.store"
            CoreData: sql: SELECT TBL_NAME FROM SQLITE_MASTER WHERE TBL_NAME = 'Z_METADATA'
            CoreData: sql: pragma recursive_triggers=1
            CoreData: sql: pragma journal_mode=wal
            CoreData: sql: SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA
            CoreData: sql: SELECT TBL_NAME FROM SQLITE_MASTER WHERE TBL_NAME = 'Z_MODELCACHE'
            CoreData: debug: Remote Change Notification - registered core observer for 324HU234
            """)
        #expect(log.kinds == [.storeOpen])
        #expect(log.operations[0].statementCount == 5)
    }

    /// A Polish SwiftData course README (code corpus): `localizedStandardContains`.
    @Test("NSCoreDataStringSearch with its bound value")
    func stringSearch() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAUTHOR, t0.ZCOVER, t0.ZPUBLISHEDYEAR, t0.ZTITLE FROM ZBOOK t0 WHERE  NSCoreDataStringSearch( t0.ZTITLE, ?, 417, 1) ORDER BY t0.Z_PK
            CoreData: details: SQLite bind[0] = "Maui"
            """)
        #expect(log.statements[0].bindings == ["\"Maui\""])
        #expect(
            log.statements[0].fingerprint.contains("NSCoreDataStringSearch(t0.ZTITLE, ?, ?, ?)"))
    }

    /// A Russian Core Data guide (code corpus): FROM, WHERE and ORDER BY each on a line.
    @Test("a statement wrapped at each clause")
    func wrappedAtClauses() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE, t0.ZPAGECOUNT, t0.ZAUTHOR
            FROM ZBOOK t0
            WHERE  t0.ZTITLE LIKE ?
            ORDER BY t0.ZTITLE
            CoreData: annotation: sql connection fetch time: 0.0012s
            CoreData: annotation: total fetch execution time: 0.0025s for 15 rows.
            """)
        #expect(log.statements.count == 1)
        #expect(
            log.statements[0].sql
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE, t0.ZPAGECOUNT, t0.ZAUTHOR FROM ZBOOK t0 WHERE  t0.ZTITLE LIKE ? ORDER BY t0.ZTITLE"
        )
    }

    /// residentsummer/watoi issue 51: Core Data warnings among a tool's timestamped lines.
    @Test("warnings are messages, the tool's lines are output")
    func warnings() {
        let log = Parsed(
            """
            2021-12-26 02:36:30.774 watoi[92347:21851470] CoreData loaded
            CoreData: warning: Unable to load class named 'WAChatSession' for entity 'WAChatSession'.  Class not found, using default NSManagedObject instead.
            2021-12-26 02:36:31.112 watoi[92347:21851470] Loaded 1206 chat(s)
            """)
        #expect(log.events.count == 1)
        #expect(log.parser.counts.output == 2)
        #expect(log.parser.counts.unparsed == 0)
    }

    /// NSHipster, "Launch Arguments and Environment Variables": store metadata, then a
    /// fetch.
    @Test("a pragma and a metadata read, then a fetch")
    func nsHipster() {
        let log = Parsed(
            """
            CoreData: sql: pragma cache_size=1000
            CoreData: sql: SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA
            CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAUTHOR, t0.ZTITLE, t0.ZCOPYRIGHT FROM ZBOOK t0 ORDER BY t0.ZAUTHOR, t0.ZTITLE
            CoreData: annotation: sql connection fetch time: 0.0001s
            CoreData: annotation: total fetch execution time: 0.0010s for 20 rows.
            """)
        #expect(log.kinds == [.storeOpen, .fetch])
        #expect(log.operations[1].rows == 20)
    }

    /// github.com/wireapp/wire-ios-data-model/pull/668 (2019), as pasted: the fetch's
    /// total first, then the level-4 header, its SELECT cut after `FROM Z` and no plan
    /// rows (the 46 columns are shortened here). The header alone shows level 4.
    @Test("a level-4 plan header whose rows were not pasted still shows level 4")
    func levelFourHeaderWithoutRows() {
        let log = Parsed(
            """
            CoreData: annotation: total fetch execution time: 0.0287s for 1 rows.
            CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZCACHEDCATEGORY, t0.ZTEXT1 FROM Z
            """)
        #expect(log.parser.evidence.planHeaders == 1)
        #expect(log.parser.evidence.planRows == 0)
        #expect(log.parser.evidence.level == 4)
        #expect(log.statements.isEmpty)
    }

    /// f2er.com/iOS/333716.html (a Chinese copy of a Stack Overflow question on
    /// `relationshipKeyPathsForPrefetching`), shortened: the page printed the console
    /// with its line breaks turned into spaces, several records on one line.
    @Test("records joined onto one line are read one by one: a fetch and its prefetch")
    func recordsJoinedOnOneLine() {
        let log = Parsed(
            """
            ****** FOREGROUND ****** CoreData: sql: SELECT 0,t0.Z_PK,t0.Z_OPT,t0.ZTITLE,t0.ZIMAGE FROM ZCATEGORY t0 CoreData: annotation: sql connection fetch time: 0.0004s CoreData: annotation: Bound intarray values. CoreData: sql: SELECT 0,t0.ZNAME,t0.ZURL FROM ZIMAGE t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0) CoreData: annotation: sql connection fetch time: 0.0006s CoreData: annotation: total fetch execution time: 0.0010s for 4 rows. CoreData: annotation: Prefetching with key 'image'. Got 4 rows. CoreData: annotation: total fetch execution time: 0.0035s for 4 rows.
            """)
        #expect(log.parser.counts.lines == 1)
        #expect(log.parser.counts.coreData == 8)
        #expect(
            log.statements.map(\.sql) == [
                "SELECT 0,t0.Z_PK,t0.Z_OPT,t0.ZTITLE,t0.ZIMAGE FROM ZCATEGORY t0",
                "SELECT 0,t0.ZNAME,t0.ZURL FROM ZIMAGE t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0)",
            ])
        #expect(log.statements.allSatisfy { !$0.isTruncated })
        #expect(log.statements.map(\.seconds) == [0.0004, 0.0006])
        #expect(log.kinds == [.fetch])
        #expect(log.operations[0].rows == 4)
    }

    /// A marker inside a record's text that is not followed by a category word does not
    /// split it; one line with one record is read whole.
    @Test("a second CoreData: without a category word does not split the line")
    func markerWithoutCategoryDoesNotSplit() {
        #expect(LogParser.records(in: "CoreData: error: CoreData: could not fulfill").count == 1)
        #expect(LogParser.records(in: "CoreData: sql: COMMIT").count == 1)
        #expect(LogParser.records(in: "x CoreData: sql: BEGIN CoreData: sql: COMMIT").count == 2)
    }
}
