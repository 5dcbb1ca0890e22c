import ObjectGraph
import Testing

@Suite struct EngineStatisticsTests {
    @Test("statistics count statements by kind, rows, VM steps and full scans; reset zeroes them")
    func counters() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 5, posts: 0)
        #expect(container.statistics == EngineStatistics())
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.sortDescriptors = [SortKey("name")]
            _ = try context.fetch(request)
            let indexed = FetchRequest(entityName: "User")
            indexed.predicate = try FetchPredicate(format: "age == 22")
            _ = try context.fetch(indexed)
        }
        let stats = container.statistics
        #expect(stats.selectCount == 2)
        #expect(stats.statementCount == 2)
        #expect(stats.rowsRead == 6)
        #expect(stats.fullScanSteps >= 4)
        #expect(stats.sortCount == 1)
        #expect(stats.vmSteps > 0)
        #expect(stats.objectsMaterialized == 5)
        container.resetStatistics()
        #expect(container.statistics == EngineStatistics())
    }

    @Test(
        "statistics count the same with a sink that wants statement events attached, EXPLAIN left out"
    )
    func sameCountsWithEventSink() throws {
        func workload(level: Int?) throws -> EngineStatistics {
            let container = try Fixtures.container(
                log: level.map { _ in LogLines() }, level: level ?? 1)
            try Fixtures.seed(container, users: 4, posts: 2)
            try inContext(container) { context in
                let request = FetchRequest(entityName: "User")
                request.sortDescriptors = [SortKey("name")]
                let users = try context.fetch(request)
                for user in users {
                    _ = (user.value(forKey: "posts") as? Set<ManagedObject>)?.count
                }
                users[0].setValue("renamed", forKey: "name")
                context.delete(users[1])
                try context.save()
            }
            return container.statistics
        }
        // Only the statistics attached: statements are counted without events. With the
        // SQL debug log (level 4 adds an EXPLAIN QUERY PLAN per fetch): events built.
        let counted = try workload(level: nil)
        // The fetch and four to-many faults, at least; the save's writes.
        #expect(counted.selectCount >= 1 + 4 && counted.rowsRead >= 4 + 4 * 2)
        #expect(counted.updateCount >= 1 && counted.deleteCount >= 1 && counted.vmSteps > 0)
        #expect(try workload(level: 1) == counted)
        #expect(try workload(level: 4) == counted)
    }

    @Test("saves, inserts, updates and deletes are counted")
    func writes() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            users[0].setValue("x", forKey: "name")
            context.delete(users[1])
            _ = context.insertNewObject(forEntityName: "Tag")
            try context.save()
        }
        let stats = container.statistics
        #expect(stats.saveCount == 1)
        #expect(stats.insertCount == 1)
        #expect(stats.updateCount == 2)
        #expect(stats.deleteCount == 1)
        #expect(stats.rowsWritten == 4)
    }
}
