import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

@Suite struct StoreLayoutTests {
    /// Animal (abstract) <- Cat, Dog; Owner 1-N Animal; with an indexed attribute.
    static let zoo = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Animal", isAbstract: true,
            attributes: [AttributeDescription(name: "name", type: .string, isIndexed: true)],
            relationships: [
                RelationshipDescription(name: "owner", destination: "Owner", inverse: "pets")
            ]),
        EntityDescription(
            name: "Cat", parent: "Animal",
            attributes: [AttributeDescription(name: "lives", type: .integer16)]),
        EntityDescription(
            name: "Dog", parent: "Animal",
            attributes: [AttributeDescription(name: "weight", type: .double)]),
        EntityDescription(
            name: "Owner",
            attributes: [AttributeDescription(name: "since", type: .date)],
            relationships: [
                RelationshipDescription(
                    name: "pets", destination: "Animal", inverse: "owner", isToMany: true),
                RelationshipDescription(name: "favorite", destination: "Animal"),
            ]),
    ])

    private func schema(_ path: String) throws -> [String: String] {
        let connection = try Connection(location: .file(path))
        let rows = try connection.fetchAll(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL"
        ) {
            ($0.string(at: 0), $0.string(at: 1))
        }
        return Dictionary(uniqueKeysWithValues: rows)
    }

    private func open(_ model: ManagedObjectModel, at path: String) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Layout", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        return container
    }

    @Test("tables, columns, join tables and indexes follow Core Data's layout")
    func socialLayout() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("social.sqlite")
        _ = try open(Fixtures.social, at: path)
        let sql = try schema(path)
        #expect(
            sql["ZUSER"]
                == "CREATE TABLE ZUSER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZAGE INTEGER, ZNAME VARCHAR )")
        #expect(
            sql["ZPOST"]
                == "CREATE TABLE ZPOST ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZAUTHOR INTEGER, ZISDRAFT INTEGER, ZSCORE FLOAT, ZPUBLISHED TIMESTAMP, ZTITLE VARCHAR )"
        )
        #expect(
            sql["Z_1TAGS"]
                == "CREATE TABLE Z_1TAGS ( Z_1POSTS INTEGER, Z_2TAGS INTEGER, PRIMARY KEY (Z_1POSTS, Z_2TAGS) )"
        )
        #expect(
            sql["Z_1TAGS_Z_2TAGS_INDEX"]
                == "CREATE INDEX Z_1TAGS_Z_2TAGS_INDEX ON Z_1TAGS (Z_2TAGS, Z_1POSTS)")
        #expect(sql["ZPOST_ZAUTHOR_INDEX"] == "CREATE INDEX ZPOST_ZAUTHOR_INDEX ON ZPOST (ZAUTHOR)")
        #expect(sql["ZUSER_ZAGE_INDEX"] == "CREATE INDEX ZUSER_ZAGE_INDEX ON ZUSER (ZAGE)")
        #expect(
            sql["Z_PRIMARYKEY"]
                == "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)"
        )
        #expect(
            sql["Z_METADATA"]
                == "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)"
        )
        #expect(sql["Z_MODELCACHE"] == "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
    }

    @Test("one table per hierarchy, Z_PRIMARYKEY rows with Z_SUPER, entity column for a hierarchy")
    func inheritanceLayout() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("zoo.sqlite")
        _ = try open(Self.zoo, at: path)
        let sql = try schema(path)
        #expect(sql["ZCAT"] == nil && sql["ZDOG"] == nil)
        #expect(
            sql["ZANIMAL"]
                == "CREATE TABLE ZANIMAL ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "ZLIVES INTEGER, ZOWNER INTEGER, ZWEIGHT FLOAT, ZNAME VARCHAR )")
        #expect(
            sql["ZOWNER"]
                == "CREATE TABLE ZOWNER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                + "Z1_FAVORITE INTEGER, ZFAVORITE INTEGER, ZSINCE TIMESTAMP )")
        #expect(sql["ZANIMAL_ZNAME_INDEX"] != nil)
        let connection = try Connection(location: .file(path))
        let keys = try connection.fetchAll(
            "SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT"
        ) {
            "\($0.int64(at: 0)) \($0.string(at: 1)) \($0.int64(at: 2)) \($0.int64(at: 3))"
        }
        #expect(keys == ["1 Animal 0 0", "2 Cat 1 0", "3 Dog 1 0", "4 Owner 0 0"])
    }

    @Test("Z_METADATA holds the store UUID and the entity version hashes")
    func metadata() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("meta.sqlite")
        _ = try open(Fixtures.social, at: path)
        let connection = try Connection(location: .file(path))
        let row = try #require(
            try connection.fetchOne("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA") {
                ($0.int64(at: 0), $0.string(at: 1), $0.data(at: 2))
            })
        #expect(row.0 == 1)
        #expect(UUID(uuidString: row.1) != nil)
        let plist = try PropertyListSerialization.propertyList(from: row.2, format: nil)
        let dictionary = try #require(plist as? [String: Any])
        let hashes = dictionary["NSStoreModelVersionHashes"] as? [String: Data]
        #expect(hashes == Fixtures.social.entityVersionHashes)
        #expect(hashes?.values.allSatisfy { $0.count == 32 } == true)
        #expect(
            dictionary["NSStoreModelVersionHashesDigest"] as? String == Fixtures.social.versionHash)
        #expect(dictionary["NSStoreModelVersionHashesVersion"] as? Int == 3)
        #expect(dictionary["NSStoreType"] as? String == "SQLite")
        #expect(dictionary["NSPersistenceFrameworkVersion"] as? Int == 1344)
        #expect(row.2.prefix(8) == Data("bplist00".utf8))
    }

    @Test("reopening with the same model keeps the data; another model fails naming entities")
    func modelMismatch() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("mismatch.sqlite")
        do {
            let container = try open(Fixtures.social, at: path)
            try inContext(container) { context in
                context.insertNewObject(forEntityName: "Tag").setValue("swift", forKey: "name")
                try context.save()
            }
        }
        let again = try open(Fixtures.social, at: path)
        #expect(try inContext(again) { try $0.count(for: FetchRequest(entityName: "Tag")) } == 1)
        var entities = Fixtures.social.entities
        entities[2].attributes.append(AttributeDescription(name: "color", type: .string))
        entities.append(EntityDescription(name: "Badge"))
        let error = #expect(throws: StoreError.self) {
            try open(ManagedObjectModel(entities: entities), at: path)
        }
        #expect(error == .modelMismatch(entities: ["Badge", "Tag"], path: path))
    }

    @Test("sub-entities are fetched with Z_ENT and come back as their own entity")
    func subentityFetch() throws {
        let log = LogLines()
        let container = try Fixtures.container(model: Self.zoo, log: log)
        try inContext(container) { context in
            context.insertNewObject(forEntityName: "Cat").setValue("Tom", forKey: "name")
            context.insertNewObject(forEntityName: "Dog").setValue("Rex", forKey: "name")
            try context.save()
            context.reset()
            log.clear()
            let animals = try context.fetch(FetchRequest(entityName: "Animal"))
            #expect(Set(animals.map(\.entityName)) == ["Cat", "Dog"])
            let cats = try context.fetch(FetchRequest(entityName: "Cat"))
            #expect(cats.map { $0.value(forKey: "name") as? String } == ["Tom"])
        }
        #expect(
            log.sql[0].hasPrefix(
                "SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZLIVES, t0.ZNAME, t0.ZWEIGHT, t0.ZOWNER FROM ZANIMAL t0"
            ))
        #expect(log.sql[1].hasSuffix("FROM ZANIMAL t0 WHERE t0.Z_ENT = ?"))
    }
}
