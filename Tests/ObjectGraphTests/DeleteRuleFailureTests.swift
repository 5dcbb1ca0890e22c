import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Delete rules whose reads fail: the table of the related objects is renamed away by
/// another connection between fetching and deleting, so the rule's SELECT fails.
@Suite struct DeleteRuleFailureTests {
    private static let shelves = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Shelf", attributes: [AttributeDescription(name: "label", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "books", destination: "Book", inverse: "shelf", isToMany: true,
                    deleteRule: .deny)
            ]),
        EntityDescription(
            name: "Book",
            relationships: [
                RelationshipDescription(name: "shelf", destination: "Shelf", inverse: "books")
            ]),
    ])

    private func container(_ path: String, model: ManagedObjectModel) throws
        -> PersistentContainer
    {
        let container = PersistentContainer(name: "Rules", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        return container
    }

    /// Renames `table` away (or back) through a connection of its own.
    private func rename(_ table: String, to name: String, in path: String) throws {
        let connection = try Connection(location: .file(path))
        try connection.execute(script: "ALTER TABLE \(table) RENAME TO \(name)")
        try connection.close()
    }

    private func count(_ table: String, in path: String) throws -> Int64? {
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        return try connection.fetchOne(SQL(text: "SELECT count(*) FROM \(table)")) {
            $0.int64(at: 0)
        }
    }

    @Test("a cascade that cannot read the children fails the save and writes nothing")
    func cascade() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cascade.sqlite")
        let container = try container(path, model: Fixtures.social)
        try Fixtures.seed(container, users: 1, posts: 2)
        try inContext(container) { context in
            let user = try #require(try context.fetch(FetchRequest(entityName: "User")).first)
            try rename("ZPOST", to: "ZPOST_AWAY", in: path)
            context.delete(user)
            let error = #expect(throws: SaveError.self) { try context.save() }
            guard case .deleteRuleFailed(let entity, let relationship, let object, _)? = error
            else {
                Issue.record("expected deleteRuleFailed, got \(String(describing: error))")
                return
            }
            #expect(entity == "User" && relationship == "posts" && object == user.objectID)
            #expect(
                error?.description.hasPrefix("delete rule of User.posts could not read") == true)
        }
        try rename("ZPOST_AWAY", to: "ZPOST", in: path)
        #expect(try count("ZUSER", in: path) == 1)
        #expect(try count("ZPOST", in: path) == 2)
    }

    @Test("a deny rule that cannot read the related objects fails the save, not passes")
    func deny() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deny.sqlite")
        let container = try container(path, model: Self.shelves)
        try inContext(container) { context in
            let shelf = context.insertNewObject(forEntityName: "Shelf")
            let book = context.insertNewObject(forEntityName: "Book")
            book.setValue(shelf, forKey: "shelf")
            try context.save()
            context.reset()
        }
        try inContext(container) { context in
            let shelf = try #require(try context.fetch(FetchRequest(entityName: "Shelf")).first)
            try rename("ZBOOK", to: "ZBOOK_AWAY", in: path)
            context.delete(shelf)
            let error = #expect(throws: SaveError.self) { try context.save() }
            guard case .deleteRuleFailed(let entity, let relationship, _, _)? = error else {
                Issue.record("expected deleteRuleFailed, got \(String(describing: error))")
                return
            }
            #expect(entity == "Shelf" && relationship == "books")
            context.rollback()
            #expect(!context.hasChanges)
        }
        try rename("ZBOOK_AWAY", to: "ZBOOK", in: path)
        #expect(try count("ZSHELF", in: path) == 1)
    }
}
