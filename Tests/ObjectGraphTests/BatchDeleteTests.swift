import Foundation
import ObjectGraph
import SQLiteDB
import Testing

/// Batch delete with delete rules as temporary triggers, and merging batch changes.
@Suite struct BatchDeleteTests {
    private static let folders = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Folder", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "files", destination: "File", inverse: "folder", isToMany: true,
                    deleteRule: .deny)
            ]),
        EntityDescription(
            name: "File", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(name: "folder", destination: "Folder", inverse: "files")
            ]),
    ])

    private func tagged(_ container: PersistentContainer) throws {
        try inContext(container) { context in
            let tag = context.insertNewObject(forEntityName: "Tag")
            for post in try context.fetch(FetchRequest(entityName: "Post")) {
                try post.addObject(tag, toRelationship: "tags")
            }
            try context.save()
        }
    }

    @Test("cascade: one DELETE plus 3 trigger creations and 3 drops in one transaction")
    func cascade() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 4)
        try tagged(container)
        log.clear()
        container.resetStatistics()
        let result = try inContext(container) { context in
            let fetch = FetchRequest(entityName: "User")
            fetch.predicate = try FetchPredicate(format: "name != %@", "u1")
            let request = BatchDeleteRequest(fetchRequest: fetch)
            request.resultType = .count
            return try context.execute(request)
        }
        #expect(result == .count(2))
        let sql = log.sql
        #expect(sql.first == "BEGIN EXCLUSIVE")
        #expect(sql.last == "COMMIT")
        #expect(
            Array(sql[1...3]) == [
                "CREATE TEMP TRIGGER ZQ_ZUSER_User_posts_CASCADE AFTER DELETE ON ZUSER FOR EACH "
                    + "ROW BEGIN DELETE FROM ZPOST WHERE ZAUTHOR = OLD.Z_PK; END",
                "CREATE TEMP TRIGGER ZQ_ZPOST_Post_author_NULLIFY AFTER DELETE ON ZPOST FOR EACH "
                    + "ROW BEGIN UPDATE OR FAIL ZUSER SET Z_OPT = (Z_OPT + 1) WHERE Z_PK = "
                    + "OLD.ZAUTHOR; END",
                "CREATE TEMP TRIGGER ZQ_ZPOST_Post_tags_NULLIFY AFTER DELETE ON ZPOST FOR EACH ROW "
                    + "BEGIN DELETE FROM Z_1TAGS WHERE Z_1POSTS = OLD.Z_PK; END",
            ])
        #expect(sql[4] == "DELETE FROM ZUSER AS t0 WHERE t0.ZNAME IS NOT ?")
        #expect(sql[5...7].allSatisfy { $0.hasPrefix("DROP TRIGGER IF EXISTS ZQ_") })
        let stats = container.statistics
        #expect(stats.deleteCount == 1)
        #expect(stats.statementCount == 3 + 1 + 3)
        try inContext(container) { context in
            #expect(try context.count(for: FetchRequest(entityName: "Post")) == 4)
            let tag = try #require(try context.fetch(FetchRequest(entityName: "Tag")).first)
            #expect((tag.value(forKey: "posts") as? Set<ManagedObject>)?.count == 4)
        }
    }

    @Test("deny: related rows fail the request and nothing is deleted")
    func deny() throws {
        let container = try Fixtures.container(model: Self.folders)
        try inContext(container) { context in
            let full = context.insertNewObject(forEntityName: "Folder")
            full.setValue("full", forKey: "name")
            context.insertNewObject(forEntityName: "Folder").setValue("empty", forKey: "name")
            context.insertNewObject(forEntityName: "File").setValue(full, forKey: "folder")
            try context.save()
        }
        let context = container.newBackgroundContext()
        context.performAndWait {
            let request = BatchDeleteRequest(fetchRequest: FetchRequest(entityName: "Folder"))
            #expect(throws: SQLiteError.self) { _ = try context.execute(request) }
        }
        try inContext(container) { context in
            #expect(try context.count(for: FetchRequest(entityName: "Folder")) == 2)
            let fetch = FetchRequest(entityName: "Folder")
            fetch.predicate = try FetchPredicate(format: "name == %@", "empty")
            #expect(try context.execute(BatchDeleteRequest(fetchRequest: fetch)) == .status(true))
            #expect(try context.count(for: FetchRequest(entityName: "Folder")) == 1)
        }
    }

    @Test("delete by IDs, then merge: deleted objects leave the live context")
    func mergeDeletes() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 2)
        let live = container.newBackgroundContext()
        let users = try live.performAndWait {
            let request = FetchRequest(entityName: "User")
            request.sortDescriptors = [SortKey("name")]
            return Array(try live.fetch(request))
        }
        let ids = live.performAndWait { [users[0].objectID] }
        let result = try inContext(container) { context in
            let request = BatchDeleteRequest(objectIDs: ids)
            request.resultType = .objectIDs
            return try context.execute(request)
        }
        #expect(result.objectIDs == ids)
        ManagedObjectContext.mergeChanges(
            fromRemoteContextSave: [ManagedObjectContext.deletedObjectsKey: ids], into: [live])
        live.performAndWait {
            #expect(users[0].managedObjectContext == nil)
            #expect(throws: KeyValueError.noContext(object: ids[0])) {
                try users[0].checkedValue(forKey: "name")
            }
            #expect(!live.registeredObjects.contains(users[0]))
            #expect(users[1].value(forKey: "name") as? String == "u1")
        }
    }

    @Test("batch update, then merge: updated objects read the new values")
    func mergeUpdates() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        let live = container.newBackgroundContext()
        let users = try live.performAndWait {
            let users = Array(try live.fetch(FetchRequest(entityName: "User")))
            _ = users.map { $0.value(forKey: "name") }
            return users
        }
        let result = try inContext(container) { context in
            let request = BatchUpdateRequest(entityName: "User")
            request.propertiesToUpdate = ["name": "renamed"]
            request.resultType = .objectIDs
            return try context.execute(request)
        }
        try #require(users.count == 3)
        #expect(Set(result.objectIDs ?? []) == Set(users.map(\.objectID)))
        live.performAndWait {
            #expect(users.allSatisfy { $0.value(forKey: "name") as? String != "renamed" })
        }
        ManagedObjectContext.mergeChanges(
            fromRemoteContextSave: [ManagedObjectContext.updatedObjectsKey: result.objectIDs ?? []],
            into: [live])
        container.resetStatistics()
        live.performAndWait {
            #expect(users.allSatisfy { $0.isFault })
            #expect(users.allSatisfy { $0.value(forKey: "name") as? String == "renamed" })
        }
        #expect(container.statistics.selectCount == 3)
    }
}
