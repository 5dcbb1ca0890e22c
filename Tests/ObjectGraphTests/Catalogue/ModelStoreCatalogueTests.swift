import Foundation
import ObjectGraph
import SQLiteDB
import SQLiteFaultInjection
import Testing

/// Bad models and bad store files: the exact error each gives.
@Suite struct ModelStoreCatalogueTests {
    static func load(_ entities: [EntityDescription]) throws {
        let container = PersistentContainer(
            name: "Bad", model: ManagedObjectModel(entities: entities))
        container.persistentStoreDescriptions = [.inMemory()]
        try container.loadPersistentStores()
    }

    static func user(
        _ attributes: [AttributeDescription] = [], _ relationships: [RelationshipDescription] = [],
        parent: String? = nil, indexes: [FetchIndexDescription] = []
    ) -> EntityDescription {
        EntityDescription(
            name: "User", parent: parent,
            attributes: [AttributeDescription(name: "name", type: .string)] + attributes,
            relationships: relationships, indexes: indexes)
    }

    static let models: [BadInput] = [
        BadInput(
            "no entities",
            "model: no entities"
        ) { _ in try load([]) },
        BadInput(
            "an entity twice",
            "model: entity \"User\" is declared more than once"
        ) { _ in try load([user(), user()]) },
        BadInput(
            "a property twice",
            "entity \"User\": property \"name\" is declared more than once"
        ) { _ in
            try load([user([AttributeDescription(name: "name", type: .integer64)])])
        },
        BadInput(
            "an unknown parent",
            "entity \"User\": parent \"Person\" is not an entity of the model"
        ) { _ in try load([user(parent: "Person")]) },
        BadInput(
            "an inheritance cycle",
            "entity \"Admin\": its parent chain loops back to itself"
        ) { _ in
            try load([user(parent: "Admin"), EntityDescription(name: "Admin", parent: "User")])
        },
        BadInput(
            "an unknown destination",
            "relationship \"posts\" of entity \"User\": destination \"Post\" is not an entity of the model"
        ) { _ in
            try load([
                user(
                    [],
                    [RelationshipDescription(name: "posts", destination: "Post", isToMany: true)])
            ])
        },
        BadInput(
            "an inverse the destination lacks",
            "relationship \"posts\" of entity \"User\": inverse \"writer\" is not a relationship of the destination"
        ) { _ in
            try load([
                user(
                    [],
                    [
                        RelationshipDescription(
                            name: "posts", destination: "Post", inverse: "writer", isToMany: true)
                    ]),
                EntityDescription(name: "Post"),
            ])
        },
        BadInput(
            "an inverse pointing elsewhere",
            "relationship \"posts\" of entity \"User\": inverse \"author\" points at \"Post\", not \"User\""
        ) { _ in
            try load([
                user(
                    [],
                    [
                        RelationshipDescription(
                            name: "posts", destination: "Post", inverse: "author", isToMany: true)
                    ]),
                EntityDescription(
                    name: "Post",
                    relationships: [RelationshipDescription(name: "author", destination: "Post")]),
            ])
        },
        BadInput(
            "a default of the wrong type",
            "attribute \"age\" of entity \"User\": default value has type String, expected Int64"
        ) { _ in
            try load([
                user([AttributeDescription(name: "age", type: .integer64, defaultValue: "ten")])
            ])
        },
        BadInput(
            "an index on an unknown property",
            "index \"byAge\" of entity \"User\": \"age\" is not an attribute or to-one relationship"
        ) { _ in
            try load([
                user(indexes: [
                    FetchIndexDescription(name: "byAge", elements: [.init(property: "age")])
                ])
            ])
        },
        BadInput(
            "a lowercase entity name",
            "entity \"user\": the name must start with an uppercase letter (A-Z), not \'u\'; rename the entity (Xcode\'s rules: an uppercase letter, then letters, digits or underscores)"
        ) { _ in
            try load([EntityDescription(name: "user")])
        },
        BadInput(
            "a property name with a space",
            "property \"first name\" of entity \"User\": the name contains a space; only letters, digits and underscores are allowed; rename the property (Xcode\'s rules: a lowercase letter, then letters, digits or underscores, and not a name the object itself uses)"
        ) { _ in
            try load([user([AttributeDescription(name: "first name", type: .string)])])
        },
        BadInput(
            "a reserved property name",
            "property \"description\" of entity \"User\": the name is reserved: a managed object already answers to \"description\"; rename the property (Xcode\'s rules: a lowercase letter, then letters, digits or underscores, and not a name the object itself uses)"
        ) { _ in
            try load([user([AttributeDescription(name: "description", type: .string)])])
        },
        BadInput(
            "an index name with a dash",
            "index \"by-name\" of entity \"User\": the name contains \'-\'; only letters, digits and underscores are allowed; rename the index (a letter, then letters, digits or underscores)"
        ) { _ in
            try load([
                user(indexes: [
                    FetchIndexDescription(name: "by-name", elements: [.init(property: "name")])
                ])
            ])
        },
    ]

    static let xcodeModels: [BadInput] = [
        // Found by `scripts/fuzz xcmodel`: FoundationXML traps on such a start tag.
        BadInput(
            "an Xcode model with a byte that is not UTF-8",
            "{dir}/contents:2:19: not well-formed XML: a byte that is not UTF-8 (0xFF); fix the "
                + "file or re-save it in Xcode"
        ) { directory in
            let url = directory.appendingPathComponent("contents")
            try Data("<model>\n    <entity name=\"".utf8 + [0xFF] + Data("\"/>\n</model>".utf8))
                .write(to: url)
            _ = try XcodeModel(contentsOf: url)
        },
        // Found by `scripts/fuzz xcmodel`: FoundationXML reads a null pointer for it.
        BadInput(
            "an Xcode model with a processing instruction",
            "{dir}/contents:2:1: not well-formed XML: a processing instruction ('<?'), which "
                + "model files do not have; fix the file or re-save it in Xcode"
        ) { directory in
            let url = directory.appendingPathComponent("contents")
            try Data("<?xml version=\"1.0\"?>\n<?empty?>\n<model/>\n".utf8).write(to: url)
            _ = try XcodeModel(contentsOf: url)
        },
    ]

    @Test("models with every kind of mistake", arguments: models + xcodeModels)
    func model(_ input: BadInput) throws { try input.check() }

    /// A container over the store at `directory/store.sqlite` (a 50 ms busy timeout).
    static func open(_ directory: URL, model: ManagedObjectModel = Fixtures.social) throws
        -> PersistentContainer
    {
        let container = PersistentContainer(name: "Store", model: model)
        var description = PersistentStoreDescription(
            url: directory.appendingPathComponent("store.sqlite"))
        description.pragmas = [Connection.Pragma("busy_timeout", "50")]
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        return container
    }

    static func saveUser(_ container: PersistentContainer) throws {
        let context = container.newBackgroundContext()
        try context.performAndWait {
            context.insertNewObject(forEntityName: "User").setValue("a", forKey: "name")
            try context.save()
        }
    }

    static let stores: [BadInput] = [
        BadInput(
            "not a database",
            "cannot open store {dir}/store.sqlite: SQLite error 26 (SQLITE_NOTADB): file is not a database while executing \"SELECT count(*) FROM sqlite_schema\"; the file is not a sound SQLite store: restore it from a backup, or move it away to start an empty store"
        ) { directory in
            try Data(repeating: 0x41, count: 4096).write(
                to: directory.appendingPathComponent("store.sqlite"))
            _ = try open(directory)
        },
        BadInput(
            "a truncated store",
            "cannot open store {dir}/store.sqlite: SQLite error 11 (SQLITE_CORRUPT): database disk image is malformed while executing \"SELECT count(*) FROM sqlite_schema\"; the file is not a sound SQLite store: restore it from a backup, or move it away to start an empty store"
        ) { directory in
            try saveUser(try open(directory))
            let url = directory.appendingPathComponent("store.sqlite")
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 5000)
            try handle.close()
            let container = try open(directory)
            let request = FetchRequest(entityName: "User")
            _ = try container.viewContext.performAndWait {
                try container.viewContext.fetch(request)
            }
        },
        BadInput(
            "a store that is a directory",
            "cannot open store {dir}/store.sqlite: SQLite error 14 (SQLITE_CANTOPEN): unable to open database file: {dir}/store.sqlite; the path must name a file in a directory that exists"
        ) { directory in
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("store.sqlite"),
                withIntermediateDirectories: false)
            _ = try open(directory)
        },
        BadInput(
            "a store another connection holds locked",
            "save failed for 1 object(s): SQLite error 5 (SQLITE_BUSY): database is locked (gave up after the busy timeout of 50 ms; another connection holds the lock: let it finish, or raise the busy timeout) while executing \"BEGIN EXCLUSIVE TRANSACTION\"; nothing was saved and the context keeps its changes: save again once the other connection is done"
        ) { directory in
            let container = try open(directory)
            let other = try Connection(
                location: .file(directory.appendingPathComponent("store.sqlite").path))
            try other.begin(.exclusive)
            defer { try? other.rollback() }
            try saveUser(container)
        },
        BadInput(
            "a store from another model",
            "store {dir}/store.sqlite was made with another model version: entities \"Post\", \"Tag\", \"User\" differ; open it with the model it was made with, migrate it, or move it away to start empty"
        ) { directory in
            _ = try open(directory)
            _ = try open(directory, model: ManagedObjectModel(entities: [user()]))
        },
        BadInput(
            "a full disk",
            "save failed for 1 object(s): SQLite error 13 (SQLITE_FULL): database or disk is full while executing \"COMMIT TRANSACTION\"; nothing was saved and the context keeps its changes: free disk space, then save again"
        ) { directory in
            FaultInjector.install()
            let container = try open(directory)
            let injector = FaultInjector(
                directory: directory,
                plan: FaultPlan(call: .write, number: 1, fault: .diskFull, isPersistent: true))
            defer { injector.disarm() }
            try saveUser(container)
        },
    ]

    @Test(
        "store files that are corrupt, truncated, locked, misplaced or of another model",
        arguments: stores)
    func store(_ input: BadInput) throws { try input.check() }
}
