import ObjectGraph
import Testing

/// Result types: object IDs, dictionaries with aggregates and groups, counts, and
/// objects materialized at fetch time.
@Suite struct FetchResultTypeTests {
    @Test("managedObjectID results: one ID SELECT, nothing registered or cached")
    func objectIDs() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 4, posts: 0)
        log.clear()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.resultType = .managedObjectID
            request.sortDescriptors = [SortKey("age", ascending: false)]
            let ids = try context.fetchObjectIDs(request)
            #expect(ids.map(\.primaryKey) == [4, 3, 2, 1])
            #expect(context.registeredObjects.isEmpty)
        }
        #expect(container.rowCacheCount == 0)
        #expect(log.sql == ["SELECT 0, t0.Z_PK FROM ZUSER t0 ORDER BY t0.ZAGE DESC"])
    }

    @Test("dictionary results select only the requested columns, DISTINCT when asked")
    func dictionaries() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 2, posts: 3)
        log.clear()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.propertiesToFetch = ["score", "author"]
            request.returnsDistinctResults = true
            request.sortDescriptors = [SortKey("score")]
            let rows = try context.fetchDictionaries(request)
            #expect(rows.count == 6)
            #expect(rows.first?["score"] as? Double == 0)
            #expect((rows.first?["author"] as? ObjectID)?.entityName == "User")
            request.propertiesToFetch = ["score"]
            #expect(try context.fetchDictionaries(request).map { $0["score"] as? Double } == [0, 1, 2])
            request.propertiesToFetch = ["objectID", "title"]
            request.returnsDistinctResults = false
            request.fetchLimit = 1
            let first = try context.fetchDictionaries(request)
            #expect((first.first?["objectID"] as? ObjectID)?.entityName == "Post")
            #expect(first.first?["title"] as? String == "p0-0")
        }
        #expect(
            log.sql.first
                == "SELECT DISTINCT t0.ZSCORE, t0.ZAUTHOR FROM ZPOST t0 ORDER BY t0.ZSCORE")
        #expect(log.sql.last == "SELECT t0.Z_ENT, t0.Z_PK, t0.ZTITLE FROM ZPOST t0 ORDER BY t0.ZSCORE LIMIT 1")
    }

    @Test("aggregates count:, sum:, min:, max:, average: with GROUP BY")
    func aggregates() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 4)
        log.clear()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.propertiesToFetch = [
                "author",
                .expression(.init(name: "n", function: .count, keyPath: "score")),
                .expression(.init(name: "total", function: .sum, keyPath: "score")),
                .expression(.init(name: "low", function: .min, keyPath: "score")),
                .expression(.init(name: "high", function: .max, keyPath: "score")),
                .expression(.init(name: "mean", function: .average, keyPath: "score")),
            ]
            request.propertiesToGroupBy = ["author"]
            request.sortDescriptors = [SortKey("author")]
            let rows = try context.fetchDictionaries(request)
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { $0["n"] as? Int64 == 4 && $0["total"] as? Double == 6 })
            #expect(rows.allSatisfy { $0["low"] as? Double == 0 && $0["high"] as? Double == 3 })
            #expect(rows.allSatisfy { $0["mean"] as? Double == 1.5 })
            let ages = FetchRequest(entityName: "User")
            ages.propertiesToFetch = [.expression(.init(name: "sum", function: .sum, keyPath: "age"))]
            #expect(try context.fetchDictionaries(ages).first?["sum"] as? Int64 == 20 + 21 + 22)
        }
        #expect(
            log.sql.first
                == "SELECT t0.ZAUTHOR, COUNT( t0.ZSCORE), total( t0.ZSCORE), min( t0.ZSCORE), "
                + "max( t0.ZSCORE), avg( t0.ZSCORE) FROM ZPOST t0 GROUP BY t0.ZAUTHOR ORDER BY "
                + "t0.ZAUTHOR")
    }

    @Test("havingPredicate filters groups on an aggregate alias")
    func having() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 2)
        try inContext(container) { context in
            let extra = context.insertNewObject(forEntityName: "Post")
            extra.setValue(try context.fetch(FetchRequest(entityName: "User"))[0], forKey: "author")
            try context.save()
            log.clear()
            let request = FetchRequest(entityName: "Post")
            request.propertiesToFetch = [
                "author", .expression(.init(name: "n", function: .count, keyPath: "author")),
            ]
            request.propertiesToGroupBy = ["author"]
            request.havingPredicate = try FetchPredicate(format: "n > %@", 2)
            let rows = try context.fetchDictionaries(request)
            #expect(rows.count == 1)
            #expect(rows.first?["n"] as? Int64 == 3)
        }
        #expect(
            log.sql.first
                == "SELECT t0.ZAUTHOR, COUNT( t0.ZAUTHOR) AS __var0 FROM ZPOST t0 GROUP BY "
                + "t0.ZAUTHOR HAVING __var0 > ?")
    }

    @Test("returnsObjectsAsFaults = false materializes at fetch time")
    func notFaults() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.returnsObjectsAsFaults = false
            #expect(try context.fetch(request).allSatisfy { !$0.isFault })
            request.fetchBatchSize = 2
            let batched = try context.fetch(request)
            #expect(!batched[2].isFault)
        }
    }

    @Test("count result type: one SELECT COUNT")
    func count() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 5, posts: 0)
        let request = FetchRequest(entityName: "User")
        request.resultType = .count
        #expect(try inContext(container) { try $0.count(for: request) } == 5)
        #expect(container.statistics.selectCount == 1)
    }
}
