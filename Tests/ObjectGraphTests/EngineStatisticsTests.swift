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
