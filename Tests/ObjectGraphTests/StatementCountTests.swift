import FaultlineTesting
import ObjectGraph
import Testing

/// The statement counts of coredata-reference.md section 3, asserted from the engine's
/// statistics and the SQL debug log, and for the first two through FaultlineTesting's
/// `expectQueries(in:)` over the engine trace (docs/TESTING-QUERIES.md).
@Suite struct StatementCountTests {
    @Test("a plain fetch of N objects, then reading every attribute: 1 SELECT")
    func plainFetch() async throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 10, posts: 0)
        let context = container.newBackgroundContext()
        let queries = try await expectQueries(in: container) {
            try context.performAndWait {
                let users = try context.fetch(FetchRequest(entityName: "User"))
                #expect(users.count == 10)
                #expect(users.allSatisfy { $0.isFault })
                for user in users {
                    _ = user.value(forKey: "name")
                    _ = user.value(forKey: "age")
                }
            }
        }
        .statements(1).columnsRead(of: "User", ["name", "age"])
        #expect(
            queries.statements.map(\.sql) == [
                "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZNAME FROM ZUSER t0"
            ])
        let stats = container.statistics
        #expect(stats.selectCount == 1)
        #expect(stats.statementCount == 1)
        #expect(stats.objectFaultsFired == 10)
        #expect(stats.rowCacheHits == 10)
        #expect(stats.rowCacheMisses == 0)
        #expect(stats.rowsRead == 10)
    }

    @Test("includesPropertyValues = false: 1 + N SELECTs")
    func idsOnlyFetch() async throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 7, posts: 0)
        log.clear()
        let context = container.newBackgroundContext()
        let queries = try await expectQueries(in: container) {
            try context.performAndWait {
                let request = FetchRequest(entityName: "User")
                request.includesPropertyValues = false
                for user in try context.fetch(request) {
                    _ = user.value(forKey: "name")
                    _ = user.value(forKey: "age")
                }
            }
        }
        .statements(1 + 7).statements(1 + 7, of: .select)
        let stats = container.statistics
        #expect(stats.selectCount == 1 + 7)
        #expect(stats.rowCacheMisses == 7)
        #expect(queries.statements.first?.sql == "SELECT 0, t0.Z_PK FROM ZUSER t0")
        // The N faults: one shape, one row each.
        #expect(
            queries.statements.dropFirst().allSatisfy {
                $0.sql
                    == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ?"
                    && $0.rows == 1
            })
        #expect(
            log.all.contains {
                $0.contains("annotation: fault fulfilled from database for : <x-coredata://")
            })
    }

    @Test("fetch N posts, read author.name on each: 1 + distinct authors not cached")
    func toOneTraversal() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 4, posts: 3)
        try inContext(container) { context in
            let posts = try context.fetch(FetchRequest(entityName: "Post"))
            #expect(posts.count == 12)
            for post in posts { _ = post.value(forKeyPath: "author.name") }
            #expect(container.statistics.selectCount == 1 + 4)
            for post in posts { _ = post.value(forKeyPath: "author.name") }
            #expect(container.statistics.selectCount == 1 + 4)
            let users = try context.fetch(FetchRequest(entityName: "User"))
            container.resetStatistics()
            _ = users.map { $0.value(forKey: "name") }
            #expect(container.statistics.selectCount == 0)
        }
    }

    @Test("fetch N users, read the count of posts on each: 1 + N")
    func toManyFaults() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 5, posts: 2)
        log.clear()
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            let counts = users.map { ($0.value(forKey: "posts") as? Set<ManagedObject>)?.count }
            #expect(counts == Array(repeating: 2, count: 5))
        }
        let stats = container.statistics
        #expect(stats.selectCount == 1 + 5)
        #expect(stats.relationshipFaultsFired == 5)
        #expect(
            log.sql.dropFirst().allSatisfy {
                $0 == "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = ?"
            })
        #expect(
            log.all.contains {
                $0.contains("to-many relationship fault \"posts\" for objectID <x-coredata://")
                    && $0.hasSuffix("fulfilled from database.  Got 2 rows")
            })
    }

    @Test("count(for:): 1 SELECT COUNT")
    func count() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 6, posts: 0)
        log.clear()
        let count = try inContext(container) { try $0.count(for: FetchRequest(entityName: "User")) }
        #expect(count == 6)
        #expect(container.statistics.selectCount == 1)
        #expect(log.sql == ["SELECT COUNT(*) FROM ZUSER"])
        #expect(
            log.all.last?.hasPrefix("ObjectGraph: annotation: total count request execution time: ")
                == true)
        #expect(log.all.last?.hasSuffix("s for count of 6.") == true)
    }

    @Test("save of I inserts: key reservation, then one write transaction with I INSERTs")
    func saveInserts() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        log.clear()
        container.resetStatistics()
        try inContext(container) { context in
            for index in 0..<3 {
                context.insertNewObject(forEntityName: "User").setValue("u\(index)", forKey: "name")
            }
            try context.save()
        }
        let insert = "INSERT INTO ZUSER(Z_PK, Z_ENT, Z_OPT, ZAGE, ZNAME) VALUES(?, ?, ?, ?, ?)"
        #expect(
            log.sql == [
                "BEGIN EXCLUSIVE",
                "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                "COMMIT",
                "BEGIN EXCLUSIVE",
                insert, insert, insert,
                "COMMIT",
            ])
        let stats = container.statistics
        #expect(stats.transactionCount == 4)
        #expect(stats.statementCount == 2 + 3)
        #expect(stats.insertCount == 3)
        #expect(stats.saveCount == 1)
    }
}
