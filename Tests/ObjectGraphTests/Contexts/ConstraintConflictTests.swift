import Foundation
import ObjectGraph
import SQLiteDB
import Testing

/// Inserting an object whose uniqueness-constraint value exists in the store, under
/// each merge policy.
@Suite struct ConstraintConflictTests {
    private static let model = IndexAndConstraintTests.accounts

    @Test(
        "an insert colliding on a uniqueness constraint becomes the existing row",
        arguments: MergePolicy.allCases)
    func insertCollision(policy: MergePolicy) throws {
        let log = LogLines()
        let container = try Fixtures.container(model: Self.model, log: log)
        let existing = try inContext(container) { context in
            let account = context.insertNewObject(forEntityName: "Account")
            account.setValue("a@x", forKey: "email")
            account.setValue("old", forKey: "name")
            account.setValue(Int64(5), forKey: "score")
            try context.save()
            return account.objectID
        }
        let (failure, newID) = inContext(container) { context in
            context.mergePolicy = policy
            let account = context.insertNewObject(forEntityName: "Account")
            account.setValue("a@x", forKey: "email")
            account.setValue("new", forKey: "name")
            log.clear()
            do {
                try context.save()
                return (nil as SaveError?, account.objectID)
            } catch {
                return (error as? SaveError, account.objectID)
            }
        }
        let rows = try inContext(container) { fresh in
            try fresh.fetch(request("Account")).map {
                "\($0.value(forKey: "name") as? String ?? "nil")/\($0.value(forKey: "score") as? Int64 ?? -1)"
            }
        }
        switch policy {
        case .error:
            guard case .sqlite(let error, _) = failure else {
                Issue.record(
                    "expected SQLITE_CONSTRAINT_UNIQUE, got \(String(describing: failure))")
                return
            }
            #expect(error.code == .SQLITE_CONSTRAINT_UNIQUE)
            #expect(rows == ["old/5"])
        case .mergeByPropertyObjectTrump:
            #expect(rows == ["new/5"])
        case .overwrite:
            #expect(rows.count == 1 && rows[0].hasPrefix("new/") && rows[0] != "new/5")
        case .mergeByPropertyStoreTrump, .rollback:
            #expect(rows == ["old/5"])
        }
        if policy != .error {
            #expect(failure == nil)
            #expect(newID == existing)
            #expect(log.sql.first == "SELECT Z_PK FROM ZACCOUNT WHERE ZEMAIL = ? LIMIT 1")
            #expect(!log.sql.contains { $0.hasPrefix("INSERT") })
        }
    }

    /// Issue 33 item 6. Apple: merge policies resolve constraint conflicts between
    /// in-memory objects too (`NSConstraintConflict.databaseObject` "nil if the conflict
    /// is between in-memory objects", several `conflictingObjects`:
    /// https://developer.apple.com/documentation/coredata/nsconstraintconflict), so under
    /// property-object-trump two new objects with one unique key save as one row.
    /// Which duplicate survives is our choice (docs/CONTEXTS.md): the last inserted
    /// under the object-trump policies, the first under the store-trump ones.
    @Test(
        "two new objects with one unique key in one save write one row",
        arguments: MergePolicy.allCases)
    func inMemoryDuplicates(policy: MergePolicy) throws {
        let log = LogLines()
        let container = try Fixtures.container(model: Self.model, log: log)
        let failure: SaveError? = inContext(container) { context in
            context.mergePolicy = policy
            let first = context.insertNewObject(forEntityName: "Account")
            first.setValue("a@x", forKey: "email")
            first.setValue("first", forKey: "name")
            first.setValue(Int64(7), forKey: "score")
            let second = context.insertNewObject(forEntityName: "Account")
            second.setValue("a@x", forKey: "email")
            second.setValue("second", forKey: "name")
            log.clear()
            do {
                try context.save()
                return nil
            } catch {
                return error as? SaveError
            }
        }
        let rows = try inContext(container) { fresh in
            try fresh.fetch(request("Account")).map {
                "\($0.value(forKey: "name") as? String ?? "nil")/\($0.value(forKey: "score") as? Int64 ?? -1)"
            }
        }
        switch policy {
        case .error:
            guard case .sqlite(let error, _) = failure else {
                Issue.record(
                    "expected SQLITE_CONSTRAINT_UNIQUE, got \(String(describing: failure))")
                return
            }
            #expect(error.code == .SQLITE_CONSTRAINT_UNIQUE)
            #expect(rows.isEmpty)
        case .mergeByPropertyObjectTrump:
            #expect(failure == nil)
            #expect(rows == ["second/7"])  // the last wins; the score the first set is kept
        case .overwrite:
            #expect(failure == nil)
            #expect(rows.count == 1 && rows[0].hasPrefix("second/") && rows[0] != "second/7")
        case .mergeByPropertyStoreTrump:
            #expect(failure == nil)
            #expect(rows == ["first/7"])
        case .rollback:
            #expect(failure == nil)
            #expect(rows == ["first/7"])
        }
        if policy != .error {
            #expect(log.sql.filter { $0.hasPrefix("INSERT INTO ZACCOUNT") }.count == 1)
        }
    }
}
