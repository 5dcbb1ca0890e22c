import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// `PersistentContainer.storeConnectionStatus`: SQLite's counters of the engine's own
/// connection, which the lab records for engine configurations.
@Suite struct StoreConnectionStatusTests {
    @Test("a save is two WAL commits (keys, then rows); a cold fetch misses and a warm one hits")
    func saveAndFetch() throws {
        let directory = try TemporaryDirectory()
        let container = PersistentContainer(name: "Status", model: Fixtures.social)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: directory.path("s.sqlite")))
        ]
        #expect(container.storeConnectionStatus == nil, "not loaded yet")
        try container.loadPersistentStores()
        let opened = try #require(container.storeConnectionStatus)
        try Fixtures.seed(container, users: 50, posts: 4)
        let saved = try #require(container.storeConnectionStatus)
        #expect(saved.wal.commits - opened.wal.commits == 2)
        #expect(saved.pageCache.writes > opened.pageCache.writes)
        #expect(saved.wal.framesInLog > 0)

        let context = container.newBackgroundContext()
        try context.performAndWait {
            let request = FetchRequest(entityName: "Post")
            #expect(try context.fetch(request).count == 200)
            let first = try #require(container.storeConnectionStatus)
            context.reset()
            #expect(try context.fetch(request).count == 200)
            let second = try #require(container.storeConnectionStatus)
            #expect(second.pageCache.hits > first.pageCache.hits)
            #expect(second.pageCache.misses == first.pageCache.misses)
            #expect(second.wal.commits == saved.wal.commits, "reads commit nothing")
        }
    }
}
