import Foundation
import ObjectGraph
import SQLiteDB
import Testing

/// Batch insert, update and delete: statements, rows, and merging into live contexts.
@Suite struct BatchRequestTests {
    @Test("batch insert from dictionaries: keys reserved once, one transaction")
    func insertDictionaries() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        log.clear()
        let result = try inContext(container) { context in
            let request = BatchInsertRequest(
                entityName: "User",
                objects: [["name": "a", "age": 30], ["name": "b"], ["age": Int64(7)]])
            request.resultType = .objectIDs
            return try context.execute(request)
        }
        let insert = "INSERT INTO ZUSER(Z_PK, Z_ENT, Z_OPT, ZAGE, ZNAME) VALUES(?, ?, ?, ?, ?)"
        #expect(
            log.sql == [
                "BEGIN EXCLUSIVE", "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?",
                insert, insert, insert,
                "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                "COMMIT",
            ])
        #expect(result.objectIDs?.map(\.primaryKey) == [1, 2, 3])
        #expect(container.statistics.batchRequests == 1)
        #expect(log.all.contains { $0.contains("annotation: batch insert of ZUSER: 3 rows in ") })
        let rows = try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.sortDescriptors = [SortKey("name")]
            return try context.fetch(request).map {
                "\($0.value(forKey: "name") as? String ?? "-")/\($0.value(forKey: "age") as? Int64 ?? -1)"
            }
        }
        #expect(rows == ["-/7", "a/30", "b/-1"])
    }

    @Test("batch insert from a handler until it returns true; keys continue after saves")
    func insertHandler() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        let result = try inContext(container) { context in
            var next = 0
            let request = BatchInsertRequest(entityName: "User") { row in
                guard next < 50 else { return true }
                row["name"] = "h\(next)"
                next += 1
                return false
            }
            request.resultType = .count
            let result = try context.execute(request)
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("after", forKey: "name")
            try context.save()
            #expect(user.objectID.primaryKey == 53)
            return result
        }
        #expect(result == .count(50))
        #expect(try inContext(container) { try $0.count(for: FetchRequest(entityName: "User")) } == 53)
    }

    @Test("batch insert rejects unknown keys and wrong types, inserting nothing")
    func insertErrors() throws {
        let container = try Fixtures.container()
        let unknown = BatchInsertRequest(
            entityName: "User", objects: [["name": "a"], ["nope": 1]])
        let wrongType = BatchInsertRequest(entityName: "User", objects: [["age": "x"]])
        let context = container.newBackgroundContext()
        context.performAndWait {
            #expect(throws: KeyValueError.unknownKey(entity: "User", key: "nope")) {
                _ = try context.execute(unknown)
            }
            #expect(throws: KeyValueError.self) {
                _ = try context.execute(wrongType)
            }
        }
        #expect(try inContext(container) { try $0.count(for: FetchRequest(entityName: "User")) } == 0)
    }

    @Test("batch update: one UPDATE with Z_OPT = (Z_OPT + 1), whatever the row count")
    func update() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 4, posts: 5)
        log.clear()
        let result = try inContext(container) { context in
            let request = BatchUpdateRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "score >= %@", 3.0)
            request.propertiesToUpdate = ["isDraft": true, "title": "x"]
            request.resultType = .objectIDs
            return try context.execute(request)
        }
        #expect(result.objectIDs?.count == 8)
        #expect(
            log.sql == [
                "BEGIN EXCLUSIVE",
                "UPDATE ZPOST AS t0 SET ZISDRAFT = ?, ZTITLE = ?, Z_OPT = (Z_OPT + 1) WHERE "
                    + "t0.ZSCORE >= ? RETURNING Z_ENT, Z_PK",
                "COMMIT",
            ])
        #expect(container.statistics.updateCount == 1)
        let rows = try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "title == %@", "x")
            return try context.fetch(request).map {
                ($0.value(forKey: "isDraft") as? Bool, $0.value(forKey: "score") as? Double ?? 0)
            }
        }
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { $0.0 == true && $0.1 >= 3 })
    }

    @Test("batch update through a to-one key path uses a keyed subquery")
    func updateThroughJoin() throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try Fixtures.seed(container, users: 3, posts: 2)
        log.clear()
        let result = try inContext(container) { context in
            let request = BatchUpdateRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "author.name == %@", "u1")
            request.propertiesToUpdate = ["score": 9.5]
            request.resultType = .count
            return try context.execute(request)
        }
        #expect(result == .count(2))
        #expect(
            log.sql[1]
                == "UPDATE ZPOST AS t0 SET ZSCORE = ?, Z_OPT = (Z_OPT + 1) WHERE t0.Z_PK IN "
                + "(SELECT t0.Z_PK FROM ZPOST t0 JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE "
                + "t1.ZNAME = ?)")
    }
}
