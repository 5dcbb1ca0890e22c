import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Composite attributes (iOS 17): stored flattened, one column per field named by its
/// key path (`ZADDRESS_CITY`, nested `ZADDRESS_GEO_LAT`), read as dictionaries,
/// settable whole or by key path, usable in predicates, sort keys and fetch indexes.
@Suite struct CompositeAttributeTests {
    static func model() -> ManagedObjectModel {
        var address = AttributeDescription(name: "address", type: .binary)
        address.valueKind = .composite(name: "Address")
        var geo = AttributeDescription(name: "geo", type: .binary)
        geo.valueKind = .composite(name: "Geo")
        return ManagedObjectModel(
            entities: [
                EntityDescription(
                    name: "Shop",
                    attributes: [AttributeDescription(name: "name", type: .string), address],
                    indexes: [
                        FetchIndexDescription(
                            name: "byCity", elements: [.init(property: "address.city")])
                    ])
            ],
            composites: [
                CompositeAttributeDescription(
                    name: "Address",
                    elements: [
                        AttributeDescription(name: "street", type: .string),
                        AttributeDescription(name: "city", type: .string), geo,
                    ]),
                CompositeAttributeDescription(
                    name: "Geo",
                    elements: [
                        AttributeDescription(name: "lat", type: .double),
                        AttributeDescription(name: "lon", type: .double),
                    ]),
            ])
    }

    static func store(_ directory: TemporaryDirectory, log: LogLines? = nil) throws
        -> (PersistentContainer, Connection)
    {
        let container = PersistentContainer(name: "Shops", model: model())
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: directory.url.appendingPathComponent("shops.sqlite"))
        ]
        container.sqlDebugLog = log.map { SQLDebugLog(level: 1, output: $0.sink) }
        try container.loadPersistentStores()
        return (container, try Connection(location: .file(directory.path("shops.sqlite"))))
    }

    static func insert(_ context: ManagedObjectContext, _ name: String, city: String, lat: Double) {
        let shop = context.insertNewObject(forEntityName: "Shop")
        shop.setValue(name, forKey: "name")
        shop.setValue(
            ["street": "1 Main", "city": city, "geo": ["lat": lat, "lon": 10.5]], forKey: "address")
    }

    @Test("one column per field, named by its key path; the fetch index on a field is created")
    func layout() throws {
        let directory = try TemporaryDirectory()
        let (_, connection) = try Self.store(directory)
        let columns = try connection.fetchAll("SELECT name FROM pragma_table_info('ZSHOP')") {
            $0.string(at: 0)
        }
        #expect(
            columns == [
                "Z_PK", "Z_ENT", "Z_OPT", "ZADDRESS_GEO_LAT", "ZADDRESS_GEO_LON", "ZADDRESS_CITY",
                "ZADDRESS_STREET", "ZNAME",
            ])
        let index = try connection.fetchOne(
            "SELECT sql FROM sqlite_schema WHERE name = 'Z_Shop_byCity'"
        ) { $0.string(at: 0) }
        #expect(index?.contains("ZADDRESS_CITY COLLATE BINARY ASC") == true)
    }

    @Test("read as a dictionary, set whole or by key path, saved and fetched back")
    func values() throws {
        let directory = try TemporaryDirectory()
        let (container, connection) = try Self.store(directory)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            Self.insert(context, "a", city: "Oslo", lat: 59.9)
            try context.save()
            context.reset()
            let shop = try #require(try context.fetch(FetchRequest(entityName: "Shop")).first)
            let address = try #require(shop.value(forKey: "address") as? [String: Any])
            #expect(address["city"] as? String == "Oslo")
            #expect((address["geo"] as? [String: Any])?["lat"] as? Double == 59.9)
            #expect(shop.value(forKeyPath: "address.geo.lon") as? Double == 10.5)
            shop.setValue("Bergen", forKey: "address.city")
            #expect(shop.value(forKeyPath: "address.city") as? String == "Bergen")
            try context.save()
        }
        let row = try connection.fetchOne("SELECT ZADDRESS_CITY, ZADDRESS_STREET FROM ZSHOP") {
            [$0.string(at: 0), $0.string(at: 1)]
        }
        #expect(row == ["Bergen", "1 Main"])
    }

    @Test("a field that is not in the composite, or a value that is no dictionary, is refused")
    func errors() throws {
        let container = try Fixtures.container(model: Self.model())
        let context = container.newBackgroundContext()
        context.performAndWait {
            let shop = context.insertNewObject(forEntityName: "Shop")
            #expect(throws: KeyValueError.unknownKey(entity: "Shop", key: "address.zip")) {
                try shop.setCheckedValue(["zip": "0150"], forKey: "address")
            }
            #expect(
                throws: KeyValueError.wrongType(
                    entity: "Shop", key: "address", expected: "[String: Any]", actual: "String")
            ) {
                try shop.setCheckedValue("Oslo", forKey: "address")
            }
            #expect(shop.value(forKey: "address") == nil)
        }
    }

    @Test("fields in predicates and sort keys compile to their columns; pending objects match")
    func fetching() throws {
        let directory = try TemporaryDirectory()
        let log = LogLines()
        let (container, _) = try Self.store(directory, log: log)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            Self.insert(context, "a", city: "Oslo", lat: 59.9)
            Self.insert(context, "b", city: "Oslo", lat: 58.1)
            Self.insert(context, "c", city: "Rome", lat: 41.9)
            try context.save()
            Self.insert(context, "d", city: "Oslo", lat: 60.0)
            log.clear()
            let request = FetchRequest<ManagedObject>(entityName: "Shop")
            request.predicate = try FetchPredicate(format: "address.city == %@", "Oslo")
            request.sortDescriptors = [SortKey("address.geo.lat")]
            let names = try context.fetch(request).map { $0.value(forKey: "name") as? String }
            #expect(names == ["b", "a", "d"])
            #expect(
                log.sql.first?.hasPrefix(
                    "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZADDRESS_CITY, t0.ZADDRESS_GEO_LAT") == true)
            #expect(
                log.sql.first?.hasSuffix(
                    "FROM ZSHOP t0 WHERE t0.ZADDRESS_CITY = ? ORDER BY t0.ZADDRESS_GEO_LAT")
                    == true,
                "\(log.sql)")
        }
    }
}
