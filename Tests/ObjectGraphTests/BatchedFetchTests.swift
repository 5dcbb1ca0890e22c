import ObjectGraph
import Testing

/// `fetchBatchSize`: an ID SELECT, then one SELECT per batch touched.
@Suite struct BatchedFetchTests {
    private func request(batchSize: Int) -> FetchRequest<ManagedObject> {
        let request = FetchRequest(entityName: "Post")
        request.sortDescriptors = [SortKey("title", ascending: false)]
        request.fetchBatchSize = batchSize
        return request
    }

    @Test("iterating N objects with batch size B: 1 + ceil(N/B) SELECTs, in order")
    func iterateAll() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 5, posts: 5)
        log.clear()
        let titles = try inContext(container) { context in
            let posts = try context.fetch(request(batchSize: 10))
            #expect(posts.isBatched)
            #expect(container.statistics.selectCount == 1)
            return posts.map { $0.value(forKey: "title") as? String ?? "" }
        }
        #expect(titles == titles.sorted(by: >))
        #expect(titles.count == 25)
        let stats = container.statistics
        #expect(stats.selectCount == 1 + 3)
        #expect(stats.batchesLoaded == 3)
        #expect(stats.rowCacheMisses == 0)
        let batch =
            "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZISDRAFT, t0.ZPUBLISHED, t0.ZSCORE, t0.ZTITLE, "
            + "t0.ZAUTHOR FROM ZPOST t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?)) LIMIT 10"
        #expect(
            log.sql == [
                "SELECT 0, t0.Z_PK FROM ZPOST t0 ORDER BY t0.ZTITLE DESC", batch, batch, batch,
            ])
        #expect(
            log.all.filter { $0.hasSuffix("annotation: Bound intarray _Z_intarray0") }.count == 3)
        #expect(log.all.contains { $0.hasSuffix("batch 3 of 3.  Got 5 rows.") })
    }

    @Test("reading only element 0: 2 SELECTs; no batch is loaded ahead of use")
    func firstOnly() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 4, posts: 10)
        try inContext(container) { context in
            let posts = try context.fetch(request(batchSize: 10))
            #expect(posts[0].value(forKey: "title") as? String == "p3-9")
            #expect(posts[9].value(forKey: "title") != nil)
            #expect(container.statistics.selectCount == 2)
            _ = posts[10]
            #expect(container.statistics.selectCount == 3)
        }
    }

    @Test("converting to an Array loads every batch at once")
    func arrayConversion() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 7)
        try inContext(container) { context in
            let posts = Array(try context.fetch(request(batchSize: 5)))
            #expect(posts.count == 21)
            #expect(container.statistics.selectCount == 1 + 5)
        }
    }

    @Test("objects of untouched batches are never materialized")
    func untouchedBatchesNotResident() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 10, posts: 10)
        try inContext(container) { context in
            let posts = try context.fetch(request(batchSize: 10))
            _ = posts[55]
            #expect(container.statistics.objectsMaterialized == 10)
            #expect(context.registeredObjects.count == 10)
            #expect(container.rowCacheCount == 10)
        }
    }

    @Test("a predicate and fetchLimit apply to the ID query; pending deletes are left out")
    func predicateLimitAndPending() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 4)
        log.clear()
        try inContext(container) { context in
            let request = request(batchSize: 2)
            request.predicate = try FetchPredicate(format: "score >= %@", 1.0)
            request.fetchLimit = 7
            let posts = try context.fetch(request)
            #expect(posts.count == 7)
            context.delete(posts[0])
            let again = try context.fetch(request)
            #expect(again.count == 6)
            #expect(!again.contains { $0.isDeleted })
        }
        #expect(
            log.sql.first
                == "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZSCORE >= ? ORDER BY t0.ZTITLE DESC LIMIT 7"
        )
    }
}

/// Memory release of batched results.
@Suite struct BatchedFetchReleaseTests {
    @Test("objects of batches no longer in use are released unless changed or held")
    func releasesPreviousBatches() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 10, posts: 10)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.fetchBatchSize = 10
            let posts = try context.fetch(request)
            weak let first = posts[0]
            let held = posts[1]
            posts[2].setValue("changed", forKey: "title")
            var titles = 0
            for post in posts where post.value(forKey: "title") != nil { titles += 1 }
            #expect(titles == 100)
            #expect(first == nil)
            #expect(context.registeredObjects.count == 10 + 2)
            #expect(container.rowCacheCount <= 10 + 2)
            #expect(container.statistics.objectsReleased == 100 - 10 - 2)
            #expect(held.value(forKey: "title") != nil)
            container.resetStatistics()
            _ = posts[0].value(forKey: "title")
            #expect(container.statistics.selectCount == 1)
        }
    }

    @Test("a held object of an earlier batch comes back as the same instance, no SQL")
    func heldObjectOfEarlierBatch() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 10)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.fetchBatchSize = 10
            let posts = try context.fetch(request)
            let held = posts[3]
            _ = posts[25].value(forKey: "title")
            container.resetStatistics()
            #expect(posts[3] === held)
            #expect(container.statistics.selectCount == 0)
            _ = posts[4].value(forKey: "title")
            #expect(container.statistics.selectCount == 1)
        }
    }
}
