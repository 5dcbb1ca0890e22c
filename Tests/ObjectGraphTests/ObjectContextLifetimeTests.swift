import ObjectGraph
import Testing

/// A managed object holds its context unowned; it must read nil, never a dangling
/// context, once it has left the context or the context is gone.
@Suite struct ObjectContextLifetimeTests {
    @Test("an object that outlives its context reads a nil context")
    func outlivesContext() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        var context: ManagedObjectContext? = container.newBackgroundContext()
        let users = try context!.performAndWait {
            Array(try context!.fetch(FetchRequest(entityName: "User")))
        }
        try #require(users.count == 3)
        #expect(users.allSatisfy { $0.managedObjectContext === context })
        context = nil
        #expect(users.allSatisfy { $0.managedObjectContext == nil })
    }

    @Test("reset, rollback and a failed lookup leave no context on the objects they drop")
    func droppedObjects() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let fetched = Array(try context.fetch(FetchRequest(entityName: "User")))
            let inserted = context.insertNewObject(forEntityName: "User")
            context.rollback()
            #expect(inserted.managedObjectContext == nil)
            #expect(fetched.allSatisfy { $0.managedObjectContext === context })
            context.reset()
            #expect(fetched.allSatisfy { $0.managedObjectContext == nil })
        }
    }

    /// The IDs of a fetch, after its container, model and context are gone.
    private func idsOutlivingTheirModel() throws -> [ObjectID] {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        let context = container.newBackgroundContext()
        return try context.performAndWait {
            try context.fetch(FetchRequest(entityName: "User")).map(\.objectID)
        }
    }

    @Test("an object ID outlives its model: its entity is never freed")
    func idOutlivesModel() throws {
        // IDs hold their entity unretained (UncheckedState.swift, invariant 5); the
        // entity keeps itself alive, so the container going takes nothing from them.
        let ids = try idsOutlivingTheirModel()
        try #require(ids.count == 3)
        weak let entity = ids[0].entity
        #expect(entity != nil)
        #expect(ids.allSatisfy { $0.entityName == "User" && !$0.isTemporaryID })
        #expect(Set(ids).count == 3)
        #expect(ids[0] == ids[0] && ids[0] != ids[1])
        #expect(ids[0].uriRepresentation().absoluteString.hasSuffix("/User/p\(ids[0].primaryKey!)"))
    }
}
