import Foundation
import ObjectGraph
import SQLiteDB
import Testing

/// A failed save's message says what failed, for which object, that nothing was saved,
/// and what to do about it.
@Suite struct SaveErrorMessageTests {
    /// Accounts (a required name, a unique email) owning items through a deny rule.
    private func container() throws -> PersistentContainer {
        let account = EntityDescription(
            name: "Account",
            attributes: [
                AttributeDescription(name: "name", type: .string, isOptional: false),
                AttributeDescription(name: "email", type: .string),
            ],
            relationships: [
                RelationshipDescription(
                    name: "items", destination: "Item", inverse: "owner", isToMany: true,
                    deleteRule: .deny)
            ],
            uniquenessConstraints: [["email"]])
        let item = EntityDescription(
            name: "Item", attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(name: "owner", destination: "Account", inverse: "items")
            ])
        let container = PersistentContainer(
            name: "Accounts", model: ManagedObjectModel(entities: [account, item]))
        container.persistentStoreDescriptions = [.inMemory()]
        try container.loadPersistentStores()
        return container
    }

    /// The message of the error `save()` throws, or nil when it saves.
    private func saveMessage(_ context: ManagedObjectContext) -> String? {
        do {
            try context.save()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a required attribute left nil: set it or delete the object")
    func requiredValue() throws {
        let context = try container().viewContext
        context.performAndWait {
            let account = context.insertNewObject(forEntityName: "Account")
            #expect(
                saveMessage(context)
                    == "validation: Account.name is required but nil for \(account.objectID); "
                    + "nothing was saved: set name or delete the object, then save again")
            account.setValue("ada", forKey: "name")
            #expect(saveMessage(context) == nil, "the context kept the object: fixed, it saves")
        }
    }

    @Test("a deny rule: empty the relationship first")
    func denied() throws {
        let context = try container().viewContext
        try context.performAndWait {
            let account = context.insertNewObject(forEntityName: "Account")
            account.setValue("ada", forKey: "name")
            context.insertNewObject(forEntityName: "Item").setValue(account, forKey: "owner")
            try context.save()
            context.delete(account)
            #expect(
                saveMessage(context)
                    == "validation: cannot delete \(account.objectID): Account.items has a deny "
                    + "delete rule and is not empty; nothing was saved: delete or reassign the "
                    + "objects in items first, or undo the delete")
        }
    }

    @Test("a uniqueness constraint: change the values or set a merge policy")
    func unique() throws {
        let context = try container().viewContext
        try context.performAndWait {
            for name in ["ada", "grace"] {
                let account = context.insertNewObject(forEntityName: "Account")
                account.setValue(name, forKey: "name")
                account.setValue("a@example.com", forKey: "email")
                if name == "ada" { try context.save() }
            }
            let message = try #require(saveMessage(context))
            #expect(
                message.hasPrefix("save failed for 1 object(s): SQLite error 2067"), "\(message)")
            #expect(
                message.hasSuffix(
                    "; nothing was saved and the context keeps its changes: another row has the "
                        + "same values for a uniqueness constraint: change the values, or set a "
                        + "merge policy that resolves constraint conflicts"), "\(message)")
        }
    }

    @Test(
        "every SQLite failure of a save says what the store holds and what to do",
        arguments: [
            (
                ResultCode.SQLITE_FULL,
                "nothing was saved and the context keeps its changes: free disk space"
            ),
            (
                .SQLITE_IOERR_WRITE,
                "nothing was saved and the context keeps its changes: the disk reported"
            ),
            (.SQLITE_IOERR_FSYNC, "the disk did not confirm the commit, so the store may hold it"),
            (
                .SQLITE_BUSY_TIMEOUT,
                "nothing was saved and the context keeps its changes: save again once"
            ),
            (
                .SQLITE_READONLY_DBMOVED,
                "nothing was saved and the context keeps its changes: make the store"
            ),
            (
                .SQLITE_CORRUPT,
                "nothing was saved and the context keeps its changes: the store file is damaged"
            ),
            (
                .SQLITE_INTERRUPT,
                "nothing was saved and the context keeps its changes: fix the cause above"
            ),
        ])
    func remedies(code: ResultCode, start: String) {
        let error = SaveError.sqlite(SQLiteError(code: code, message: "m"), objects: [])
        #expect("\(error)".hasPrefix("save failed for 0 object(s): SQLite error \(code.rawValue)"))
        #expect("\(error)".contains("(\(code.name)): m; " + start), "\(error)")
    }
}
