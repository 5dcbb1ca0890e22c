import Foundation
import ObjectGraph
import Testing

@Suite struct UndoTests {
    @Test("the view context has an undo manager; background contexts have none")
    func defaults() throws {
        let container = try Fixtures.container()
        #expect(container.viewContext.undoManager != nil)
        #expect(container.newBackgroundContext().undoManager == nil)
    }

    /// Foundation's UndoManager: "disableUndoRegistration() Disables the recording of
    /// undo operations, whether by registerUndo(withTarget:selector:object:) or by
    /// invocation-based undo"; calls nest and enableUndoRegistration() balances one
    /// (https://developer.apple.com/documentation/foundation/undomanager/disableundoregistration()).
    @Test("disabled registration records nothing; calls nest; enabling resumes")
    func disabledRegistration() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let context = container.viewContext
        let user = try context.performAndWait {
            try context.fetch(FetchRequest(entityName: "User"))[0]
        }
        let manager = try #require(context.undoManager)
        context.performAndWait { user.setValue("recorded", forKey: "name") }
        context.performAndWait {
            manager.disableUndoRegistration()
            manager.disableUndoRegistration()
            #expect(!manager.isUndoRegistrationEnabled)
            user.setValue(Int64(77), forKey: "age")
            _ = context.insertNewObject(forEntityName: "Tag")
            manager.enableUndoRegistration()
            #expect(!manager.isUndoRegistrationEnabled)
            user.setValue(Int64(78), forKey: "age")
            manager.enableUndoRegistration()
            #expect(manager.isUndoRegistrationEnabled)
            manager.enableUndoRegistration()  // unbalanced: nothing happens
            #expect(manager.isUndoRegistrationEnabled)
        }
        context.performAndWait {
            context.undo()  // the one recorded group: the name
            #expect(user.value(forKey: "name") as? String == "u0")
            #expect(user.value(forKey: "age") as? Int64 == 78)
            #expect(context.insertedObjects.count == 1)
            #expect(!manager.canUndo)
        }
    }

    @Test("one event's changes form one group: undo restores all of them, redo reapplies")
    func attributeGroup() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let context = container.viewContext
        let user = try context.performAndWait {
            try context.fetch(FetchRequest(entityName: "User"))[0]
        }
        context.performAndWait {
            user.setValue("first", forKey: "name")
            user.setValue("second", forKey: "name")
            user.setValue(Int64(99), forKey: "age")
        }
        context.performAndWait { user.setValue("third", forKey: "name") }
        context.performAndWait {
            context.undo()
            #expect(user.value(forKey: "name") as? String == "second")
            context.undo()
            #expect(user.value(forKey: "name") as? String == "u0")
            #expect(user.value(forKey: "age") as? Int64 == 20)
            #expect(!context.hasChanges)
            #expect(context.undoManager?.canUndo == false)
            context.redo()
            #expect(user.value(forKey: "name") as? String == "second")
            #expect(user.value(forKey: "age") as? Int64 == 99)
            context.redo()
            #expect(user.value(forKey: "name") as? String == "third")
            #expect(context.undoManager?.canRedo == false)
        }
    }

    @Test("undo of an insert removes the object; redo brings it back")
    func insert() throws {
        let container = try Fixtures.container()
        let context = container.viewContext
        let tag = context.performAndWait {
            let tag = context.insertNewObject(forEntityName: "Tag")
            tag.setValue("new", forKey: "name")
            return tag
        }
        context.performAndWait {
            #expect(context.insertedObjects.count == 1)
            context.undo()
            #expect(context.insertedObjects.isEmpty)
            #expect(!context.hasChanges)
            context.redo()
            #expect(context.insertedObjects.count == 1)
            #expect(tag.value(forKey: "name") as? String == "new")
        }
    }

    @Test("undo of a delete and of a relationship change restores both sides")
    func deleteAndRelationships() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 1)
        let context = container.viewContext
        let (users, post) = try context.performAndWait {
            let users = Array(try context.fetch(FetchRequest(entityName: "User")))
            let post = try context.fetch(FetchRequest(entityName: "Post"))[0]
            _ = users.map { $0.value(forKey: "posts") }
            return (users, post)
        }
        context.performAndWait { post.setValue(users[1], forKey: "author") }
        context.performAndWait {
            #expect((users[1].value(forKey: "posts") as? Set<ManagedObject>)?.count == 2)
            context.undo()
            #expect(post.value(forKey: "author") as? ManagedObject === users[0])
            #expect(
                (users[0].value(forKey: "posts") as? Set<ManagedObject>)?.contains(post) == true)
            #expect((users[1].value(forKey: "posts") as? Set<ManagedObject>)?.count == 1)
        }
        context.performAndWait { context.delete(users[1]) }
        context.performAndWait {
            #expect(users[1].isDeleted && context.deletedObjects.count == 2)  // cascade
            context.undo()
            #expect(!users[1].isDeleted)
            #expect(context.deletedObjects.isEmpty)
        }
    }

    @Test("undo after save makes the context dirty again, and saving writes the old value")
    func undoAfterSave() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let context = container.viewContext
        try context.performAndWait {
            let user = try context.fetch(FetchRequest(entityName: "User"))[0]
            user.setValue("saved", forKey: "name")
            try context.save()
            #expect(!context.hasChanges)
            context.undo()
            #expect(context.hasChanges)
            #expect(user.value(forKey: "name") as? String == "u0")
            try context.save()
        }
        let names = try inContext(container) { context in
            try context.fetch(FetchRequest(entityName: "User")).map {
                $0.value(forKey: "name") as? String
            }
        }
        #expect(names == ["u0"])
    }

    @Test("explicit grouping spans events; a new change clears redo")
    func explicitGrouping() throws {
        let container = try Fixtures.container()
        let context = container.viewContext
        let undo = try #require(context.undoManager)
        context.performAndWait {
            undo.beginUndoGrouping()
            context.insertNewObject(forEntityName: "Tag").setValue("a", forKey: "name")
        }
        context.performAndWait {
            context.insertNewObject(forEntityName: "Tag").setValue("b", forKey: "name")
            undo.endUndoGrouping()
            context.undo()
            #expect(context.insertedObjects.isEmpty)
            #expect(undo.canRedo)
            _ = context.insertNewObject(forEntityName: "Tag")
            context.processPendingChanges()
            #expect(!undo.canRedo)
        }
    }
}
