import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import ObjectGraph

/// Core Data's names for join tables, join columns and order columns, and the rows it
/// adds to `Z_PRIMARYKEY`, as read off the stores Core Data wrote for a public messaging
/// app (wireapp/wire-ios-data-model's `Tests/Resources/store*.sqlite`, 82 stores;
/// docs/STORES.md). Expected names are those stores' own, never the engine's output.
@Suite struct CoreDataStoreNamingTests {
    @Test("a join column that would collide gets Core Data's numeric suffix")
    func collidingJoinColumn() {
        // store2-99-0.sqlite: CREATE TABLE "Z_16USERS" (Z_16SYSTEMMESSAGES INTEGER,
        // Z_24USERS1 INTEGER, …): User (24) already has a join column Z_24USERS.
        #expect(
            StoreNaming.joinColumn(entityID: 24, inverse: "users", taken: ["Z_24USERS"]).sql
                == "Z_24USERS1")
        #expect(
            StoreNaming.joinColumn(entityID: 24, inverse: "users", taken: []).sql == "Z_24USERS")
    }

    @Test("an ordered many-to-many's order column repeats the key column without its Z_")
    func orderColumn() {
        // store2-99-0.sqlite: Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS holds
        // Z_FOK_5LASTSERVERSYNCEDACTIVECONVERSATIONS and Z_FOK_24LASTSERVERSYNCEDACTIVEPARTICIPANTS.
        #expect(
            StoreNaming.orderColumn(of: SQLName("Z_5LASTSERVERSYNCEDACTIVECONVERSATIONS")).sql
                == "Z_FOK_5LASTSERVERSYNCEDACTIVECONVERSATIONS")
    }

    @Test(
        "two join columns for one entity: the suffix follows that entity's relationships in name order"
    )
    func collisionOrder() throws {
        // Wire's store2-101-0.wiredatabase: User (23) is the member of Reaction.users
        // (Reaction 19) and SystemMessage.users (SystemMessage 15, a Message sub-entity,
        // numbered before Reaction). Core Data wrote Z_19USERS (Z_19REACTIONS, Z_23USERS)
        // and Z_15USERS (Z_15SYSTEMMESSAGES, Z_23USERS1): the unsuffixed name went to the
        // higher-numbered entity, the one User's relationship `reactions` (before
        // `systemMessages` by name) points at. The same shape, numbered 1 to 4.
        let name = [AttributeDescription(name: "name", type: .string)]
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "Message", attributes: name),
            EntityDescription(
                name: "SystemMessage", parent: "Message",
                relationships: [
                    RelationshipDescription(
                        name: "users", destination: "User", inverse: "systemMessages",
                        isToMany: true)
                ]),
            EntityDescription(
                name: "Reaction", attributes: name,
                relationships: [
                    RelationshipDescription(
                        name: "users", destination: "User", inverse: "reactions", isToMany: true)
                ]),
            EntityDescription(
                name: "User", attributes: name,
                relationships: [
                    RelationshipDescription(
                        name: "systemMessages", destination: "SystemMessage", inverse: "users",
                        isToMany: true),
                    RelationshipDescription(
                        name: "reactions", destination: "Reaction", inverse: "users",
                        isToMany: true),
                ]),
        ])
        #expect(
            model.resolvedEntities.map(\.name) == ["Message", "SystemMessage", "Reaction", "User"])
        let directory = try TemporaryDirectory()
        let path = directory.path("messages.sqlite")
        let container = PersistentContainer(name: "Messages", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        let columns = { (table: String) in
            try MigrationFixture.rows(
                path, SQL(text: "SELECT name FROM pragma_table_info('\(table)') ORDER BY name"))
        }
        #expect(try columns("Z_2USERS") == [["Z_2SYSTEMMESSAGES"], ["Z_4USERS1"]])
        #expect(try columns("Z_3USERS") == [["Z_3REACTIONS"], ["Z_4USERS"]])
    }

    @Test(
        "entities are numbered as Core Data numbered DuckDuckGo's sync metadata: case-insensitively"
    )
    func caseInsensitiveRealNames() {
        // duckduckgo/BrowserServicesKit Tests/DDGSyncTests/Resources/SyncMetadata_V3.sqlite:
        // Z_PRIMARYKEY holds 1 SyncableSettingsMetadata, 2 SyncFeatureEntity; binary
        // order would put "SyncF" (F = 0x46) before "Synca" (a = 0x61).
        let name = [AttributeDescription(name: "name", type: .string)]
        let model = ManagedObjectModel(entities: [
            EntityDescription(name: "SyncFeatureEntity", attributes: name),
            EntityDescription(name: "SyncableSettingsMetadata", attributes: name),
        ])
        #expect(
            model.resolvedEntities.map(\.name) == ["SyncableSettingsMetadata", "SyncFeatureEntity"])
    }

    @Test("entities are numbered in case-insensitive name order")
    func caseInsensitiveNumbering() throws {
        // Case-insensitively "account" < "admin" < "blog"; binary order puts "ADMIN" first.
        let model = ManagedObjectModel(entities: [
            EntityDescription(
                name: "Blog", attributes: [AttributeDescription(name: "x", type: .string)]),
            EntityDescription(
                name: "Account", attributes: [AttributeDescription(name: "x", type: .string)]),
            EntityDescription(
                name: "ADMIN", attributes: [AttributeDescription(name: "x", type: .string)]),
        ])
        #expect(model.resolvedEntities.map(\.name) == ["Account", "ADMIN", "Blog"])
    }

    /// A self many-to-many (Wire's `UserClient.ignoredClients` / `ignoredByClients`), a
    /// colliding to-many pair and an ordered many-to-many, in one model.
    static let model = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Client",
            attributes: [AttributeDescription(name: "label", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "ignoredByClients", destination: "Client", inverse: "ignoredClients",
                    isToMany: true),
                RelationshipDescription(
                    name: "ignoredClients", destination: "Client", inverse: "ignoredByClients",
                    isToMany: true),
            ])
    ])

    /// An engine-written store at `path` turned into what Core Data writes for the
    /// same model: its join table named from the other side, Core Data's history
    /// entities in `Z_PRIMARYKEY`, and metadata without the engine's hashes.
    private func coreDataStore(at path: String) throws {
        let container = PersistentContainer(name: "Clients", model: Self.model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let clients = (0..<3).map { index in
                let client = context.insertNewObject(forEntityName: "Client")
                client.setValue("c\(index)", forKey: "label")
                return client
            }
            try clients[0].addObject(clients[1], toRelationship: "ignoredClients")
            try clients[0].addObject(clients[2], toRelationship: "ignoredClients")
            try context.save()
        }
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        // The engine names the table after the lesser name; Wire's stores show Core Data
        // choosing `Z_25IGNOREDCLIENTS` for this very shape, with the same two columns.
        try connection.execute("ALTER TABLE Z_1IGNOREDBYCLIENTS RENAME TO Z_1IGNOREDCLIENTS")
        try connection.execute(
            """
            INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES
            (16001, 'CHANGE', 0, 0), (16002, 'TRANSACTION', 0, 0),
            (16003, 'TRANSACTIONSTRING', 0, 0)
            """)
        var metadata = try #require(try StoreMetadata.read(from: connection))
        metadata.isWrittenByThisEngine = false
        metadata.entityHashes = metadata.entityHashes.mapValues { _ in Data(repeating: 7, count: 32)
        }
        try metadata.write(to: connection)
    }

    @Test(
        "a store Core Data wrote, with the other side's join table and history rows, opens, reads, saves and deletes"
    )
    func opensCoreDataNames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("clients.sqlite")
        try coreDataStore(at: path)
        let container = PersistentContainer(name: "Clients", model: Self.model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        #expect(container.migrationReports.isEmpty)
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let request = FetchRequest(entityName: "Client")
            request.sortDescriptors = [SortKey("label")]
            let clients = try context.fetch(request)
            let ignored = try #require(
                clients[0].value(forKey: "ignoredClients") as? Set<ManagedObject>)
            #expect(Set(ignored.map { $0.value(forKey: "label") as? String }) == ["c1", "c2"])
            let ignoredBy = clients[1].value(forKey: "ignoredByClients") as? Set<ManagedObject>
            #expect(ignoredBy?.map { $0.value(forKey: "label") as? String } == ["c0"])
            try clients[2].addObject(clients[1], toRelationship: "ignoredClients")
            context.delete(clients[0])
            try context.save()
        }
        #expect(
            try MigrationFixture.rows(
                path,
                "SELECT Z_1IGNOREDBYCLIENTS, Z_1IGNOREDCLIENTS FROM Z_1IGNOREDCLIENTS ORDER BY 1, 2"
            )
                == [["3", "2"]])
        #expect(
            try MigrationFixture.rows(
                path, "SELECT count(*) FROM Z_PRIMARYKEY WHERE Z_ENT >= 16001")
                == [["3"]])
    }

    /// larromba/EasyLife's versions 1.3.0 and 1.5.0 (which adds TodoItem.blocking /
    /// blockedBy), and at `path` a store of 1.5.0 as Core Data wrote it: its join table
    /// `Z_1BLOCKING` (EasyLife 1.5.0.sqlite: `Z_2BLOCKING`), with one link.
    private func blockingStore(at path: String) throws
        -> (before: ManagedObjectModel, after: ManagedObjectModel)
    {
        let name = AttributeDescription(name: "name", type: .string)
        let before = ManagedObjectModel(entities: [
            EntityDescription(name: "TodoItem", attributes: [name])
        ])
        let after = ManagedObjectModel(entities: [
            EntityDescription(
                name: "TodoItem", attributes: [name],
                relationships: [
                    RelationshipDescription(
                        name: "blockedBy", destination: "TodoItem", inverse: "blocking",
                        isToMany: true),
                    RelationshipDescription(
                        name: "blocking", destination: "TodoItem", inverse: "blockedBy",
                        isToMany: true),
                ])
        ])
        let container = PersistentContainer(name: "Todo", model: after)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        try container.viewContext.performAndWait {
            let context = container.viewContext
            let first = context.insertNewObject(forEntityName: "TodoItem")
            first.setValue("first", forKey: "name")
            let second = context.insertNewObject(forEntityName: "TodoItem")
            second.setValue("second", forKey: "name")
            try first.addObject(second, toRelationship: "blocking")
            try context.save()
        }
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        // Core Data's name for this table (the engine's is the lesser, Z_1BLOCKEDBY).
        try connection.execute("ALTER TABLE Z_1BLOCKEDBY RENAME TO Z_1BLOCKING")
        var metadata = try #require(try StoreMetadata.read(from: connection))
        metadata.isWrittenByThisEngine = false
        metadata.entityHashes = metadata.entityHashes.mapValues { _ in Data(repeating: 7, count: 32)
        }
        try metadata.write(to: connection)
        return (before, after)
    }

    @Test("of two versions that fit, the one naming the store's join table is the match")
    func joinTableDecidesTheVersion() throws {
        // EasyLife 1.5.0.sqlite has every column 1.3.0 needs, so 1.3.0 "fits" too.
        let directory = try TemporaryDirectory()
        let path = directory.path("todo.sqlite")
        let (before, after) = try blockingStore(at: path)
        for order in [
            [("1.3.0", before), ("1.5.0", after)], [("1.5.0", after), ("1.3.0", before)],
        ] {
            let inspection = try StoreInspection(path: path, versions: order)
            #expect(inspection.isWrittenByCoreData)
            #expect(inspection.versions.allSatisfy { $0.differences.isEmpty })
            #expect(inspection.matchingVersion == "1.5.0")
        }
        // Versions with the same tables stay a tie: the first given.
        let inspection = try StoreInspection(path: path, versions: [("a", after), ("b", after)])
        #expect(inspection.matchingVersion == "a")
    }

    @Test("a migration takes the source model naming the store's join table, so its links survive")
    func joinTableDecidesTheSource() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("todo.sqlite")
        let (before, after) = try blockingStore(at: path)
        // The next version adds an attribute; the app lists every older version.
        var entities = after.entities
        entities[0].attributes.append(AttributeDescription(name: "notes", type: .string))
        let next = ManagedObjectModel(entities: entities)
        let container = PersistentContainer(name: "Todo", model: next)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.sourceModels = [before, after]
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        #expect(!container.migrationReports.isEmpty)
        try container.viewContext.performAndWait {
            let request = FetchRequest(entityName: "TodoItem")
            request.predicate = try FetchPredicate(format: "name == %@", "first")
            let first = try #require(try container.viewContext.fetch(request).first)
            let blocking = first.value(forKey: "blocking") as? Set<ManagedObject>
            #expect(blocking?.map { $0.value(forKey: "name") as? String } == ["second"])
        }
    }

    @Test("a join table missing its column is refused, naming table and column")
    func missingJoinColumn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("clients.sqlite")
        try coreDataStore(at: path)
        let connection = try Connection(location: .file(path))
        try connection.execute(
            "ALTER TABLE Z_1IGNOREDCLIENTS RENAME COLUMN Z_1IGNOREDCLIENTS TO Z_1OTHER")
        try connection.close()
        let container = PersistentContainer(name: "Clients", model: Self.model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        let error = #expect(throws: StoreError.self) { try container.loadPersistentStores() }
        guard case .schemaMismatch(_, let differences) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(differences.contains { $0.contains("Z_1IGNOREDCLIENTS") && $0.contains("column") })
    }
}
