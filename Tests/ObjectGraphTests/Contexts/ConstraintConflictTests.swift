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
}
