import Foundation
import ObjectGraph
import SQLiteDB
import Testing

/// The binary store's file: what a save leaves in it, reopening, and one container
/// per file.
@Suite struct BinaryStoreTests {
    @Test("save, close, reopen: the rows, Z_PRIMARYKEY and Z_METADATA are in the file")
    func reopens() throws {
        let files = try BinaryStoreFiles()
        do {
            let container = try files.open()
            try Fixtures.seed(container, users: 3, posts: 2)
        }
        #expect(try files.userNames() == ["u0", "u1", "u2"])
        var readOnly = Connection.Configuration()
        readOnly.openMode = .readOnly
        let file = try Connection(location: .file(files.url.path), configuration: readOnly)
        #expect(try file.fetchAll("PRAGMA integrity_check") { $0.string(at: 0) } == ["ok"])
        let keys = try file.fetchAll("SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT") {
            "\($0.string(at: 0)) \($0.int64(at: 1))"
        }
        #expect(keys == ["Post 6", "Tag 0", "User 3"])
        let metadata = try #require(try StoreMetadata.read(from: file))
        #expect(metadata.differingEntities(from: Fixtures.social).isEmpty)
        #expect(try file.fetchOne("SELECT count(*) FROM ZPOST") { $0.int64(at: 0) } == 6)
        try file.close()
    }

    @Test("the file opens as a SQLite store, and a SQLite store opens as a binary store")
    func sqliteInterchange() throws {
        let files = try BinaryStoreFiles()
        do { try Fixtures.seed(try files.open(), users: 2, posts: 1) }
        let sqlite = PersistentContainer(name: "SQLite", model: Fixtures.social)
        sqlite.persistentStoreDescriptions = [PersistentStoreDescription(url: files.url)]
        try sqlite.loadPersistentStores()
        try inContext(sqlite) { context in
            #expect(try context.count(for: FetchRequest(entityName: "Post")) == 2)
            context.insertNewObject(forEntityName: "User").setValue("u2", forKey: "name")
            try context.save()
        }
        _ = consume sqlite
        #expect(try files.bytes()[18...19] == Data([2, 2]))  // WAL mode
        do {
            let binary = try files.open()
            try inContext(binary) { context in
                context.insertNewObject(forEntityName: "User").setValue("u3", forKey: "name")
                try context.save()
            }
        }
        #expect(try files.userNames() == ["u0", "u1", "u2", "u3"])
        #expect(try files.bytes()[18...19] == Data([1, 1]))  // rollback journal
    }

    @Test("a save writes the file once (its key reservation rides along); fetches never")
    func writesPerSave() throws {
        let files = try BinaryStoreFiles()
        do { try Fixtures.seed(try files.open(), users: 2, posts: 2) }
        let counter = CrashingImageWriter(successes: .max)
        let container = try files.open(writer: counter.writer)
        try inContext(container) { context in
            let posts = try context.fetch(FetchRequest(entityName: "Post"))
            _ = posts.map { $0.value(forKeyPath: "author.name") }
            #expect(counter.attempts == 0)
            context.insertNewObject(forEntityName: "User").setValue("u2", forKey: "name")
            try context.save()
            #expect(counter.attempts == 1)
            try context.obtainPermanentIDs(for: [context.insertNewObject(forEntityName: "Tag")])
            #expect(counter.attempts == 1)
            try context.save()
            #expect(counter.attempts == 2)
        }
    }

    @Test("persistent history recorded by saves is in the file after a reopen")
    func history() throws {
        let files = try BinaryStoreFiles()
        func open() throws -> PersistentContainer {
            var description = PersistentStoreDescription.binary(url: files.url)
            description.isPersistentHistoryTrackingEnabled = true
            let container = PersistentContainer(name: "History", model: Fixtures.social)
            container.persistentStoreDescriptions = [description]
            try container.loadPersistentStores()
            return container
        }
        try inContext(try open()) { context in
            context.transactionAuthor = "importer"
            context.insertNewObject(forEntityName: "User").setValue("Ada", forKey: "name")
            try context.save()
        }
        let transactions = try inContext(try open()) { context in
            try context.execute(.fetchHistory(after: nil)).transactions
        }
        #expect(transactions.map(\.author) == ["importer"])
        #expect(transactions.first?.changes.map(\.changeType) == [.insert])
    }

    @Test("keys go on from Z_PRIMARYKEY after a reopen")
    func keysContinue() throws {
        let files = try BinaryStoreFiles()
        do { try Fixtures.seed(try files.open(), users: 2, posts: 0) }
        let container = try files.open()
        let key = try inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("u2", forKey: "name")
            try context.save()
            return user.objectID.primaryKey
        }
        #expect(key == 3)
    }

    @Test("a missing file is created with the schema at open")
    func createsFile() throws {
        let files = try BinaryStoreFiles()
        _ = try files.open()
        #expect(FileManager.default.fileExists(atPath: files.url.path))
        #expect(try files.userNames().isEmpty)
    }

    @Test("a second container on the same file is refused while the first is open")
    func oneContainerPerFile() throws {
        let files = try BinaryStoreFiles()
        do {
            let first = try files.open()
            #expect(throws: StoreError.inUse(path: files.url.path)) { _ = try files.open() }
            _ = first
        }
        _ = try files.open()
    }

    @Test("a file of another model version is refused by name and left untouched")
    func modelMismatch() throws {
        let files = try BinaryStoreFiles()
        do { try Fixtures.seed(try files.open(), users: 1, posts: 0) }
        let before = try files.bytes()
        let other = ManagedObjectModel(entities: [
            EntityDescription(
                name: "User", attributes: [AttributeDescription(name: "email", type: .string)])
        ])
        let container = PersistentContainer(name: "Other", model: other)
        container.persistentStoreDescriptions = [.binary(url: files.url)]
        #expect(throws: StoreError.self) { try container.loadPersistentStores() }
        #expect(try files.bytes() == before)
    }
}
