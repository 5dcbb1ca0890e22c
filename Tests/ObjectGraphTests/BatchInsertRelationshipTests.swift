import Foundation
import ObjectGraph
import Testing

/// Batch insert setting to-one relationships from object IDs: how datasets are loaded
/// with their graph (Core Data's own batch insert cannot set relationships).
@Suite struct BatchInsertRelationshipTests {
    @Test("a to-one given as an ObjectID fills the foreign key; the inverse to-many sees it")
    func toOneFromObjectID() throws {
        let container = try Fixtures.container()
        let authors = try inContext(container) { context in
            let request = BatchInsertRequest(
                entityName: "User", objects: [["name": "a"], ["name": "b"]])
            request.resultType = .objectIDs
            return try context.execute(request).objectIDs ?? []
        }
        try #require(authors.count == 2)
        try inContext(container) { context in
            let posts = BatchInsertRequest(
                entityName: "Post",
                objects: [
                    ["title": "p1", "author": authors[1]], ["title": "p2", "author": authors[1]],
                    ["title": "p3"],
                ])
            _ = try context.execute(posts)
        }
        let titles = try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "author.name == %@", "b")
            request.sortDescriptors = [SortKey("title")]
            return try context.fetch(request).map { $0.value(forKey: "title") as? String }
        }
        #expect(titles == ["p1", "p2"])
        let counts = try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.sortDescriptors = [SortKey("name")]
            return try context.fetch(request).map {
                ($0.value(forKey: "posts") as? any Collection)?.count
            }
        }
        #expect(counts == [0, 2])
    }

    @Test(
        "a to-one given anything but an ObjectID of its destination is refused, inserting nothing")
    func wrongDestination() throws {
        let container = try Fixtures.container()
        let tag = try inContext(container) { context in
            let request = BatchInsertRequest(entityName: "Tag", objects: [["name": "t"]])
            request.resultType = .objectIDs
            return try context.execute(request).objectIDs?.first
        }
        let wrong = BatchInsertRequest(
            entityName: "Post", objects: [["title": "x", "author": tag as Any]])
        let number = BatchInsertRequest(entityName: "Post", objects: [["title": "y", "author": 1]])
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let error = try #require(throws: KeyValueError.self) { try context.execute(wrong) }
            #expect("\(error)".contains("author"))
            #expect(throws: KeyValueError.self) { try context.execute(number) }
            #expect(try context.count(for: FetchRequest(entityName: "Post")) == 0)
        }
    }
}
