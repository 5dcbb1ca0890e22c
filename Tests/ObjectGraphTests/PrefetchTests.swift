import ObjectGraph
import Testing

/// `relationshipKeyPathsForPrefetching`: one SELECT per key path level, then no SQL.
@Suite struct PrefetchTests {
    /// 3 users with 2 posts each; post j of every user has tags t0...tj.
    private func seededContainer(log: LogLines? = nil) throws -> PersistentContainer {
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 2)
        try inContext(container) { context in
            let tags = (0..<2).map { index in
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue("t\(index)", forKey: "name")
                return tag
            }
            for post in try context.fetch(FetchRequest(entityName: "Post")) {
                let number = Int((post.value(forKey: "title") as! String).suffix(1))!
                for tag in tags.prefix(number + 1) { try post.addObject(tag, toRelationship: "tags") }
            }
            try context.save()
        }
        container.resetStatistics()
        log?.clear()
        return container
    }

    @Test("to-many via foreign key: 1 + 1 SELECTs, then zero while reading members")
    func toMany() throws {
        let log = LogLines()
        let container = try seededContainer(log: log)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.relationshipKeyPathsForPrefetching = ["posts"]
            let users = try context.fetch(request)
            #expect(container.statistics.selectCount == 1 + 1)
            let titles = users.map { user in
                (user.value(forKey: "posts") as? Set<ManagedObject> ?? []).map {
                    $0.value(forKey: "title") as? String ?? ""
                }.sorted()
            }
            #expect(titles == [["p0-0", "p0-1"], ["p1-0", "p1-1"], ["p2-0", "p2-1"]])
            #expect(container.statistics.selectCount == 2)
            #expect(container.statistics.relationshipFaultsFired == 0)
            #expect(container.statistics.prefetchSelects == 1)
        }
        #expect(
            log.sql.last
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZISDRAFT, t0.ZPUBLISHED, t0.ZSCORE, t0.ZTITLE, "
                + "t0.ZAUTHOR FROM ZPOST t0 WHERE t0.ZAUTHOR IN (SELECT * FROM _Z_intarray0(?)) "
                + "ORDER BY t0.ZAUTHOR")
        #expect(log.all.contains { $0.hasSuffix("annotation: Bound intarray values.") })
        #expect(log.all.contains { $0.hasSuffix("Prefetching with key 'posts'.  Got 6 rows.") })
    }

    @Test("to-one and many-to-many, K = 2 key paths: 1 + 2 SELECTs, then zero")
    func toOneAndManyToMany() throws {
        let log = LogLines()
        let container = try seededContainer(log: log)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.sortDescriptors = [SortKey("title")]
            request.relationshipKeyPathsForPrefetching = ["author", "tags"]
            let posts = try context.fetch(request)
            #expect(container.statistics.selectCount == 1 + 2)
            let authors = posts.map { $0.value(forKeyPath: "author.name") as? String }
            #expect(authors == ["u0", "u0", "u1", "u1", "u2", "u2"])
            let tagCounts = posts.map {
                ($0.value(forKey: "tags") as? Set<ManagedObject> ?? []).map {
                    $0.value(forKey: "name") as? String ?? ""
                }.count
            }
            #expect(tagCounts == [1, 2, 1, 2, 1, 2])
            #expect(container.statistics.selectCount == 3)
        }
        let sql = log.sql
        #expect(
            sql[1]
                == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK IN "
                + "(SELECT * FROM _Z_intarray0(?))")
        #expect(sql[2].hasPrefix("SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t1."))
        #expect(sql[2].contains(" JOIN ZTAG t0 ON t0.Z_PK = t1."))
        #expect(log.all.contains { $0.hasSuffix("Prefetching with key 'author'.  Got 3 rows.") })
    }

    @Test("multi-level posts.tags: one SELECT per level, then zero")
    func multiLevel() throws {
        let container = try seededContainer()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.relationshipKeyPathsForPrefetching = ["posts.tags"]
            let users = try context.fetch(request)
            #expect(container.statistics.selectCount == 1 + 2)
            var names: [String] = []
            for user in users {
                for post in user.value(forKey: "posts") as? Set<ManagedObject> ?? [] {
                    for tag in post.value(forKey: "tags") as? Set<ManagedObject> ?? [] {
                        names.append(tag.value(forKey: "name") as? String ?? "")
                    }
                }
            }
            #expect(names.count == 9)
            #expect(container.statistics.selectCount == 3)
        }
    }

    @Test("with fetchBatchSize the prefetch runs per batch")
    func perBatch() throws {
        let container = try seededContainer()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.fetchBatchSize = 4
            request.relationshipKeyPathsForPrefetching = ["author"]
            let posts = try context.fetch(request)
            #expect(container.statistics.selectCount == 1)
            let names = posts.map { $0.value(forKeyPath: "author.name") as? String }
            #expect(names.compactMap { $0 }.count == 6)
            #expect(container.statistics.selectCount == 1 + 2 * 2)
            #expect(container.statistics.prefetchSelects == 2)
        }
    }

    @Test("an unknown prefetch key path is a FetchError")
    func unknownKeyPath() throws {
        let container = try seededContainer()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.relationshipKeyPathsForPrefetching = ["friends"]
            #expect(throws: FetchError.unknownKeyPath(entity: "User", keyPath: "friends")) {
                try context.fetch(request)
            }
        }
    }
}
