import Foundation
import ObjectGraph
import Testing

@Suite struct SQLDebugLogTests {
    private func run(level: Int) throws -> [String] {
        let log = LogLines()
        let container = try Fixtures.container(log: log, level: level)
        try Fixtures.seed(container, users: 2, posts: 0)
        log.clear()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(format: "name == %@", "u1")
            request.includesPropertyValues = false
            for user in try context.fetch(request) { _ = user.value(forKey: "name") }
        }
        return log.all
    }

    @Test("level 1: statements, fetch timings and fault annotations")
    func levelOne() throws {
        let lines = try run(level: 1)
        #expect(lines.count == 6)
        #expect(lines[0] == "ObjectGraph: sql: SELECT 0, t0.Z_PK FROM ZUSER t0 WHERE t0.ZNAME = ?")
        #expect(lines[1].hasPrefix("ObjectGraph: annotation: sql connection fetch time: 0."))
        #expect(lines[2].hasPrefix("ObjectGraph: annotation: total fetch execution time: "))
        #expect(lines[2].hasSuffix("s for 1 rows."))
        #expect(lines[3].hasSuffix("FROM ZUSER t0 WHERE t0.Z_PK = ?"))
        #expect(
            lines[5].hasPrefix(
                "ObjectGraph: annotation: fault fulfilled from database for : <x-coredata://"))
        #expect(lines[5].hasSuffix("/User/p2>"))
        let timing = try #require(lines[1].split(separator: " ").last)
        #expect(timing.count == "0.0000s".count)
    }

    @Test("level 2 adds bound values; level 3 adds fault row values")
    func levelsTwoAndThree() throws {
        let two = try run(level: 2)
        #expect(two.contains("ObjectGraph: details: SQLite bind[0] = \"u1\""))
        #expect(two.contains("ObjectGraph: details: SQLite bind[0] = 2"))
        #expect(!two.contains { $0.contains("with row values") })
        let three = try run(level: 3)
        #expect(three.contains { $0.hasSuffix("with row values: {ZAGE = 21, ZNAME = 'u1'}") })
    }

    @Test("level 3 describes count requests")
    func countRequestSummary() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log, level: 3)
        _ = try inContext(container) { try $0.count(for: FetchRequest(entityName: "Tag")) }
        #expect(
            log.all.contains {
                $0.hasPrefix("ObjectGraph: annotation: count request FetchRequest(entity: Tag,")
                    && $0.hasSuffix(" returned 0")
            })
    }

    @Test("level 4 adds the query plan of each fetch")
    func levelFour() throws {
        let lines = try run(level: 4)
        #expect(lines.contains { $0.hasPrefix("ObjectGraph: details: query plan: SCAN t0") })
    }

    @Test("saves log BEGIN EXCLUSIVE, statements and COMMIT without timings")
    func saveLines() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        log.clear()
        try inContext(container) { context in
            context.insertNewObject(forEntityName: "Tag").setValue("t", forKey: "name")
            try context.save()
        }
        #expect(!log.all.contains { $0.contains("execution time") })
        #expect(log.all.first == "ObjectGraph: sql: BEGIN EXCLUSIVE")
        #expect(log.all.last == "ObjectGraph: sql: COMMIT")
    }

    @Test("levels are clamped to 1...4")
    func clamping() {
        #expect(SQLDebugLog(level: 0).level == 1)
        #expect(SQLDebugLog(level: 9).level == 4)
    }

    @Test("FAULTLINE_SQL_DEBUG turns the log on for new containers")
    func environment() async {
        await #expect(processExitsWith: .success) {
            setenv("FAULTLINE_SQL_DEBUG", "3", 1)
            let log = SQLDebugLog.fromEnvironment()
            let container = PersistentContainer(name: "Env", model: Fixtures.social)
            guard log?.level == 3, container.sqlDebugLog?.level == 3 else { exit(1) }
            setenv("FAULTLINE_SQL_DEBUG", "x", 1)
            exit(SQLDebugLog.fromEnvironment() == nil ? 0 : 1)
        }
    }
}
