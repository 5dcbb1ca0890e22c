import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

@Suite struct PersistentHistoryTests {
    private func container(_ path: String, tracking: Bool = true, log: LogLines? = nil) throws
        -> PersistentContainer
    {
        let container = PersistentContainer(name: "History", model: Fixtures.social)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.isPersistentHistoryTrackingEnabled = tracking
        container.persistentStoreDescriptions = [description]
        container.sqlDebugLog = log.map { SQLDebugLog(level: 1, output: $0.sink) }
        try container.loadPersistentStores()
        return container
    }

    private func rows(_ path: String, _ sql: String) throws -> [String] {
        let connection = try Connection(location: .file(path))
        return try connection.fetchAll(SQL(text: sql)) {
            $0.row().map(\.description).joined(separator: ", ")
        }
    }

    @Test("a save with history on runs exactly 1 + changes more INSERTs, in its transaction")
    func saveStatements() throws {
        let directory = try TemporaryDirectory()
        let log = LogLines()
        let container = try container(directory.path("h.sqlite"), log: log)
        try inContext(container) { context in
            context.name = "editor"
            context.transactionAuthor = "app"
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("Ada", forKey: "name")
            try context.save()  // first save: writes the four transaction strings
            user.setValue("Ada L", forKey: "name")
            user.setValue(Int64(36), forKey: "age")
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue("p", forKey: "title")
            log.clear()
            try context.save()
        }
        #expect(
            log.sql == [
                "BEGIN EXCLUSIVE",
                "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                "COMMIT",
                "BEGIN EXCLUSIVE",
                "INSERT INTO ZPOST(Z_PK, Z_ENT, Z_OPT, ZISDRAFT, ZPUBLISHED, ZSCORE, ZTITLE, "
                    + "ZAUTHOR) VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
                "UPDATE ZUSER SET ZAGE = ?, ZNAME = ?, Z_OPT = ? WHERE Z_PK = ? AND Z_OPT = ?",
                "INSERT INTO ATRANSACTION(Z_ENT, Z_OPT, ZAUTHORTS, ZBUNDLEIDTS, ZCONTEXTNAMETS, "
                    + "ZPROCESSIDTS, ZTIMESTAMP) VALUES(?, 1, ?, ?, ?, ?, ?) RETURNING Z_PK",
                "INSERT INTO ACHANGE(Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, "
                    + "ZTRANSACTIONID, ZCOLUMNS) VALUES(?, 1, ?, ?, ?, ?, ?)",
                "INSERT INTO ACHANGE(Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, "
                    + "ZTRANSACTIONID, ZCOLUMNS) VALUES(?, 1, ?, ?, ?, ?, ?)",
                "COMMIT",
            ])
    }

    @Test("the first save writes each transaction string once; the rows hold the change")
    func rowContents() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("rows.sqlite")
        let log = LogLines()
        let container = try container(path, log: log)
        try inContext(container) { context in
            context.name = "editor"
            context.transactionAuthor = "app"
            context.insertNewObject(forEntityName: "User").setValue("Ada", forKey: "name")
            try context.save()
        }
        #expect(log.sql.filter { $0.hasPrefix("INSERT INTO ATRANSACTIONSTRING") }.count == 4)
        let strings = try rows(path, "SELECT Z_PK, Z_ENT, ZNAME FROM ATRANSACTIONSTRING ORDER BY 1")
        #expect(strings.count == 4)
        #expect(strings[0] == "1, 16003, 'app'" && strings[1] == "2, 16003, 'editor'")
        #expect(
            try rows(path, "SELECT Z_PK, Z_ENT, ZAUTHORTS, ZCONTEXTNAMETS FROM ATRANSACTION")
                == ["1, 16002, 1, 2"])
        #expect(
            try rows(
                path,
                "SELECT Z_ENT, ZCHANGETYPE, ZENTITY = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE "
                    + "Z_NAME = 'User'), ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS FROM ACHANGE")
                == ["16001, 0, 1, 1, 1, NULL"])
    }

    @Test("fetching after a token returns later transactions with authors and changed names")
    func fetchAfterToken() throws {
        let directory = try TemporaryDirectory()
        let container = try container(directory.path("fetch.sqlite"))
        let history = try inContext(container) { context in
            context.transactionAuthor = "importer"
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("Ada", forKey: "name")
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(user, forKey: "author")
            try context.save()
            let first = try context.execute(.fetchHistory(after: nil)).transactions
            context.transactionAuthor = "editor"
            post.setValue("t", forKey: "title")
            try context.save()
            context.delete(post)
            try context.save()
            return (first, try context.execute(.fetchHistory(after: first.last?.token)))
        }
        let (first, later) = (history.0, history.1.transactions)
        #expect(first.count == 1 && first[0].author == "importer")
        #expect(first[0].changes.map(\.changeType) == [.insert, .insert])
        // changeID is the ACHANGE row's Z_PK: one row per change, numbered in order.
        let changeIDs = (first + later).flatMap { $0.changes.map(\.changeID) }
        #expect(changeIDs == Array(1...Int64(changeIDs.count)))
        #expect(later.map(\.author) == ["editor", "editor"])
        #expect(later[0].changes.count == 1)
        #expect(later[0].changes[0].changeType == .update)
        #expect(later[0].changes[0].updatedProperties == ["title"])
        #expect(later[0].changes[0].changedObjectID.entityName == "Post")
        #expect(later[1].changes.map(\.changeType) == [.update, .delete])
        #expect(later[1].changes[0].updatedProperties == ["posts"])
        #expect(later[1].changes[0].changedObjectID.entityName == "User")
        #expect(later[0].token > first[0].token && later[1].token > later[0].token)
    }

    @Test("deleting before a token keeps it and later ones; tokens never repeat")
    func deleteBeforeToken() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("trim.sqlite")
        let container = try container(path)
        try inContext(container) { context in
            for index in 0..<3 {
                context.insertNewObject(forEntityName: "Tag").setValue("\(index)", forKey: "name")
                try context.save()
            }
            let all = try context.execute(.fetchHistory(after: nil)).transactions
            let trimmed = try context.execute(.deleteHistory(before: all[2].token))
            #expect(trimmed.deletedTransactionCount == 2)
            #expect(try context.execute(.fetchHistory(after: nil)).transactions.count == 1)
            #expect(try rows(path, "SELECT count(*) FROM ACHANGE") == ["1"])
            #expect(try context.execute(.deleteHistory(before: nil)).deletedTransactionCount == 1)
            _ = context.insertNewObject(forEntityName: "Tag")
            try context.save()
            let next = try context.execute(.fetchHistory(after: nil)).transactions
            #expect(next.map(\.token.transactionNumber) == [4])
            let recent = try context.execute(.fetchHistory(after: Date().addingTimeInterval(-60)))
            #expect(recent.transactions.count == 1)
        }
    }

    @Test("a second container on the same file reads and merges the first one's saves")
    func mergeFromAnotherContainer() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let writer = try container(path)
        try Fixtures.seed(writer, users: 2, posts: 0)
        let reader = try container(path)
        let viewer = reader.newBackgroundContext()
        let (held, start) = try viewer.performAndWait {
            () throws -> ([ManagedObject], PersistentHistoryToken?) in
            let users = Array(try viewer.fetch(FetchRequest(entityName: "User")))
            #expect(users.map { $0.value(forKey: "name") as? String } == ["u0", "u1"])
            return (users, try viewer.execute(.fetchHistory(after: nil)).transactions.last?.token)
        }
        try inContext(writer) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            users[0].setValue("renamed", forKey: "name")
            context.delete(users[1])
            try context.save()
        }
        try viewer.performAndWait {
            let found = try viewer.execute(.fetchHistory(after: start)).transactions
            #expect(found.count == 1)
            #expect(found.first?.changes.map(\.changeType) == [.update, .delete])
            reader.resetStatistics()
            viewer.mergeChanges(fromHistory: found)
            #expect(reader.statistics.selectCount == 0)
            #expect(held[0].value(forKey: "name") as? String == "renamed")
            #expect(reader.statistics.selectCount == 1)
            #expect(held[1].managedObjectContext == nil)
        }
    }

    /// Apple, NSPersistentHistoryTransaction: "a set of changes based on a context save
    /// or batch operation"
    /// (https://developer.apple.com/documentation/coredata/nspersistenthistorytransaction).
    /// Before issue 33 batch requests left no history here.
    @Test("batch insert, update and delete each record one history transaction")
    func batchRequestsRecordHistory() throws {
        let directory = try TemporaryDirectory()
        let log = LogLines()
        let container = try container(directory.path("batch.sqlite"), log: log)
        let transactions = try inContext(container) { context in
            context.transactionAuthor = "importer"
            let insert = BatchInsertRequest(
                entityName: "User",
                objects: [["name": "a", "age": Int64(1)], ["name": "b", "age": Int64(2)]])
            let inserted = try context.execute(insert)
            let update = BatchUpdateRequest(entityName: "User")
            update.predicate = try FetchPredicate(format: "name == %@", "a")
            update.propertiesToUpdate = ["age": Int64(10)]
            log.clear()
            let updated = try context.execute(update)
            let updateSQL = log.sql
            let delete = BatchDeleteRequest(
                fetchRequest: try request("User", where: "name == %@", "b"))
            try context.execute(delete)
            #expect(inserted.count == nil || inserted.count == 2)
            #expect(updated.count == nil || updated.count == 1)
            // BEGIN, the UPDATE … RETURNING, the history INSERTs (transaction, 1 change), COMMIT.
            #expect(updateSQL.filter { $0.hasPrefix("UPDATE") }.count == 1)
            #expect(updateSQL.contains { $0.contains("RETURNING Z_ENT, Z_PK") })
            return try context.execute(.fetchHistory(after: nil)).transactions
        }
        #expect(transactions.map(\.author) == ["importer", "importer", "importer"])
        #expect(transactions[0].changes.map(\.changeType) == [.insert, .insert])
        #expect(transactions[1].changes.map(\.changeType) == [.update])
        #expect(transactions[1].changes[0].updatedProperties == ["age"])
        #expect(transactions[2].changes.map(\.changeType) == [.delete])
        let deletedID = transactions[2].changes[0].changedObjectID
        #expect(deletedID == transactions[0].changes[1].changedObjectID)
    }

    @Test("batch requests without tracking run no history statement and no RETURNING")
    func batchWithoutTracking() throws {
        let directory = try TemporaryDirectory()
        let log = LogLines()
        let container = try container(directory.path("plain.sqlite"), tracking: false, log: log)
        try inContext(container) { context in
            try Fixtures.seed(container, users: 2, posts: 0)
            let update = BatchUpdateRequest(entityName: "User")
            update.propertiesToUpdate = ["age": Int64(10)]
            log.clear()
            try context.execute(update)
            #expect(log.sql.count == 3)  // BEGIN, UPDATE, COMMIT
            #expect(!log.sql.contains { $0.contains("RETURNING") })
        }
    }

    @Test("history requests on a store without tracking, or with a foreign token, say so")
    func errors() throws {
        let directory = try TemporaryDirectory()
        let plain = try container(directory.path("plain.sqlite"), tracking: false)
        try inContext(plain) { context in
            #expect(throws: PersistentHistoryError.self) {
                try context.execute(.fetchHistory(after: nil))
            }
            _ = context.insertNewObject(forEntityName: "Tag")
            try context.save()
        }
        let connection = try Connection(location: .file(directory.path("plain.sqlite")))
        let tables = try connection.fetchAll(
            "SELECT name FROM sqlite_master WHERE name = 'ACHANGE'"
        ) {
            $0.string(at: 0)
        }
        #expect(tables.isEmpty)
        let tracked = try container(directory.path("tracked.sqlite"))
        try inContext(tracked) { context in
            let foreign = PersistentHistoryToken(storeIdentifier: "elsewhere", transactionNumber: 1)
            do {
                _ = try context.execute(.fetchHistory(after: foreign))
                Issue.record("a foreign token was accepted")
            } catch let error as PersistentHistoryError {
                #expect("\(error)".contains("another store"))
            }
        }
    }
}
