import Foundation
import ObjectGraph

extension StoreParityCase {
    /// Every fetch feature, batch request and save that applies to all three stores.
    static let all = fetches + moreFetches + relationships + writes

    static let fetches: [StoreParityCase] = [
        StoreParityCase(
            name: "predicate and two sort keys",
            run: posts { request in
                request.predicate = try FetchPredicate(format: "score >= %@", 1.0)
                request.sortDescriptors = [SortKey("score", ascending: false), SortKey("title")]
            }),
        StoreParityCase(
            name: "key path predicate through a to-one, limit and offset",
            run: posts { request in
                request.predicate = try FetchPredicate(format: "author.name IN %@", ["u1", "u2"])
                request.sortDescriptors = [SortKey("title")]
                request.fetchLimit = 3
                request.fetchOffset = 1
            }),
        StoreParityCase(
            name: "fetchBatchSize, every batch touched",
            run: posts { request in
                request.sortDescriptors = [SortKey("title", ascending: false)]
                request.fetchBatchSize = 5
            }),
        StoreParityCase(
            name: "faults without property values, each fired",
            run: posts { request in
                request.includesPropertyValues = false
                request.sortDescriptors = [SortKey("title")]
            }),
        StoreParityCase(
            name: "count",
            run: { context in
                let request = FetchRequest(entityName: "Post")
                request.predicate = try FetchPredicate(format: "ANY tags.name == %@", "t2")
                return ["\(try context.count(for: request))"]
            }),
        StoreParityCase(
            name: "object ID results",
            run: { context in
                let request = FetchRequest(entityName: "User")
                request.sortDescriptors = [SortKey("age", ascending: false)]
                return try context.fetchObjectIDs(request).map { "\($0.primaryKey ?? -1)" }
            }),
        StoreParityCase(
            name: "dictionary results of two properties",
            run: { context in
                let request = FetchRequest(entityName: "Post")
                request.propertiesToFetch = ["title", "score"]
                request.predicate = try FetchPredicate(format: "title BEGINSWITH[c] %@", "P1")
                return try context.fetchDictionaries(request).map {
                    "\($0["title"] as? String ?? "nil") \($0["score"] as? Double ?? -1)"
                }
            }),
    ]

    static let moreFetches: [StoreParityCase] = [
        StoreParityCase(
            name: "sort through a to-one, SUBQUERY and @count predicates",
            run: posts { request in
                request.predicate = try FetchPredicate(
                    format: "tags.@count >= 2 AND SUBQUERY(tags, $t, $t.name == %@).@count > 0",
                    "t1")
                request.sortDescriptors = [
                    SortKey("author.name", ascending: false), SortKey("title"),
                ]
            }),
        StoreParityCase(
            name: "objects materialized at fetch, partial properties, distinct dictionaries",
            run: { context in
                let request = FetchRequest(entityName: "Post")
                request.returnsObjectsAsFaults = false
                request.sortDescriptors = [SortKey("title")]
                let whole = titles(try context.fetch(request))
                context.reset()
                request.propertiesToFetch = ["title"]
                let partial = try context.fetch(request).map {
                    "\($0.value(forKey: "title") ?? "nil") \($0.value(forKey: "score") ?? "nil")"
                }
                let distinct = FetchRequest(entityName: "Post")
                distinct.propertiesToFetch = ["score"]
                distinct.returnsDistinctResults = true
                distinct.sortDescriptors = [SortKey("score")]
                let scores = try context.fetchDictionaries(distinct).map {
                    "\($0["score"] ?? "nil")"
                }
                return whole + partial + scores
            }),
        StoreParityCase(
            name: "pending changes in fetches and counts, then rolled back",
            run: { context in
                let request = FetchRequest(entityName: "User")
                request.sortDescriptors = [SortKey("name")]
                request.predicate = try FetchPredicate(format: "name BEGINSWITH %@", "u")
                let first = try context.fetch(request)
                first.first?.setValue("x", forKey: "name")
                context.insertNewObject(forEntityName: "User").setValue("u9", forKey: "name")
                let pending = try context.fetch(request).map {
                    "\($0.value(forKey: "name") ?? "nil")"
                }
                let count = try context.count(for: request)
                context.rollback()
                return pending + ["\(count)", "\(try context.count(for: request))"]
            }),
    ]

    static let relationships: [StoreParityCase] = [
        StoreParityCase(
            name: "prefetching a to-one",
            run: { context in
                let request = FetchRequest(entityName: "Post")
                request.sortDescriptors = [SortKey("title")]
                request.relationshipKeyPathsForPrefetching = ["author"]
                return try context.fetch(request).map {
                    "\($0.value(forKeyPath: "author.name") as? String ?? "nil")"
                }
            }),
        StoreParityCase(
            name: "to-one faults fired one by one",
            run: { context in
                let request = FetchRequest(entityName: "Post")
                request.sortDescriptors = [SortKey("title")]
                return try context.fetch(request).map {
                    "\($0.value(forKeyPath: "author.name") as? String ?? "nil")"
                }
            }),
        StoreParityCase(
            name: "to-many faults and prefetched many-to-many",
            run: { context in
                let request = FetchRequest(entityName: "User")
                request.sortDescriptors = [SortKey("name")]
                request.relationshipKeyPathsForPrefetching = ["posts.tags"]
                return try context.fetch(request).map { user in
                    let posts = (user.value(forKey: "posts") as? Set<ManagedObject>) ?? []
                    let tags = posts.map { ($0.value(forKey: "tags") as? Set<ManagedObject>) ?? [] }
                    return "\(posts.count) \(tags.map(\.count).reduce(0, +))"
                }
            }),
    ]

    static let writes: [StoreParityCase] = [
        StoreParityCase(
            name: "save: insert, update, delete",
            run: { context in
                let request = FetchRequest(entityName: "Post")
                request.sortDescriptors = [SortKey("title")]
                let posts = Array(try context.fetch(request))
                posts[0].setValue("renamed", forKey: "title")
                context.delete(posts[1])
                let post = context.insertNewObject(forEntityName: "Post")
                post.setValue("new", forKey: "title")
                try context.save()
                context.reset()
                return titles(try context.fetch(request))
            }),
        StoreParityCase(
            name: "batch insert, update and delete",
            run: { context in
                let insert = BatchInsertRequest(
                    entityName: "Tag", objects: [["name": "b0"], ["name": "b1"]])
                insert.resultType = .objectIDs
                let inserted = try context.execute(insert).objectIDs ?? []
                let update = BatchUpdateRequest(entityName: "Post")
                update.predicate = try FetchPredicate(format: "score < %@", 1.0)
                update.propertiesToUpdate = ["isDraft": true]
                update.resultType = .count
                let updated = try context.execute(update).count ?? -1
                let drafts = FetchRequest(entityName: "Post")
                drafts.predicate = try FetchPredicate(format: "isDraft == YES")
                let delete = BatchDeleteRequest(fetchRequest: drafts)
                delete.resultType = .count
                let deleted = try context.execute(delete).count ?? -1
                let remaining = try context.count(for: FetchRequest(entityName: "Post"))
                return inserted.map { "\($0.primaryKey ?? -1)" } + [
                    "\(updated)", "\(deleted)", "\(remaining)",
                ]
            }),
    ]
}
