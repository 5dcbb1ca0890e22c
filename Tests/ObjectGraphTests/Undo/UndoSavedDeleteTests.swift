import Foundation
import ObjectGraph
import Testing

/// Undoing a deletion that was already saved re-inserts the objects, as Core Data does:
/// under their old IDs, with their values and relationships, so the next save writes
/// their rows again.
@Suite struct UndoSavedDeleteTests {
    /// A file-less container with one user, two posts by them, and a tag on the first.
    private func seeded() throws -> PersistentContainer {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 2)
        try inContext(container) { context in
            let tag = context.insertNewObject(forEntityName: "Tag")
            tag.setValue("swift", forKey: "name")
            let request = FetchRequest(entityName: "Post")
            request.sortDescriptors = [SortKey("title")]
            try context.fetch(request)[0].addObject(tag, toRelationship: "tags")
            try context.save()
        }
        return container
    }

    /// Users, posts and tag links in the store, as (name, [post titles by author],
    /// [tag name: post titles]).
    private func stored(_ container: PersistentContainer) throws -> [String] {
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User")).map { user in
                let titles = (user.value(forKey: "posts") as? Set<ManagedObject> ?? [])
                    .compactMap { $0.value(forKey: "title") as? String }.sorted()
                return "\(user.value(forKey: "name") as? String ?? "?"): \(titles)"
            }
            let tags = try context.fetch(FetchRequest(entityName: "Tag")).map { tag in
                let titles = (tag.value(forKey: "posts") as? Set<ManagedObject> ?? [])
                    .compactMap { $0.value(forKey: "title") as? String }.sorted()
                return "#\(tag.value(forKey: "name") as? String ?? "?"): \(titles)"
            }
            return users + tags
        }
    }

    @Test("undo after a saved cascade delete re-inserts the objects under their old IDs")
    func undoSavedDelete() throws {
        let container = try seeded()
        let before = try stored(container)
        #expect(before == [#"u0: ["p0-0", "p0-1"]"#, #"#swift: ["p0-0"]"#])
        let context = container.viewContext
        try context.performAndWait {
            let user = try context.fetch(FetchRequest(entityName: "User"))[0]
            let id = user.objectID
            context.delete(user)  // cascades to both posts, nullifies the tag's link
            #expect(context.deletedObjects.count == 3)
            try context.save()
            #expect(try context.count(for: FetchRequest(entityName: "Post")) == 0)

            context.undo()
            #expect(context.hasChanges)
            #expect(context.insertedObjects.count == 3)
            #expect(user.isInserted && !user.isDeleted && user.managedObjectContext === context)
            #expect(user.objectID == id, "the old permanent ID, so undo records still name it")
            #expect(user.value(forKey: "name") as? String == "u0")
            #expect((user.value(forKey: "posts") as? Set<ManagedObject>)?.count == 2)
            container.resetStatistics()
            try context.save()
            let stats = container.statistics
            #expect(stats.insertCount == 4, "the user, two posts and the tag's join row")
            #expect(stats.updateCount == 1, "the tag, whose posts changed, as when it lost one")
            #expect(stats.deleteCount == 0)
            #expect(!context.hasChanges && !user.isInserted)
            #expect(user.objectID == id)
        }
        let restored = try stored(container)
        #expect(restored == before)

        try context.performAndWait {
            context.redo()
            #expect(context.deletedObjects.count == 3)
            try context.save()
        }
        let deletedAgain = try stored(container)
        #expect(deletedAgain == [#"#swift: []"#])
    }

    @Test(
        "a rollback after undoing a saved deletion forgets the re-inserted objects and the undo stack"
    )
    func undoAfterRollbackOfReinsert() throws {
        let container = try seeded()
        let context = container.viewContext
        try context.performAndWait {
            let user = try context.fetch(FetchRequest(entityName: "User"))[0]
            context.delete(user)
            try context.save()
            context.undo()
            #expect(context.insertedObjects.count == 3)
            context.rollback()
            #expect(!context.hasChanges)
            #expect(context.undoManager?.canUndo == false, "rollback empties the undo stack")
            #expect(try context.count(for: FetchRequest(entityName: "User")) == 0)
        }
    }
}
