import FaultlineTesting
import ObjectGraph
import Testing

/// A typed read fires its object's fault itself and then reads the row in place
/// (`ManagedObject.storedAttribute`): these pin that it keeps the rules of
/// `value(forKey:)`. The statement counts are Core Data's (coredata-reference.md
/// section 3: "Plain fetch of N objects, then read every attribute: 1", every fault a
/// row-cache hit). A child context's fault is filled from its parent, unsaved changes
/// included: Apple, "Managed object context" (Core Data Devpedia): "A context is
/// connected to a parent object store. This is usually a persistent store coordinator,
/// but may be another managed object context. When you fetch objects, the context asks
/// its parent object store to return those objects".
@Suite struct TypedReadPathTests {
    @Test("a fetched object's first typed read fires its fault from the fetch's row: 1 SELECT")
    func firstReadFromFetchedRow() async throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        try Fixtures.seed(container, users: 3, posts: 2)
        let context = container.newBackgroundContext()
        try await expectQueries(in: container) {
            try context.performAndWait {
                let request = TypedPost.fetchRequest()
                request.sortDescriptors = [SortKey(\TypedPost.title)]
                let posts = try context.fetch(request)
                #expect(posts.allSatisfy { $0.isFault })
                #expect(
                    posts.map { $0.title ?? "" } == [
                        "p0-0", "p0-1", "p1-0", "p1-1", "p2-0", "p2-1",
                    ])
                #expect(posts.map(\.score) == [0, 1, 0, 1, 0, 1])
                #expect(posts.allSatisfy { !$0.isFault })
            }
        }
        .statements(1).statements(1, of: .select)
        let stats = container.statistics
        #expect(stats.objectFaultsFired == 6)
        #expect(stats.rowCacheHits == 6)
        #expect(stats.rowCacheMisses == 0)
    }

    @Test("a changed attribute reads its new value, the others their committed ones")
    func changedAndCommitted() throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        try Fixtures.seed(container, users: 1, posts: 1)
        try inContext(container) { context in
            let post = try #require(try context.fetch(TypedPost.fetchRequest()).first)
            post.title = "changed"
            #expect(post.title == "changed")
            #expect(post.score == 0)
            #expect(post.value(forKey: "title") as? String == "changed")
            #expect(try post.committedValues(forKeys: ["title"])["title"] as? String == "p0-0")
        }
    }

    @Test("a child context's typed read fills from its parent, unsaved changes included")
    func childReadsParent() throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        try Fixtures.seed(container, users: 1, posts: 1)
        let parent = container.newBackgroundContext()
        let id = try parent.performAndWait {
            let post = try #require(try parent.fetch(TypedPost.fetchRequest()).first)
            post.title = "unsaved"
            return post.objectID
        }
        let child = ManagedObjectContext(concurrencyType: .privateQueue, parent: parent)
        let statementsBefore = container.statistics.statementCount
        try child.performAndWait {
            let post = try #require(child.object(with: id) as? TypedPost)
            #expect(post.isFault)
            #expect(post.title == "unsaved")
            #expect(post.score == 0)
            #expect(!post.isFault)
        }
        #expect(container.statistics.statementCount == statementsBefore)
    }
}
