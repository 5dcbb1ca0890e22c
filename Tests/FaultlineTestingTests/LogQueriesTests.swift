import FaultlineTesting
import ObjectGraph
import Synchronization
import Testing

/// `expectQueries(inLog:)`: the same assertions over SQLDebug text, read with
/// CoreDataLog's parser. The excerpts are Core Data's own, as published (sources
/// named; coredata-reference.md §10.6 and CoreDataLogTests/RealLogTests quote them).
@Suite struct LogQueriesTests {
    /// blog.raymccrae.scot, "Core Data SQLDebug Log Levels" (2017), level 2 (§10.6 (1)).
    static let personFetch = """
        CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZFIRSTNAME, t0.ZLASTNAME, t0.ZPERSONID FROM ZPERSON t0 WHERE t0.ZAGE > ?
        CoreData: details: SQLite bind[0] = 18
        CoreData: annotation: sql connection fetch time: 0.4789s.
        CoreData: annotation: fetch using NSSQLiteStatement <0x60800008bf40> on entity 'Person' with sql text 'SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZFIRSTNAME, t0.ZLASTNAME, t0.ZPERSONID FROM ZPERSON t0 WHERE t0.ZAGE > ? ' returned 688187 rows
        """

    /// wireapp/wire-ios-data-model pull request 668 (SQLDebug 4): a level-4 plan.
    static let messageScan = """
        CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZDESTRUCTIONDATE FROM ZMESSAGE t0 WHERE  t0.ZDESTRUCTIONDATE < ?
        CoreData: details: SQLite bind[0] = (timestamp)572000000.000000
        CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZDESTRUCTIONDATE FROM ZMESSAGE t0 WHERE  t0.ZDESTRUCTIONDATE < ?
             2 0 0 SCAN TABLE ZMESSAGE AS t0
        CoreData: annotation: sql connection fetch time: 0.0280s
        CoreData: annotation: total fetch execution time: 0.0287s for 1 rows.
        """

    /// The objc.io *Core Data* book's fault fulfilled from the database (§10.6 (4)),
    /// with Core Data's prefix: one statement per object.
    static let regionFault = """
        CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZMARKEDFORDELETIONDATE, t0.ZNUMBEROFMOODS, t0.ZNUMERICISO3166CODE, t0.ZUNIQUENESSDUMMY, t0.ZUPDATEDAT, t0.ZNUMBEROFCOUNTRIES, t0.ZCONTINENT FROM ZGEOGRAPHICREGION t0 WHERE t0.Z_PK = ?
        CoreData: annotation: sql connection fetch time: 0.0005s
        CoreData: annotation: total fetch execution time: 0.0008s for 1 rows.
        """

    @Test("a level-2 fetch: one statement, its columns by Core Data's naming rule")
    func personFetch() {
        let expectation = expectQueries(inLog: Self.personFetch, name: "person.log")
        expectation.statements(1).noRepeatedStatement()
            .columnsRead(of: "Person", ["age", "firstName", "lastName", "personID"])
        #expect(expectation.statements.first?.arguments == ["18"])
        #expect(expectation.statements.first?.line == 1)
        // "reads all columns despite propertiesToFetch": asking for age alone fails.
        Blog.expectFailure(
            startingWith:
                "expected the SELECTs of Person (ZPERSON) to read ZAGE; they also read ZFIRSTNAME, ZLASTNAME, ZPERSONID\nstatements (SQLDebug person.log):\n  1. SELECT 0"
        ) { expectation.columnsRead(of: "Person", ["age"]) }
    }

    @Test("plans: no level-4 plan fails noFullScan saying so; a logged SCAN fails it")
    func plansFromLog() {
        Blog.expectFailure(
            startingWith:
                "cannot check no full scan: no SELECT has a query plan (the log shows no query plan for some SELECTs: plans are logged at -com.apple.CoreData.SQLDebug 4"
        ) { expectQueries(inLog: Self.personFetch).noFullScan() }
        let scan = expectQueries(inLog: Self.messageScan)
        Blog.expectFailure(
            startingWith:
                "expected no full scan, 1 statement(s) read a whole table:\n  SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZDESTRUCTIONDATE FROM ZMESSAGE t0 WHERE"
        ) { scan.noFullScan() }
        let message = QueryCheck.noFullScan.failure(in: scan.log) ?? ""
        #expect(message.contains("t0.ZDESTRUCTIONDATE < ?\n    SCAN TABLE ZMESSAGE AS t0\n"))
        Blog.expectFailure(
            startingWith:
                "expected a statement using index ZMESSAGE_ZDESTRUCTIONDATE_INDEX, none does; indexes used: none"
        ) {
            scan.usesIndex("ZMESSAGE_ZDESTRUCTIONDATE_INDEX")
        }
    }

    @Test("a fault per object in a log is an N+1: noRepeatedStatement fails with the count")
    func faultsFromLog() {
        let log = [Self.regionFault, Self.regionFault, Self.regionFault].joined(separator: "\n")
        let expectation = expectQueries(inLog: log)
        expectation.statements(3)
        Blog.expectFailure(
            startingWith:
                "expected no repeated SELECT statement, 1 ran more than once (an N+1: one statement per object; prefetch or batch them):\n  3× SELECT t0.Z_ENT"
        ) { expectation.noRepeatedStatement() }
        #expect(expectation.statements.map(\.line) == [1, 4, 7])
    }

    @Test("the engine's own level-4 log passes the same assertions as its trace")
    func engineLog() async throws {
        let lines = Mutex<[String]>([])
        let container = try Blog.container()
        container.sqlDebugLog = SQLDebugLog(level: 4) { line in lines.withLock { $0.append(line) } }
        let context = container.newBackgroundContext()
        let traced = try await expectQueries(in: container) {
            try ExpectQueriesTests.postsOfOneUser(context)
        }
        let logged = expectQueries(inLog: lines.withLock { $0.joined(separator: "\n") })
        for expectation in [traced, logged] {
            expectation.statements(2).noRepeatedStatement().usesIndex("ZPOST_ZAUTHOR_INDEX")
                .columnsRead(of: "Post", ["title", "score", "author"])
        }
        #expect(logged.statements.map(\.fingerprint) == traced.statements.map(\.fingerprint))
        // Plan node IDs are SQLite's internal numbering; the log prints its own.
        #expect(
            logged.statements.map { $0.plan?.map(\.detail) }
                == traced.statements.map { $0.plan?.map(\.detail) })
    }
}
