import Foundation
import ObjectGraph
import SQLiteDB
import Testing

@Suite struct RelationshipTests {
    @Test("setting a to-one updates the inverse to-many on the old and new targets")
    func toOneInverse() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let alice = context.insertNewObject(forEntityName: "User")
            let bob = context.insertNewObject(forEntityName: "User")
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(alice, forKey: "author")
            #expect(alice.value(forKey: "posts") as? Set<ManagedObject> == [post])
            post.setValue(bob, forKey: "author")
            #expect((alice.value(forKey: "posts") as? Set<ManagedObject>)?.isEmpty == true)
            #expect(bob.value(forKey: "posts") as? Set<ManagedObject> == [post])
            try bob.removeObject(post, fromRelationship: "posts")
            #expect(post.value(forKey: "author") == nil)
        }
    }

    @Test("adding to a saved to-many sets the inverse and saves as a foreign-key UPDATE")
    func toManyInverseSaved() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 2, posts: 1)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            let post = try #require(users[0].value(forKey: "posts") as? Set<ManagedObject>).first!
            try users[1].addObject(post, toRelationship: "posts")
            #expect(post.value(forKey: "author") as? ManagedObject === users[1])
            #expect((users[0].value(forKey: "posts") as? Set<ManagedObject>)?.isEmpty == true)
            log.clear()
            try context.save()
            context.reset()
            let reread = try context.fetch(FetchRequest(entityName: "User"))
            let counts = reread.map { ($0.value(forKey: "posts") as? Set<ManagedObject>)?.count }
            #expect(counts == [0, 2])
        }
        #expect(
            log.sql.contains("UPDATE ZPOST SET ZAUTHOR = ?, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?")
        )
        #expect(
            log.sql.filter { $0 == "UPDATE ZUSER SET Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?" }.count
                == 2)
    }

    @Test("many-to-many: join-table rows are inserted and deleted, both sides see the change")
    func manyToMany() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try inContext(container) { context in
            let post = context.insertNewObject(forEntityName: "Post")
            let swift = context.insertNewObject(forEntityName: "Tag")
            let linux = context.insertNewObject(forEntityName: "Tag")
            post.setValue(Set([swift, linux]), forKey: "tags")
            #expect(swift.value(forKey: "posts") as? Set<ManagedObject> == [post])
            try context.save()
            #expect(
                log.sql.filter { $0 == "INSERT INTO Z_1TAGS(Z_1POSTS, Z_2TAGS) VALUES(?, ?)" }.count
                    == 2)
            context.reset()
            log.clear()
            let tags = try context.fetch(FetchRequest(entityName: "Tag"))
            let posts = tags.map { ($0.value(forKey: "posts") as? Set<ManagedObject>)?.count }
            #expect(posts == [1, 1])
            #expect(
                log.sql.contains(
                    "SELECT 0, t0.Z_PK FROM Z_1TAGS t1 JOIN ZPOST t0 ON t0.Z_PK = t1.Z_1POSTS WHERE t1.Z_2TAGS = ?"
                ))
            let fetchedPost = try #require(
                (tags[0].value(forKey: "posts") as? Set<ManagedObject>)?.first)
            try fetchedPost.removeObject(tags[0], fromRelationship: "tags")
            try context.save()
            #expect(log.sql.contains("DELETE FROM Z_1TAGS WHERE Z_1POSTS = ? AND Z_2TAGS = ?"))
            context.reset()
            let remaining = try context.fetch(FetchRequest(entityName: "Post"))[0]
            #expect((remaining.value(forKey: "tags") as? Set<ManagedObject>)?.count == 1)
        }
    }

    @Test("cascade deletes the related objects; nullify clears the inverse")
    func cascadeAndNullify() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 3)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            context.delete(users[0])
            #expect(context.deletedObjects.count == 1 + 3)
            try context.save()
            #expect(try context.count(for: FetchRequest(entityName: "Post")) == 3)
            let post = try context.fetch(FetchRequest(entityName: "Post"))[0]
            let author = try #require(post.value(forKey: "author") as? ManagedObject)
            context.delete(post)
            #expect((author.value(forKey: "posts") as? Set<ManagedObject>)?.count == 2)
            try context.save()
            #expect(try context.count(for: FetchRequest(entityName: "User")) == 1)
        }
    }

    static let library = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Shelf",
            relationships: [
                RelationshipDescription(
                    name: "books", destination: "Book", inverse: "shelf", isToMany: true,
                    deleteRule: .deny)
            ]),
        EntityDescription(
            name: "Book",
            attributes: [AttributeDescription(name: "title", type: .string, isOptional: false)],
            relationships: [
                RelationshipDescription(
                    name: "shelf", destination: "Shelf", inverse: "books", deleteRule: .noAction)
            ]),
    ])

    @Test("deny blocks the save while related objects remain; no action leaves them")
    func denyAndNoAction() throws {
        let container = try Fixtures.container(model: Self.library)
        try inContext(container) { context in
            let shelf = context.insertNewObject(forEntityName: "Shelf")
            let book = context.insertNewObject(forEntityName: "Book")
            book.setValue("Dune", forKey: "title")
            book.setValue(shelf, forKey: "shelf")
            try context.save()
            context.delete(shelf)
            #expect(throws: SaveError.self) { try context.save() }
            context.rollback()
            context.delete(book)
            try context.save()
            // No action: the shelf still lists the book until it is reread.
            #expect((shelf.value(forKey: "books") as? Set<ManagedObject>)?.count == 1)
            context.refresh(shelf, mergeChanges: false)
            #expect((shelf.value(forKey: "books") as? Set<ManagedObject>)?.isEmpty == true)
            context.delete(shelf)
            try context.save()
            #expect(try context.count(for: FetchRequest(entityName: "Shelf")) == 0)
        }
    }

    @Test("a required attribute left nil fails the save naming entity and key")
    func requiredValue() throws {
        let container = try Fixtures.container(model: Self.library)
        inContext(container) { context in
            let book = context.insertNewObject(forEntityName: "Book")
            let error = #expect(throws: SaveError.self) { try context.save() }
            guard case .missingRequiredValue(let entity, let key, let object) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(entity == "Book" && key == "title" && object == book.objectID)
        }
    }
}
