import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// The timed writes of the `batch-ops` suite, each in the four variants' ways.
enum BatchOpsWork {
    /// A variant of the suite.
    typealias Variant = BatchOpsSuite.Variant

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

    /// Inserts size / 10 new posts.
    static func insert(_ state: inout BatchOpsState, _ variant: Variant) throws {
        let count = state.size / 10
        switch variant {
        case .perObjectSaveOnce: try state.suite.engine { try insertObjects($0, count, by: nil) }
        case .perObjectSaveEvery100:
            try state.suite.engine { try insertObjects($0, count, by: 100) }
        case .batchRequest:
            _ = try state.suite.engine {
                try $0.execute(
                    BatchInsertRequest(entityName: "Post", objects: (0..<count).map(values)))
            }
        case .raw: try state.suite.raw { try BatchOpsRaw.insert($0, count) }
        }
    }

    /// Marks every draft post archived.
    static func update(_ state: inout BatchOpsState, _ variant: Variant) throws {
        let archive: (ManagedObject) -> Void = { post in
            post.setValue("archived", forKey: "status")
            post.setValue("archived", forKey: "statusIndexed")
        }
        switch variant {
        case .perObjectSaveOnce:
            try state.suite.engine { try forEachMatch($0, "status == 'draft'", by: nil, archive) }
        case .perObjectSaveEvery100:
            try state.suite.engine { try forEachMatch($0, "status == 'draft'", by: 100, archive) }
        case .batchRequest:
            _ = try state.suite.engine { context in
                let request = BatchUpdateRequest(entityName: "Post")
                request.predicate = try FetchPredicate(format: "status == 'draft'")
                request.propertiesToUpdate = ["status": "archived", "statusIndexed": "archived"]
                return try context.execute(request)
            }
        case .raw: try state.suite.raw(BatchOpsRaw.update)
        }
    }

    /// Deletes every archived post; its comments cascade.
    static func delete(_ state: inout BatchOpsState, _ variant: Variant) throws {
        switch variant {
        case .perObjectSaveOnce:
            try state.suite.engine { context in
                try forEachMatch(context, "status == 'archived'", by: nil) { context.delete($0) }
            }
        case .perObjectSaveEvery100:
            try state.suite.engine { context in
                try forEachMatch(context, "status == 'archived'", by: 100) { context.delete($0) }
            }
        case .batchRequest:
            _ = try state.suite.engine { context in
                let fetch = FetchRequest(entityName: "Post")
                fetch.predicate = try FetchPredicate(format: "status == 'archived'")
                return try context.execute(BatchDeleteRequest(fetchRequest: fetch))
            }
        case .raw: try state.suite.raw(BatchOpsRaw.delete)
        }
    }

    /// Inserts `count` posts as managed objects: one save at the end, or with `chunk`, a
    /// save and a reset after every `chunk` objects as well.
    private static func insertObjects(_ context: ManagedObjectContext, _ count: Int, by chunk: Int?)
        throws
    {
        for index in 0..<count {
            Post(context: context).fill(index)
            if let chunk, (index + 1) % chunk == 0 {
                try context.save()
                context.reset()
            }
        }
        try context.save()
    }

    /// Changes every post matching `format` with `change`. Without `chunk`: fetch them
    /// all and save once. With `chunk`, the memory-friendly pattern: one ID fetch, then
    /// per `chunk` IDs one `SELF IN %@` fetch, the changes, a save and a reset, so the
    /// context never holds more than `chunk` posts and no batch rescans the table for
    /// what is left.
    private static func forEachMatch(
        _ context: ManagedObjectContext, _ format: String, by chunk: Int?,
        _ change: (ManagedObject) -> Void
    ) throws {
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: format)
        guard let chunk else {
            for post in try context.fetch(request) { change(post) }
            try context.save()
            context.reset()
            return
        }
        let ids = try context.fetchObjectIDs(request)
        for start in stride(from: 0, to: ids.count, by: chunk) {
            let part = FetchRequest(entityName: "Post")
            part.predicate = try FetchPredicate(
                format: "SELF IN %@", Array(ids[start..<min(start + chunk, ids.count)]))
            for post in try context.fetch(part) { change(post) }
            try context.save()
            context.reset()
        }
    }
}

extension Post {
    /// Sets ``BatchOpsWork/values(_:)`` of `index` through the typed properties, as an
    /// app's import code would.
    func fill(_ index: Int) {
        let date = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index))
        title = "new post \(index)"
        titleIndexed = title
        body = "body of new post \(index)"
        wordCount = 5
        (createdAt, createdAtIndexed) = (date, date)
        likes = Int32(index % 500)
        (status, statusIndexed) = ("draft", "draft")
    }
}
