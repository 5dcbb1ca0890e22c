import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

@Suite struct SaveTests {
    private func fileContainer(_ path: String, log: LogLines? = nil) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Save", model: Fixtures.social)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        container.sqlDebugLog = log.map { SQLDebugLog(level: 1, output: $0.sink) }
        try container.loadPersistentStores()
        return container
    }

    /// Every row of every data table, for comparing whole databases.
    private func dump(_ path: String) throws -> [String] {
        let connection = try Connection(location: .file(path))
        var rows: [String] = []
        for table in ["Z_PRIMARYKEY", "ZUSER", "ZPOST", "ZTAG", "Z_1TAGS"] {
            rows += try connection.fetchAll(SQL(text: "SELECT * FROM \(table) ORDER BY 1")) {
                table + ": " + $0.row().map(\.description).joined(separator: ", ")
            }
        }
        return rows
    }

    @Test("an update sets only the changed columns and Z_OPT, guarded by Z_OPT; a delete too")
    func updateAndDeleteShapes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("save.sqlite")
        let log = LogLines()
        let container = try fileContainer(path, log: log)
        try Fixtures.seed(container, users: 2, posts: 0)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            users[0].setValue("renamed", forKey: "name")
            context.delete(users[1])
            log.clear()
            try context.save()
        }
        #expect(
            log.sql == [
                "BEGIN EXCLUSIVE",
                "UPDATE ZUSER SET ZNAME = ?, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?",
                "DELETE FROM ZUSER WHERE Z_PK = ? AND Z_OPT = ?",
                "COMMIT",
            ])
        #expect(
            try dump(path).filter { $0.hasPrefix("ZUSER") } == ["ZUSER: 1, 3, 2, 20, 'renamed'"])
    }

    @Test("a save that fails midway leaves the database and the context exactly as they were")
    func failedSaveIsAtomic() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("atomic.sqlite")
        let container = try fileContainer(path)
        try Fixtures.seed(container, users: 2, posts: 1)
        let raw = try Connection(location: .file(path))
        try raw.execute(
            script: "CREATE TRIGGER boom BEFORE INSERT ON ZTAG WHEN NEW.ZNAME = 'boom' "
                + "BEGIN SELECT RAISE(ABORT, 'boom'); END")
        let before = try dump(path)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            let users = try context.fetch(FetchRequest(entityName: "User"))
            users[0].setValue("changed", forKey: "name")
            context.delete(users[1])
            let good = context.insertNewObject(forEntityName: "Tag")
            good.setValue("ok", forKey: "name")
            let bad = context.insertNewObject(forEntityName: "Tag")
            bad.setValue("boom", forKey: "name")
            let error = #expect(throws: SaveError.self) { try context.save() }
            guard case .sqlite(let sqliteError, _) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(sqliteError.code.primary == .SQLITE_CONSTRAINT)
            #expect(try dump(path) == before)
            #expect(context.hasChanges)
            #expect(context.insertedObjects == [good, bad])
            #expect(good.objectID.isTemporaryID && bad.objectID.isTemporaryID)
            #expect(context.updatedObjects == [users[0]])
            #expect(context.deletedObjects.contains(users[1]))
            #expect(users[0].value(forKey: "name") as? String == "changed")
            try raw.execute(script: "DROP TRIGGER boom")
            try context.save()
        }
        let after = try dump(path)
        #expect(after.contains("ZUSER: 1, 3, 2, 20, 'changed'"))
        #expect(after.filter { $0.hasPrefix("ZTAG") }.count == 2)
    }

    @Test("a row changed under us fails the save with an optimistic-locking error listing it")
    func optimisticLocking() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("locking.sqlite")
        let first = try fileContainer(path)
        try Fixtures.seed(first, users: 2, posts: 0)
        let second = try fileContainer(path)
        let context = first.newBackgroundContext()
        let users = try context.performAndWait {
            let users = try context.fetch(FetchRequest(entityName: "User"))
            _ = users.map { $0.value(forKey: "name") }
            return users.map(\.objectID)
        }
        try inContext(second) { other in
            let user = try other.existingObject(with: users[0])
            user.setValue("theirs", forKey: "name")
            try other.save()
        }
        context.performAndWait {
            let mine = context.object(with: users[0])
            mine.setValue("mine", forKey: "name")
            context.object(with: users[1]).setValue("also mine", forKey: "name")
            let error = #expect(throws: SaveError.self) { try context.save() }
            guard case .optimisticLockingFailure(let conflicts) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(conflicts.map(\.objectID) == [users[0]])
            #expect(error?.conflictedObjectIDs == [users[0]])
            #expect(mine.value(forKey: "name") as? String == "mine")
            #expect(context.hasChanges)
        }
        #expect(try dump(path).contains("ZUSER: 1, 3, 2, 20, 'theirs'"))
        #expect(try dump(path).contains("ZUSER: 2, 3, 1, 21, 'u1'"))
    }

    @Test("deleting an object whose row vanished meanwhile is an optimistic-locking conflict")
    func vanishedRow() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let id = try inContext(container) {
            try $0.fetch(FetchRequest(entityName: "User"))[0].objectID
        }
        try inContext(container) { other in
            other.delete(try other.existingObject(with: id))
            try other.save()
        }
        inContext(container) { context in
            context.delete(context.object(with: id))
            let error = #expect(throws: SaveError.self) { try context.save() }
            guard case .optimisticLockingFailure(let conflicts) = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(conflicts.map(\.objectID) == [id])
        }
    }

    @Test("inserted objects referencing each other are saved with permanent keys")
    func insertGraph() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("graph.sqlite")
        let container = try fileContainer(path)
        try inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("Alice", forKey: "name")
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue("Hello", forKey: "title")
            post.setValue(user, forKey: "author")
            try context.save()
            #expect(post.value(forKey: "author") as? ManagedObject === user)
        }
        let rows = try dump(path)
        #expect(rows.contains("ZUSER: 1, 3, 1, NULL, 'Alice'"))
        #expect(rows.contains("ZPOST: 1, 1, 1, 1, 0, NULL, NULL, 'Hello'"))
        #expect(rows.contains("Z_PRIMARYKEY: 3, 'User', 0, 1"))
    }
}
