import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Lightweight migration, one test per change kind: the data after, the tables'
/// strategy (altered in place or copied) and the SQL's effect on the schema.
@Suite("Lightweight migration")
struct LightweightMigrationTests {
    typealias Fixture = MigrationFixture

    /// Seeds a version 1 store, opens it with `model` (migrating), returns the
    /// container and the store's path.
    private func migrated(
        _ model: ManagedObjectModel, in directory: TemporaryDirectory,
        configure: (inout PersistentStoreDescription) -> Void = { _ in }
    ) throws -> (PersistentContainer, String) {
        let path = directory.path("store.sqlite")
        try Fixture.seed(path)
        let container = try Fixture.open(
            path, model: model, sources: [Fixture.v1], configure: configure)
        return (container, path)
    }

    @Test("an added optional attribute is an ADD COLUMN; rows keep their values and the key")
    func addAttribute() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].attributes.append(AttributeDescription(name: "subtitle", type: .string))
        }
        let (container, path) = try migrated(model, in: directory)
        let report = try #require(container.migrationReports.first)
        #expect(report.strategy(of: "ZPOST") == .altered)
        #expect(report.strategy(of: "ZUSER") == .kept)
        #expect(report.tables.first { $0.table == "ZPOST" }?.details == ["ADD COLUMN ZSUBTITLE"])
        #expect(try Fixture.columns(path, "ZPOST").contains("ZSUBTITLE"))
        #expect(try Fixture.posts(in: container) == Fixture.v1Posts)
        #expect(
            try Fixture.rows(path, "SELECT count(*) FROM ZPOST WHERE ZSUBTITLE IS NULL") == [["12"]]
        )
        let metadata = try Fixture.rows(path, "SELECT Z_UUID FROM Z_METADATA")
        #expect(container.migrationReports.first?.destinationChecksum == model.versionChecksum)
        try container.viewContext.performAndWait {
            let post = container.viewContext.insertNewObject(forEntityName: "Post")
            post.setValue("new", forKey: "title")
            post.setValue("sub", forKey: "subtitle")
            try container.viewContext.save()
        }
        #expect(try Fixture.rows(path, "SELECT Z_PK FROM ZPOST WHERE ZTITLE = 'new'") == [["13"]])
        let reopened = try Fixture.open(path, model: model)
        #expect(reopened.migrationReports.isEmpty)
        #expect(try Fixture.rows(path, "SELECT Z_UUID FROM Z_METADATA") == metadata)
    }

    @Test("a required attribute with a default fills every existing row; without one it is refused")
    func addRequiredAttribute() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].attributes.append(
                AttributeDescription(
                    name: "views", type: .integer64, isOptional: false, defaultValue: Int64(7)))
        }
        let (_, path) = try migrated(model, in: directory)
        #expect(try Fixture.rows(path, "SELECT DISTINCT ZVIEWS FROM ZPOST") == [["7"]])

        let refused = Fixture.v1 { entities in
            entities[1].attributes.append(
                AttributeDescription(name: "views", type: .integer64, isOptional: false))
        }
        let error = #expect(throws: MigrationError.self) {
            try InferredMapping(from: Fixture.v1, to: refused)
        }
        guard case .cannotInferMapping(nil, let problems) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(problems.map(\.entity) == ["Post"])
        #expect(problems.map(\.property) == ["views"])
        #expect(problems[0].reason.contains("no default value"))
    }

    @Test("a removed attribute is a DROP COLUMN")
    func removeAttribute() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { $0[1].attributes.removeAll { $0.name == "body" } }
        let (container, path) = try migrated(model, in: directory)
        #expect(!(try Fixture.columns(path, "ZPOST").contains("ZBODY")))
        #expect(
            container.migrationReports[0].tables.first { $0.table == "ZPOST" }?.details == [
                "DROP COLUMN ZBODY"
            ])
        #expect(try Fixture.posts(in: container) == Fixture.v1Posts)
    }

    @Test("a renaming identifier renames the column in place and keeps the values and index")
    func renameAttribute() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            var headline = AttributeDescription(name: "headline", type: .string, isIndexed: true)
            headline.renamingIdentifier = "title"
            entities[1].attributes[0] = headline
        }
        let (container, path) = try migrated(model, in: directory)
        #expect(
            container.migrationReports[0].tables.first { $0.table == "ZPOST" }?.details == [
                "RENAME COLUMN ZTITLE TO ZHEADLINE"
            ])
        #expect(try Fixture.posts(in: container, titleKey: "headline") == Fixture.v1Posts)
        let indexes = try Fixture.schemaNames(path, type: "index")
        #expect(indexes.contains("ZPOST_ZHEADLINE_INDEX"))
        #expect(!indexes.contains("ZPOST_ZTITLE_INDEX"))
    }

    @Test("optional to required with a default replaces NULLs; without a default it is refused")
    func optionalToRequired() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].attributes[1] = AttributeDescription(
                name: "likes", type: .integer32, isOptional: false, defaultValue: Int64(0))
        }
        let (_, path) = try migrated(model, in: directory)
        #expect(try Fixture.rows(path, "SELECT count(*) FROM ZPOST WHERE ZLIKES = 0") == [["4"]])
        #expect(
            try Fixture.rows(path, "SELECT count(*) FROM ZPOST WHERE ZLIKES IS NULL") == [["0"]])
        #expect(
            try Fixture.rows(path, "SELECT ZLIKES FROM ZPOST WHERE ZTITLE = 'post5'") == [["5"]])
        let refused = Fixture.v1 { entities in
            entities[1].attributes[1] = AttributeDescription(
                name: "likes", type: .integer32, isOptional: false)
        }
        let error = #expect(throws: MigrationError.self) {
            try InferredMapping(from: Fixture.v1, to: refused)
        }
        #expect("\(error!)".contains("Post.likes: becomes required without a default value"))
    }

    @Test(
        "integer widening keeps the table; integer to double copies it; string to integer is refused"
    )
    func typeChanges() throws {
        let widened = Fixture.v1 {
            $0[1].attributes[1] = AttributeDescription(name: "likes", type: .integer64)
        }
        let first = try TemporaryDirectory()
        let (container, _) = try migrated(widened, in: first)
        #expect(container.migrationReports[0].strategy(of: "ZPOST") == .kept)
        #expect(try Fixture.posts(in: container) == Fixture.v1Posts)

        let toDouble = Fixture.v1 {
            $0[1].attributes[1] = AttributeDescription(name: "likes", type: .double)
        }
        let second = try TemporaryDirectory()
        let (copied, path) = try migrated(toDouble, in: second)
        #expect(copied.migrationReports[0].strategy(of: "ZPOST") == .copied)
        #expect(
            try Fixture.rows(
                path, "SELECT typeof(ZLIKES), ZLIKES FROM ZPOST WHERE ZTITLE = 'post5'") == [
                    ["real", "5.0"]
                ])
        #expect(try Fixture.rows(path, "SELECT count(*) FROM Z_1TAGS") == [["12"]])

        let toNumber = Fixture.v1 {
            $0[2].attributes[0] = AttributeDescription(name: "name", type: .integer64)
        }
        let error = #expect(throws: MigrationError.self) {
            try InferredMapping(from: Fixture.v1, to: toNumber)
        }
        #expect(
            "\(error!)".contains(
                "Tag.name: changes type from string to integer64, which Core Data's inferred "
                    + "mapping does not convert"))
    }

    @Test("an entity named last is a new table; one named first renumbers every table by copying")
    func addEntity() throws {
        let last = Fixture.v1 { $0.append(EntityDescription(name: "Zone")) }
        let first = try TemporaryDirectory()
        let (container, path) = try migrated(last, in: first)
        let report = container.migrationReports[0]
        #expect(report.strategy(of: "ZZONE") == .created)
        #expect(report.strategy(of: "ZPOST") == .kept)
        #expect(
            try Fixture.rows(path, "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_ENT").map {
                $0.joined(separator: " ")
            } == ["1 Post", "2 Tag", "3 User", "4 Zone"])

        let early = Fixture.v1 { $0.append(EntityDescription(name: "Album")) }
        let second = try TemporaryDirectory()
        let (renumbered, earlyPath) = try migrated(early, in: second)
        let copied = renumbered.migrationReports[0]
        #expect(copied.strategy(of: "ZPOST") == .copied)
        #expect(copied.strategy(of: "ZUSER") == .copied)
        #expect(copied.strategy(of: "Z_2TAGS") == .copied)
        #expect(try Fixture.rows(earlyPath, "SELECT DISTINCT Z_ENT FROM ZPOST") == [["2"]])
        #expect(
            try Fixture.rows(earlyPath, "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'Post'") == [
                ["12"]
            ])
        #expect(!(try Fixture.schemaNames(earlyPath, type: "table").contains("Z_1TAGS")))
        #expect(try Fixture.posts(in: renumbered) == Fixture.v1Posts)
        #expect(try Fixture.rows(earlyPath, "PRAGMA integrity_check") == [["ok"]])
    }

    @Test("a removed entity drops its table, its join table and the relationships to it")
    func removeEntity() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities.remove(at: 2)
            entities[1].relationships.removeAll { $0.name == "tags" }
        }
        let (container, path) = try migrated(model, in: directory)
        let tables = try Fixture.schemaNames(path, type: "table")
        #expect(!tables.contains("ZTAG"))
        #expect(!tables.contains("Z_1TAGS"))
        #expect(!tables.contains { $0.hasPrefix("Z_MIG_") })
        #expect(container.migrationReports[0].strategy(of: "ZTAG") == .dropped)
        let titles = try container.viewContext.performAndWait {
            try container.viewContext.fetch(FetchRequest(entityName: "Post")).count
        }
        #expect(titles == 12)
    }

    @Test("a renamed entity keeps its rows under the new table name")
    func renameEntity() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].name = "Article"
            entities[1].renamingIdentifier = "Post"
            entities[0].relationships[0].destination = "Article"
            entities[2].relationships[0].destination = "Article"
        }
        let (container, path) = try migrated(model, in: directory)
        #expect(container.migrationReports[0].strategy(of: "ZARTICLE") == .copied)
        #expect(try Fixture.rows(path, "SELECT count(*) FROM ZARTICLE") == [["12"]])
        let names = try container.viewContext.performAndWait {
            try container.viewContext.fetch(FetchRequest(entityName: "User")).map { user in
                (user.value(forKey: "posts") as? Set<ManagedObject>)?.count ?? -1
            }
        }
        #expect(names == [4, 4, 4])
    }

    @Test("an added to-one is an ADD COLUMN; a removed relationship drops its column")
    func relationshipAddedAndRemoved() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].relationships.removeAll { $0.name == "author" }
            entities[0].relationships = [
                RelationshipDescription(
                    name: "edits", destination: "Post", inverse: "editor", isToMany: true)
            ]
            entities[1].relationships.append(
                RelationshipDescription(name: "editor", destination: "User", inverse: "edits"))
        }
        let (container, path) = try migrated(model, in: directory)
        let columns = try Fixture.columns(path, "ZPOST")
        #expect(columns.contains("ZEDITOR"))
        #expect(!columns.contains("ZAUTHOR"))
        #expect(container.migrationReports[0].strategy(of: "ZPOST") == .altered)
    }

    @Test(
        "to-one becoming to-many fills a join table from the foreign key; to-many to to-one is refused"
    )
    func cardinality() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].relationships[0] = RelationshipDescription(
                name: "author", destination: "User", inverse: "posts", isToMany: true)
        }
        let (container, path) = try migrated(model, in: directory)
        #expect(try Fixture.rows(path, "SELECT count(*) FROM Z_1AUTHOR") == [["12"]])
        #expect(!(try Fixture.columns(path, "ZPOST").contains("ZAUTHOR")))
        let authors = try container.viewContext.performAndWait {
            try container.viewContext.fetch(FetchRequest(entityName: "Post")).map { post in
                (post.value(forKey: "author") as? Set<ManagedObject>)?.compactMap {
                    $0.value(forKey: "name") as? String
                } ?? []
            }
        }
        #expect(authors.allSatisfy { $0.count == 1 })
        #expect(Set(authors.flatMap { $0 }) == ["user0", "user1", "user2"])

        let refused = Fixture.v1 { entities in
            entities[1].relationships[1] = RelationshipDescription(
                name: "tags", destination: "Tag", inverse: "posts")
        }
        let error = #expect(throws: MigrationError.self) {
            try InferredMapping(from: Fixture.v1, to: refused)
        }
        #expect("\(error!)".contains("Post.tags: changes from to-many to to-one"))
    }

    @Test("entities moved under a new parent merge into one table with their keys shifted apart")
    func inheritance() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities.append(
                EntityDescription(
                    name: "Content", isAbstract: true,
                    attributes: [AttributeDescription(name: "created", type: .date)]))
            entities[1].parent = "Content"
            entities[2].parent = "Content"
        }
        let (container, path) = try migrated(model, in: directory)
        #expect(container.migrationReports[0].strategy(of: "ZCONTENT") == .copied)
        #expect(
            try Fixture.rows(path, "SELECT count(*), count(DISTINCT Z_PK) FROM ZCONTENT") == [
                ["15", "15"]
            ])
        #expect(try Fixture.posts(in: container) == Fixture.v1Posts)
        let tags = try container.viewContext.performAndWait {
            try container.viewContext.fetch(FetchRequest(entityName: "Tag")).map {
                ($0.value(forKey: "posts") as? Set<ManagedObject>)?.count ?? -1
            }
        }
        #expect(tags == [4, 4, 4])
    }

    @Test(
        "index, fetch index and uniqueness changes are reconciled at open; a violated constraint rolls back"
    )
    func indexes() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            entities[1].attributes[0].isIndexed = false
            entities[0].attributes[1].isIndexed = true
            entities[2].uniquenessConstraints = [["name"]]
            entities[1].indexes = [
                FetchIndexDescription(
                    name: "byLikes", elements: [.init(property: "likes", ascending: false)])
            ]
        }
        let (container, path) = try migrated(model, in: directory)
        let indexes = try Fixture.schemaNames(path, type: "index")
        #expect(
            indexes.isSuperset(of: ["ZUSER_ZAGE_INDEX", "Z_Tag_UNIQUE_ZNAME", "Z_Post_byLikes"]))
        #expect(!indexes.contains("ZPOST_ZTITLE_INDEX"))
        let report = try #require(container.migrationReports.first)
        #expect(report.tables.isEmpty)
        #expect(report.sourceChecksum == report.destinationChecksum)
        #expect(report.indexes.contains("dropped ZPOST_ZTITLE_INDEX"))
        #expect(report.indexes.contains("created Z_Post_byLikes"))
        #expect(try Fixture.open(path, model: model).migrationReports.isEmpty)

        let duplicate = try TemporaryDirectory()
        let path2 = duplicate.path("store.sqlite")
        try Fixture.seed(path2)
        let connection = try Connection(location: .file(path2))
        _ = try connection.execute("UPDATE ZTAG SET ZNAME = 'same'")
        let before = try Fixture.rows(path2, "SELECT * FROM sqlite_master ORDER BY name")
        let unique = Fixture.v1 { $0[2].uniquenessConstraints = [["name"]] }
        let error = #expect(throws: MigrationError.self) {
            try Fixture.open(path2, model: unique, sources: [Fixture.v1])
        }
        #expect("\(error!)".contains("CREATE UNIQUE INDEX Z_Tag_UNIQUE_ZNAME"))
        #expect("\(error!)".contains("rolled back"))
        #expect(try Fixture.rows(path2, "SELECT * FROM sqlite_master ORDER BY name") == before)
        #expect(try Fixture.posts(in: Fixture.open(path2, model: Fixture.v1)).count == 12)
    }

    @Test("a refusal lists every problem and leaves the store file byte for byte")
    func refusalLeavesStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        try Fixture.seed(path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let model = Fixture.v1 { entities in
            entities[2].attributes[0] = AttributeDescription(name: "name", type: .date)
            entities[0].attributes.append(
                AttributeDescription(name: "email", type: .string, isOptional: false))
        }
        let error = #expect(throws: MigrationError.self) {
            try Fixture.open(path, model: model, sources: [Fixture.v1])
        }
        guard case .cannotInferMapping(path, let problems) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(problems.map { "\($0.entity).\($0.property ?? "")" } == ["Tag.name", "User.email"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("no source model: the old mismatch error; source models that do not match: say so")
    func sourceModels() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        try Fixture.seed(path)
        let model = Fixture.v1 { $0.append(EntityDescription(name: "Zone")) }
        let mismatch = #expect(throws: StoreError.self) { try Fixture.open(path, model: model) }
        #expect(mismatch == .modelMismatch(entities: ["Zone"], path: path))
        let other = Fixture.v1 { $0.append(EntityDescription(name: "Other")) }
        let none = #expect(throws: MigrationError.self) {
            try Fixture.open(path, model: model, sources: [other])
        }
        #expect(none == .noSourceModel(path: path, differingEntities: ["Zone"]))
        let disabled = #expect(throws: MigrationError.self) {
            try Fixture.open(path, model: model, sources: [Fixture.v1]) {
                $0.shouldMigrateStoreAutomatically = false
            }
        }
        #expect(disabled == .migrationDisabled(path: path, differingEntities: ["Zone"]))
    }

    @Test(
        "a renaming identifier carried into the next version still matches (attribute and entity)")
    func renamingIdentifierKept() throws {
        func model(note: Bool) -> ManagedObjectModel {
            var title = AttributeDescription(name: "title", type: .string)
            title.renamingIdentifier = "name"
            var album = EntityDescription(
                name: "Album", attributes: [title],
                relationships: [
                    RelationshipDescription(
                        name: "documents", destination: "Document", inverse: "album", isToMany: true
                    )
                ])
            album.renamingIdentifier = "Collection"
            if note { album.attributes.append(AttributeDescription(name: "note", type: .string)) }
            return ManagedObjectModel(entities: [
                album,
                EntityDescription(
                    name: "Document",
                    relationships: [
                        RelationshipDescription(
                            name: "album", destination: "Album", inverse: "documents")
                    ]),
            ])
        }
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let v1 = model(note: false)
        let container = try Fixture.open(path, model: v1)
        try container.viewContext.performAndWait {
            let album = container.viewContext.insertNewObject(forEntityName: "Album")
            album.setValue("kept", forKey: "title")
            container.viewContext.insertNewObject(forEntityName: "Document")
                .setValue(album, forKey: "album")
            try container.viewContext.save()
        }
        let migrated = try Fixture.open(path, model: model(note: true), sources: [v1])
        #expect(migrated.migrationReports[0].strategy(of: "ZALBUM") == .altered)
        #expect(try Fixture.rows(path, "SELECT ZTITLE FROM ZALBUM") == [["kept"]])
        #expect(
            try Fixture.rows(path, "SELECT count(*) FROM ZDOCUMENT WHERE ZALBUM = 1") == [["1"]])
    }

    @Test("of two source properties sharing a canonical name, the one with the same name wins")
    func sharedCanonicalName() throws {
        func attributes() -> [AttributeDescription] {
            var programmed = AttributeDescription(name: "programmedRate", type: .double)
            programmed.renamingIdentifier = "scheduledRate"
            return [programmed, AttributeDescription(name: "scheduledRate", type: .double)]
        }
        let v1 = ManagedObjectModel(entities: [
            EntityDescription(name: "Dose", attributes: attributes())
        ])
        let v2 = ManagedObjectModel(entities: [
            EntityDescription(
                name: "Dose",
                attributes: attributes() + [AttributeDescription(name: "unit", type: .string)])
        ])
        let mapping = try InferredMapping(from: v1, to: v2)
        let sources = mapping.entities[0].attributes.map { source -> String in
            if case .copy(let old, _) = source { return old.name }
            return "new"
        }
        #expect(sources == ["programmedRate", "scheduledRate", "new"])
    }

    @Test(
        "a column dropped and added again under its name loses its index first, then gets it back")
    func droppedIndexedColumn() throws {
        let directory = try TemporaryDirectory()
        let model = Fixture.v1 { entities in
            var replacement = AttributeDescription(name: "title", type: .integer64, isIndexed: true)
            replacement.renamingIdentifier = "headline"
            entities[1].attributes[0] = replacement
        }
        let (container, path) = try migrated(model, in: directory)
        let report = try #require(container.migrationReports.first)
        #expect(
            report.tables.first { $0.table == "ZPOST" }?.details == [
                "DROP COLUMN ZTITLE", "ADD COLUMN ZTITLE",
            ])
        #expect(report.indexes == ["dropped ZPOST_ZTITLE_INDEX", "created ZPOST_ZTITLE_INDEX"])
        #expect(
            try Fixture.rows(path, "SELECT count(*) FROM ZPOST WHERE ZTITLE IS NULL") == [["12"]])
        #expect(try Fixture.schemaNames(path, type: "index").contains("ZPOST_ZTITLE_INDEX"))
    }

    @Test("a binary store migrates in memory and writes its file once the migration commits")
    func binaryStore() throws {
        let directory = try TemporaryDirectory()
        let url = URL(fileURLWithPath: directory.path("store.binary"))
        func open(_ model: ManagedObjectModel, sources: [ManagedObjectModel] = [])
            throws -> PersistentContainer
        {
            let container = PersistentContainer(name: "Binary", model: model)
            var description = PersistentStoreDescription.binary(url: url)
            description.sourceModels = sources
            container.persistentStoreDescriptions = [description]
            container.sqlDebugLog = nil
            try container.loadPersistentStores()
            return container
        }
        do {
            let container = try open(Fixture.v1)
            try container.viewContext.performAndWait {
                let user = container.viewContext.insertNewObject(forEntityName: "User")
                user.setValue("ada", forKey: "name")
                try container.viewContext.save()
            }
        }
        let model = Fixture.v1 { entities in
            entities[0].attributes.append(
                AttributeDescription(
                    name: "email", type: .string, isOptional: false, defaultValue: "none"))
        }
        do {
            let migrated = try open(model, sources: [Fixture.v1])
            #expect(migrated.migrationReports.first?.strategy(of: "ZUSER") == .altered)
        }
        let reopened = try open(model)
        #expect(reopened.migrationReports.isEmpty)
        let emails = try reopened.viewContext.performAndWait {
            try reopened.viewContext.fetch(FetchRequest(entityName: "User")).map {
                $0.value(forKey: "email") as? String
            }
        }
        #expect(emails == ["none"])
    }
}
