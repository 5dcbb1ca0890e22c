import Foundation
import ObjectGraph
import Testing

@Suite struct TypedBatchInsertTests {
    @Test("a managedObjectHandler's typed values are inserted, defaults for the rest")
    func insertsTypedRows() throws {
        let log = LogLines()
        let container = try Fixtures.container(model: TypedFixtures.social, log: log)
        try inContext(container) { context in
            var next = 0
            let request = BatchInsertRequest(entityName: "Post") { (post: TypedPost) in
                guard next < 3 else { return true }
                post.title = "p\(next)"
                post.score = Double(next) / 2
                next += 1
                return false
            }
            request.resultType = .count
            #expect(try context.execute(request).count == 3)
            #expect(log.sql.filter { $0.hasPrefix("INSERT INTO ZPOST") }.count == 3)
            let posts = TypedPost.fetchRequest()
            posts.sortDescriptors = [SortKey(\TypedPost.title)]
            let fetched = try context.fetch(posts)
            #expect(fetched.map { $0.title ?? "" } == ["p0", "p1", "p2"])
            #expect(fetched.map(\.score) == [0, 0.5, 1])
            #expect(fetched.allSatisfy { !$0.isDraft && $0.author == nil })
            #expect(context.registeredObjects.count == 3)  // the reused object is not one
        }
    }

    @Test("setting a relationship in the handler fails the request and inserts nothing")
    func relationshipRefused() throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        try inContext(container) { context in
            let user = TypedUser(context: context)
            try context.save()
            let request = BatchInsertRequest(entityName: "Post") { (post: TypedPost) in
                post.author = user
                return false
            }
            #expect(throws: KeyValueError.relationshipInBatchInsert(entity: "Post", key: "author"))
            {
                try context.execute(request)
            }
            #expect(try context.count(for: TypedPost.fetchRequest()) == 0)
            #expect(user.posts.isEmpty && !user.hasChanges)  // the inverse was not touched
        }
    }

    @Test("a handler of another class than the entity's is refused before any row")
    func wrongClass() throws {
        let container = try Fixtures.container(model: TypedFixtures.social)
        inContext(container) { context in
            let request = BatchInsertRequest(entityName: "User") { (_: TypedPost) in true }
            #expect(
                throws: FetchError.resultClassMismatch(
                    entity: "User", objectClass: "TypedUser", requested: "TypedPost")
            ) {
                try context.execute(request)
            }
        }
    }
}
