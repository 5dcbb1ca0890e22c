import Foundation
import ObjectGraph
import Testing

@Suite struct ManagedObjectContextTests {
    @Test("hasChanges and the inserted, updated and deleted sets")
    func changeSets() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        try inContext(container) { context in
            #expect(!context.hasChanges)
            let users = try context.fetch(FetchRequest(entityName: "User"))
            let new = context.insertNewObject(forEntityName: "Tag")
            users[0].setValue("changed", forKey: "name")
            context.delete(users[1])
            #expect(context.hasChanges)
            #expect(context.insertedObjects == [new])
            #expect(context.updatedObjects == [users[0]])
            #expect(context.deletedObjects == [users[1]])
            #expect(users[1].isDeleted && new.isInserted)
            try context.save()
            #expect(!context.hasChanges)
            #expect(context.insertedObjects.isEmpty && context.deletedObjects.isEmpty)
            #expect(users[1].managedObjectContext == nil)
            #expect(try context.count(for: FetchRequest(entityName: "User")) == 1)
        }
    }

    @Test("rollback discards inserts, updates and deletes without SQL")
    func rollback() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            _ = users.map { $0.value(forKey: "name") }
            let tag = context.insertNewObject(forEntityName: "Tag")
            users[0].setValue("changed", forKey: "name")
            context.delete(users[1])
            container.resetStatistics()
            context.rollback()
            #expect(!context.hasChanges)
            #expect(tag.managedObjectContext == nil)
            #expect(users[0].value(forKey: "name") as? String == "u0")
            #expect(!users[1].isDeleted)
            #expect(container.statistics.statementCount == 0)
        }
    }

    @Test("reset forgets objects and evicts their rows from the row cache")
    func reset() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            #expect(container.rowCacheCount == 3)
            let id = users[0].objectID
            context.reset()
            #expect(container.rowCacheCount == 0)
            #expect(users[0].managedObjectContext == nil)
            #expect(context.registeredObjects.isEmpty)
            container.resetStatistics()
            let again = context.object(with: id)
            #expect(again !== users[0])
            #expect(again.value(forKey: "name") as? String == "u0")
            #expect(container.statistics.rowCacheMisses == 1)
        }
    }

    /// What the save's row snapshot of an inserted object buys: the row goes into the
    /// row cache, so a refreshed object and another context's fault read it without a
    /// SELECT (Apple, refresh(_:mergeChanges:): "reloads the object's property values
    /// from the store or the cache"; `stalenessInterval`: fulfilling a fault reuses
    /// cached data by default). Without it each read below would be one row fault.
    @Test("a saved insert's row is cached: a refresh and another context's fault run no SQL")
    func savedInsertIsCached() throws {
        let container = try Fixtures.container()
        // The saving context stays alive: a cached row lives while a context holds it.
        let context = container.newBackgroundContext()
        let id = try context.performAndWait {
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("new", forKey: "name")
            try context.save()
            #expect(container.rowCacheCount == 1)
            container.resetStatistics()
            context.refresh(user, mergeChanges: false)
            #expect(user.isFault)
            #expect(user.value(forKey: "name") as? String == "new")
            #expect(container.statistics.rowCacheHits == 1)
            #expect(container.statistics.selectCount == 0)
            return user.objectID
        }
        let other = container.newBackgroundContext()
        try other.performAndWait {
            container.resetStatistics()
            let user = try other.existingObject(with: id)
            #expect(user.value(forKey: "name") as? String == "new")
            #expect(container.statistics.rowCacheHits == 1)
            #expect(container.statistics.selectCount == 0)
        }
        withExtendedLifetime(context) {}
    }

    /// A changed object refreshed with mergeChanges stays materialized (Apple,
    /// refresh(_:mergeChanges:): "reloads the object's property values from the store or
    /// the cache. Then the context applies local changes"; CoreDataPlus's
    /// test_InvestigationRefreshAllObjects on Core Data). It was a fault here before
    /// issue 33.
    @Test("refresh(mergeChanges: false) faults and drops changes; true keeps them, loaded")
    func refresh() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        try inContext(container) { context in
            let user = try #require(try context.fetch(FetchRequest(entityName: "User")).first)
            user.setValue("draft", forKey: "name")
            context.refresh(user, mergeChanges: true)
            #expect(!user.isFault)
            #expect(user.value(forKey: "name") as? String == "draft")
            context.refresh(user, mergeChanges: false)
            #expect(user.isFault && !context.hasChanges)
            container.resetStatistics()
            #expect(user.value(forKey: "name") as? String == "u0")
            #expect(container.statistics.rowCacheHits == 1)
            #expect(container.statistics.selectCount == 0)
        }
    }

    @Test("object(with:) makes a fault without SQL; existingObject(with:) loads it or throws")
    func lookups() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let id = try inContext(container) {
            try $0.fetch(FetchRequest(entityName: "User"))[0].objectID
        }
        try inContext(container) { context in
            container.resetStatistics()
            let fault = context.object(with: id)
            #expect(fault.isFault)
            #expect(container.statistics.statementCount == 0)
            let loaded = try context.existingObject(with: id)
            #expect(loaded === fault && !loaded.isFault)
            context.delete(loaded)
            try context.save()
            #expect(throws: KeyValueError.faultNotFulfilled(object: id)) {
                try context.existingObject(with: id)
            }
        }
    }

    @Test("the main-queue view context works through performAndWait from a test thread")
    func viewContext() throws {
        let container = try Fixtures.container()
        let context = container.viewContext
        #expect(context.concurrencyType == .mainQueue)
        let count = try context.performAndWait {
            context.insertNewObject(forEntityName: "Tag").setValue("a", forKey: "name")
            try context.save()
            return try context.count(for: FetchRequest(entityName: "Tag"))
        }
        #expect(count == 1)
    }

    @Test("async perform runs on the context's queue and returns a Sendable result")
    func asyncPerform() async throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let name = try await context.perform {
            let tag = context.insertNewObject(forEntityName: "Tag")
            tag.setValue("async", forKey: "name")
            try context.save()
            return try context.fetch(FetchRequest(entityName: "Tag"))[0].value(forKey: "name")
                as? String
        }
        #expect(name == "async")
    }

    @Test("using a context off its queue stops the program in debug builds")
    func confinement() async {
        await #expect(processExitsWith: .failure) {
            let container = try Fixtures.container()
            let context = container.newBackgroundContext()
            _ = context.insertNewObject(forEntityName: "Tag")
        }
    }

    @Test("two background contexts see each other's saves through the store")
    func twoContexts() throws {
        let container = try Fixtures.container()
        let writer = container.newBackgroundContext()
        let reader = container.newBackgroundContext()
        try writer.performAndWait {
            writer.insertNewObject(forEntityName: "Tag").setValue("shared", forKey: "name")
            try writer.save()
        }
        let names = try reader.performAndWait {
            try reader.fetch(FetchRequest(entityName: "Tag")).map {
                $0.value(forKey: "name") as? String
            }
        }
        #expect(names == ["shared"])
    }
}
