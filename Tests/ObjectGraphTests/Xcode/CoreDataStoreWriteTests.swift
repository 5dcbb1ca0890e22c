import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import ObjectGraph

/// A store Core Data wrote (CoreDataPlus `SampleModel_V1.sqlite`: 125 cars in an
/// inheritance tree, 20 people, unique constraints, a transformable, UUIDs and dates)
/// opened with its model, faulted, changed and saved: the file keeps Core Data's layout,
/// metadata, model cache and key counters, so Core Data could open it again.
@Suite struct CoreDataStoreWriteTests {
    /// A copy of the fixture, its container (model version `SampleModel`), and what
    /// the copy held before the engine touched it.
    private struct OpenedStore {
        let container: PersistentContainer
        let path: String
        let directory: TemporaryDirectory
        let before: StoreFileState
    }

    /// What must survive a save unchanged, or change only as Core Data would change it.
    private struct StoreFileState: Equatable {
        var schema: [String]
        var metadata: Data
        var modelCache: Data
        var primaryKeys: [String]
        var journalMode: String

        init(path: String) throws {
            let connection = try Connection(location: .file(path))
            defer { try? connection.close() }
            schema = try connection.fetchAll(
                "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name"
            ) { $0.string(at: 0) }
            metadata = try #require(
                try connection.fetchOne("SELECT Z_PLIST FROM Z_METADATA") { $0.data(at: 0) })
            modelCache = try #require(
                try connection.fetchOne("SELECT Z_CONTENT FROM Z_MODELCACHE") { $0.data(at: 0) })
            primaryKeys = try connection.fetchAll(
                "SELECT Z_ENT || ' ' || Z_NAME || ' ' || Z_SUPER || ' ' || Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT"
            ) { $0.string(at: 0) }
            journalMode = try connection.fetchOne("PRAGMA journal_mode") { $0.string(at: 0) } ?? ""
        }
    }

    /// What the app's `ColorTransformer` stores, as far as these tests are concerned.
    struct Paint: Codable, Equatable, Sendable {
        var red, green, blue: Double
    }

    private func open() throws -> OpenedStore {
        let fixtures = VersionHashOracleTests.fixtures
        var transformers = ValueTransformerRegistry.standard
        transformers.register(CodableTransformer<Paint>(), named: "ColorTransformer")
        let model = try XcodeModelBundle(
            at: fixtures.appendingPathComponent("SampleModel.xcdatamodeld")
        )
        .loadVersion(named: "SampleModel").makeModel(transformers: transformers)
        let directory = try TemporaryDirectory()
        let path = directory.path("SampleModel_V1.sqlite")
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("SampleModel_V1.sqlite").path, toPath: path)
        let before = try StoreFileState(path: path)
        let container = PersistentContainer(name: "SampleModel", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        return OpenedStore(container: container, path: path, directory: directory, before: before)
    }

    /// Rows of `sql` on a fresh connection to `path`, each row's columns joined by `|`
    /// (text as is, other values as SQL literals).
    private func rows(_ sql: String, in path: String) throws -> [String] {
        let connection = try Connection(location: .file(path))
        defer { try? connection.close() }
        return try connection.fetchAll(SQL(text: sql)) { statement in
            statement.row().map { value in
                if case .text(let text) = value { return text }
                return value.description
            }
            .joined(separator: "|")
        }
    }

    @Test("fetches see the inheritance tree; faults fire for to-one and to-many relationships")
    func fetchAndFault() throws {
        let store = try open()
        try inContext(store.container) { context in
            #expect(try context.count(for: FetchRequest(entityName: "Car")) == 125)
            #expect(try context.count(for: FetchRequest(entityName: "SportCar")) == 10)
            let expensive = try context.fetch(FetchRequest(entityName: "ExpensiveSportCar"))
            #expect(expensive.count == 5)
            #expect(expensive.allSatisfy { $0.entity.name == "ExpensiveSportCar" })

            let request = FetchRequest(entityName: "Car")
            request.predicate = try FetchPredicate(format: "numberPlate == %@", "170")
            let car = try #require(try context.fetch(request).first)
            #expect(car.value(forKey: "maker") as? String == "FIAT")
            let owner = try #require(car.value(forKey: "owner") as? ManagedObject)
            #expect(owner.isFault)
            #expect(owner.value(forKey: "firstName") as? String != nil)
            #expect((owner.value(forKey: "cars") as? Set<ManagedObject>)?.count == 100)
            let updatedAt = try #require(owner.value(forKey: "updatedAt") as? Date)
            #expect(updatedAt.timeIntervalSinceReferenceDate > 639_503_569)
            #expect(owner.value(forKey: "id") is UUID)
        }
        withExtendedLifetime(store.directory) {}
    }

    @Test("a save inserts, updates and deletes as Core Data would: keys, Z_OPT, metadata kept")
    func saveKeepsCoreDataLayout() throws {
        let store = try open()
        let id = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
        try inContext(store.container) { context in
            let person = context.insertNewObject(forEntityName: "Person")
            person.setValue("Ada", forKey: "firstName")
            person.setValue("Lovelace", forKey: "lastName")
            person.setValue(id, forKey: "id")
            let updatedAt = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
            person.setValue(updatedAt, forKey: "updatedAt")
            let sportCar = context.insertNewObject(forEntityName: "SportCar")
            sportCar.setValue("new-1", forKey: "numberPlate")
            sportCar.setValue(person, forKey: "owner")

            let byPlate = { (plate: String) throws -> ManagedObject in
                let request = FetchRequest(entityName: "Car")
                request.predicate = try FetchPredicate(format: "numberPlate == %@", plate)
                return try #require(try context.fetch(request).first)
            }
            let updated = try byPlate("159")
            updated.setValue("Lancia", forKey: "maker")
            context.delete(try byPlate("139"))
            try context.save()
        }
        let after = try StoreFileState(path: store.path)
        #expect(after.schema == store.before.schema, "no table, index or trigger changed")
        #expect(after.metadata == store.before.metadata, "Core Data's Z_METADATA plist kept")
        #expect(after.modelCache == store.before.modelCache)
        #expect(after.journalMode == store.before.journalMode)
        #expect(
            after.primaryKeys == [
                "1 Car 0 126", "2 SportCar 1 0", "3 ExpensiveSportCar 2 0", "4 Person 0 21",
            ],
            "keys come from the root entity's counter, as Core Data allocates them")
        let car = try rows(
            "SELECT Z_PK, Z_ENT, Z_OPT, ZOWNER, ZNUMBERPLATE, ZMAKER FROM ZCAR WHERE Z_PK = 126",
            in: store.path)
        #expect(car == ["126|2|1|21|new-1|NULL"])
        let person = try rows(
            "SELECT Z_PK, Z_ENT, Z_OPT, ZFIRSTNAME, hex(ZID), typeof(ZUPDATEDAT), ZUPDATEDAT "
                + "FROM ZPERSON WHERE Z_PK = 21", in: store.path)
        #expect(person == ["21|4|1|Ada|00112233445566778899AABBCCDDEEFF|real|800000000.25"])
        let updated = try rows(
            "SELECT Z_OPT, ZMAKER, ZMODEL FROM ZCAR WHERE ZNUMBERPLATE = '159'", in: store.path)
        #expect(
            updated == ["2|Lancia|Panda"], "an update bumps Z_OPT and leaves other columns alone")
        let deleted = try rows(
            "SELECT count(*) FROM ZCAR WHERE ZNUMBERPLATE = '139'", in: store.path)
        #expect(deleted == ["0"])
        let integrity = try rows("PRAGMA integrity_check", in: store.path)
        #expect(integrity == ["ok"])
        withExtendedLifetime(store.directory) {}
    }

    @Test("saved changes read back after the store is closed and opened again")
    func reopen() throws {
        let store = try open()
        try inContext(store.container) { context in
            let car = context.insertNewObject(forEntityName: "ExpensiveSportCar")
            car.setValue("gold-1", forKey: "numberPlate")
            car.setValue(true, forKey: "isLimitedEdition")
            try context.save()
        }
        let model = store.container.managedObjectModel
        let again = PersistentContainer(name: "SampleModel", model: model)
        again.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: store.path))
        ]
        try again.loadPersistentStores()
        try inContext(again) { context in
            let request = FetchRequest(entityName: "SportCar")
            request.predicate = try FetchPredicate(format: "numberPlate == %@", "gold-1")
            let car = try #require(try context.fetch(request).first)
            #expect(car.entity.name == "ExpensiveSportCar")
            #expect(car.value(forKey: "isLimitedEdition") as? Bool == true)
            #expect(
                car.objectID.uriRepresentation().absoluteString.hasSuffix("/ExpensiveSportCar/p126")
            )
        }
        withExtendedLifetime(store.directory) {}
    }

    @Test("a unique-constraint violation fails the save and leaves the file as it was")
    func constraintViolation() throws {
        let store = try open()
        let rowsBefore = try rows(
            "SELECT Z_PK, Z_OPT, ZNUMBERPLATE FROM ZCAR ORDER BY Z_PK", in: store.path)
        inContext(store.container) { context in
            let car = context.insertNewObject(forEntityName: "Car")
            car.setValue("170", forKey: "numberPlate")
            #expect(throws: SaveError.self) { try context.save() }
        }
        #expect(try StoreFileState(path: store.path) == store.before)
        #expect(
            try rows("SELECT Z_PK, Z_OPT, ZNUMBERPLATE FROM ZCAR ORDER BY Z_PK", in: store.path)
                == rowsBefore)
        withExtendedLifetime(store.directory) {}
    }

    @Test("a transformable is stored through the transformer the model names, and reads back")
    func transformable() throws {
        let store = try open()
        let paint = Paint(red: 1, green: 0.5, blue: 0)
        try inContext(store.container) { context in
            let car = context.insertNewObject(forEntityName: "Car")
            car.setValue("red-1", forKey: "numberPlate")
            car.setValue(paint, forKey: "color")
            try context.save()
        }
        #expect(
            try rows(
                "SELECT CAST(ZCOLOR AS TEXT) FROM ZCAR WHERE ZNUMBERPLATE = 'red-1'", in: store.path
            )
                == [#"{"blue":0,"green":0.5,"red":1}"#])
        try inContext(store.container) { context in
            let request = FetchRequest(entityName: "Car")
            request.predicate = try FetchPredicate(format: "numberPlate == %@", "red-1")
            #expect(try context.fetch(request).first?.value(forKey: "color") as? Paint == paint)
        }
        withExtendedLifetime(store.directory) {}
    }

    @Test("the model refuses to build without the transformer it names, saying where")
    func unregisteredTransformer() throws {
        let bundle = try XcodeModelBundle(
            at: VersionHashOracleTests.fixtures.appendingPathComponent("SampleModel.xcdatamodeld"))
        let error = #expect(throws: XcodeModelError.self) {
            try bundle.loadVersion(named: "SampleModel").makeModel()
        }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("ColorTransformer"))
        #expect(message.contains("SampleModel.xcdatamodel/contents:4:"), "\(message)")
    }
}
