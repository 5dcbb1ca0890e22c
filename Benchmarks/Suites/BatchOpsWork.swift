import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB

/// The writes of the `batch-ops` suite, each in the four configurations' ways. Every
/// function gets the engine context or the raw connection (the other is nil).
enum BatchOpsWork {
    /// A write: context or connection, configuration name, insert count.
    typealias Body = @Sendable (ManagedObjectContext?, String, Int, Connection?) throws -> Void

    /// The values of new post `index`.
    static func values(_ index: Int) -> [String: Any] {
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index))
        return [
            "title": "new post \(index)", "titleIndexed": "new post \(index)",
            "body": "body of new post \(index)", "wordCount": 5,
            "createdAt": date, "createdAtIndexed": date, "likes": index % 500, "status": "draft",
            "statusIndexed": "draft",
        ]
    }

    static func insert(
        _ context: ManagedObjectContext?, _ mode: String, _ count: Int,
        _ connection: Connection?
    ) throws {
        if let connection {
            try connection.transaction {
                for index in 0..<count {
                    let row = values(index)
                    _ = try connection.execute(
                        """
                        INSERT INTO ZPOST (Z_ENT, Z_OPT, ZTITLE, ZTITLEINDEXED, ZBODY, ZWORDCOUNT, ZCREATEDAT, \
                        ZCREATEDATINDEXED, ZLIKES, ZSTATUS, ZSTATUSINDEXED) VALUES (2, 1, \
                        \(row["title"] as? String ?? ""), \(row["title"] as? String ?? ""), \
                        \(row["body"] as? String ?? ""), 5, \
                        \(700_000_000 + Double(index)), \(700_000_000 + Double(index)), \
                        \(index % 500), 'draft', 'draft')
                        """)
                }
            }
            return
        }
        guard let context else { return }
        if mode == "batch-request" {
            _ = try context.execute(
                BatchInsertRequest(entityName: "Post", objects: (0..<count).map(values)))
            return
        }
        for index in 0..<count {
            let post = context.insertNewObject(forEntityName: "Post")
            for (key, value) in values(index) { post.setValue(value, forKey: key) }
            try saveEvery100(context, mode, index + 1)
        }
        try context.save()
    }

    static func update(
        _ context: ManagedObjectContext?, _ mode: String, _ count: Int,
        _ connection: Connection?
    ) throws {
        if let connection {
            _ = try connection.execute(
                """
                UPDATE ZPOST SET ZSTATUS = 'archived', ZSTATUSINDEXED = 'archived', \
                Z_OPT = Z_OPT + 1 WHERE ZSTATUS = 'draft'
                """)
            return
        }
        guard let context else { return }
        if mode == "batch-request" {
            let request = BatchUpdateRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "status == 'draft'")
            request.propertiesToUpdate = ["status": "archived", "statusIndexed": "archived"]
            _ = try context.execute(request)
            return
        }
        try forEachMatch(context, mode, "status == 'draft'") { post in
            post.setValue("archived", forKey: "status")
            post.setValue("archived", forKey: "statusIndexed")
        }
    }

    static func delete(
        _ context: ManagedObjectContext?, _ mode: String, _ count: Int,
        _ connection: Connection?
    ) throws {
        if let connection {
            try connection.execute(
                script: """
                    DELETE FROM ZCOMMENT WHERE ZPOST IN (SELECT Z_PK FROM ZPOST WHERE ZSTATUS = 'archived');
                    DELETE FROM Z_2TAGS WHERE Z_2POSTS IN (SELECT Z_PK FROM ZPOST WHERE ZSTATUS = 'archived');
                    DELETE FROM ZPOST WHERE ZSTATUS = 'archived';
                    """)
            return
        }
        guard let context else { return }
        if mode == "batch-request" {
            let fetch = FetchRequest(entityName: "Post")
            fetch.predicate = try FetchPredicate(format: "status == 'archived'")
            _ = try context.execute(BatchDeleteRequest(fetchRequest: fetch))
            return
        }
        try forEachMatch(context, mode, "status == 'archived'") { context.delete($0) }
    }

    /// Changes every post matching `format` with `change`. `per-object-save-once` fetches
    /// them all and saves once; `per-object-save-every-100` is the memory-friendly pattern:
    /// one ID fetch, then per 100 IDs one `SELF IN %@` fetch, the changes, a save and a
    /// reset, so the context never holds more than 100 posts and no batch rescans the
    /// table for what is left.
    private static func forEachMatch(
        _ context: ManagedObjectContext, _ mode: String, _ format: String,
        _ change: (ManagedObject) -> Void
    ) throws {
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: format)
        guard mode == "per-object-save-every-100" else {
            for post in try context.fetch(request) { change(post) }
            try context.save()
            context.reset()
            return
        }
        let ids = try context.fetchObjectIDs(request)
        for start in stride(from: 0, to: ids.count, by: 100) {
            let chunk = FetchRequest(entityName: "Post")
            chunk.predicate = try FetchPredicate(
                format: "SELF IN %@", Array(ids[start..<min(start + 100, ids.count)]))
            for post in try context.fetch(chunk) { change(post) }
            try context.save()
            context.reset()
        }
    }

    private static func saveEvery100(_ context: ManagedObjectContext, _ mode: String, _ done: Int)
        throws
    {
        guard mode == "per-object-save-every-100", done % 100 == 0 else { return }
        try context.save()
        context.reset()
    }
}
