import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Fetch indexes, uniqueness constraints (save conflicts, batch-insert upserts) and
/// the context's staleness interval.
@Suite struct IndexAndConstraintTests {
    static let accounts = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Account",
            attributes: [
                AttributeDescription(name: "email", type: .string),
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "score", type: .integer64),
            ],
            indexes: [
                FetchIndexDescription(
                    name: "byNameScore",
                    elements: [.init(property: "name"), .init(property: "score", ascending: false)])
            ],
            uniquenessConstraints: [["email"]])
    ])

    @Test("fetch indexes are Z_<Entity>_<name>; constraints are unique indexes")
    func ddl() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("accounts.sqlite")
        let container = PersistentContainer(name: "Accounts", model: Self.accounts)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        let connection = try Connection(location: .file(path))
        let indexes = try connection.fetchAll(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'Z_Account_%' "
                + "ORDER BY name"
        ) { $0.string(at: 0) }
        #expect(
            indexes == [
                "CREATE UNIQUE INDEX Z_Account_UNIQUE_ZEMAIL ON ZACCOUNT (ZEMAIL)",
                "CREATE INDEX Z_Account_byNameScore ON ZACCOUNT (ZNAME COLLATE BINARY ASC, "
                    + "ZSCORE COLLATE BINARY DESC)",
            ])
    }

    @Test("an index naming an unknown property is a model error")
    func unknownProperty() {
        let model = ManagedObjectModel(entities: [
            EntityDescription(
                name: "A", attributes: [AttributeDescription(name: "x", type: .string)],
                uniquenessConstraints: [["y"]])
        ])
        #expect(
            model.validationErrors == [.unknownIndexProperty(entity: "A", index: "unique", property: "y")])
    }

    @Test("a save breaking a uniqueness constraint fails with SQLITE_CONSTRAINT_UNIQUE")
    func saveConflict() throws {
        let container = try Fixtures.container(model: Self.accounts)
        try inContext(container) { context in
            for _ in 0..<2 {
                context.insertNewObject(forEntityName: "Account").setValue("a@x", forKey: "email")
            }
            do {
                try context.save()
                Issue.record("the save should fail")
            } catch SaveError.sqlite(let error, _) {
                #expect(error.code == .SQLITE_CONSTRAINT_UNIQUE)
                #expect(error.message.contains("ZACCOUNT.ZEMAIL"))
            }
        }
    }

    @Test("batch insert upserts on a uniqueness constraint, keeping the existing key")
    func upsert() throws {
        let container = try Fixtures.container(model: Self.accounts)
        try inContext(container) { context in
            let first = BatchInsertRequest(
                entityName: "Account",
                objects: [["email": "a@x", "name": "A"], ["email": "b@x", "name": "B"]])
            first.resultType = .objectIDs
            #expect(try context.execute(first).objectIDs?.map(\.primaryKey) == [1, 2])
            let second = BatchInsertRequest(
                entityName: "Account",
                objects: [["email": "b@x", "name": "B2"], ["email": "c@x", "name": "C"]])
            second.resultType = .objectIDs
            #expect(try context.execute(second).objectIDs?.map(\.primaryKey) == [2, 4])
            let request = FetchRequest(entityName: "Account")
            request.propertiesToFetch = ["email", "name"]
            request.sortDescriptors = [SortKey("email")]
            let rows = try context.fetchDictionaries(request).map {
                "\($0["email"] as? String ?? "")=\($0["name"] as? String ?? "")"
            }
            #expect(rows == ["a@x=A", "b@x=B2", "c@x=C"])
        }
    }

    @Test("stalenessInterval 0 refetches a fault's row; negative reuses the row cache")
    func staleness() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        try inContext(container) { context in
            let users = try context.fetch(FetchRequest(entityName: "User"))
            _ = try context.execute(
                {
                    let update = BatchUpdateRequest(entityName: "User")
                    update.propertiesToUpdate = ["name": "new"]
                    return update
                }())
            container.resetStatistics()
            #expect(users[0].value(forKey: "name") as? String == "u0")
            #expect(container.statistics.selectCount == 0)
            context.refresh(users[1], mergeChanges: false)
            context.stalenessInterval = 0
            #expect(users[1].value(forKey: "name") as? String == "new")
            #expect(container.statistics.selectCount == 1)
        }
    }
}
