import Foundation
import ObjectGraph
import Testing

/// The public API example of DESIGN.md, run on a background context.
@Suite struct DesignExampleTests {
    @Test("batched, prefetched fetch of the example: ID SELECT, batch, prefetch, then no SQL")
    func example() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("Alice", forKey: "name")
            for index in 0..<30 {
                let post = context.insertNewObject(forEntityName: "Post")
                post.setValue("t\(index)", forKey: "title")
                post.setValue(user, forKey: "author")
            }
            try context.save()
            context.reset()
            container.resetStatistics()
            log.clear()

            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "author.name BEGINSWITH[c] %@", "al")
            request.sortDescriptors = [SortKey("title", ascending: true)]
            request.fetchBatchSize = 20
            request.relationshipKeyPathsForPrefetching = ["author"]
            let posts = try context.fetch(request)
            let name = posts[0].value(forKeyPath: "author.name") as? String
            let count = try context.count(for: request)
            #expect(name == "Alice")
            #expect(count == 30)
        }
        #expect(container.statistics.selectCount == 1 + 1 + 1 + 1)
        #expect(
            log.sql.first
                == "SELECT 0, t0.Z_PK FROM ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE "
                + "NSCoreDataStringSearch(t1.ZNAME, ?, 1, 1) ORDER BY t0.ZTITLE")
    }
}
