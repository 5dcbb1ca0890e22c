import Foundation
import ObjectGraph
import TestSupport
import Testing

/// A store Core Data wrote (CoreDataPlus `SampleModel3_V1.sqlite`, 12 users) opened
/// with its model: the hashes cannot agree, so the tables decide.
@Suite struct CoreDataStoreMatchTests {
    private func open(version: String) throws -> (PersistentContainer, String, TemporaryDirectory) {
        let fixtures = VersionHashOracleTests.fixtures
        let model = try XcodeModelBundle(
            at: fixtures.appendingPathComponent("SampleModel3.xcdatamodeld")
        )
        .loadVersion(named: version).makeModel()
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("SampleModel3_V1.sqlite").path, toPath: path)
        let container = PersistentContainer(name: "SampleModel3", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        return (container, path, directory)
    }

    @Test("the model the store was made with opens it and reads its rows")
    func matchingModel() throws {
        let (container, _, directory) = try open(version: "SampleModel3")
        try container.loadPersistentStores()
        let petNames = try inContext(container) { context in
            try context.fetch(FetchRequest(entityName: "User")).map {
                $0.value(forKey: "petName") as? String
            }
        }
        #expect(petNames.count == 12)
        #expect(petNames.contains("Dog_2_0"))
        withExtendedLifetime(directory) {}
    }

    @Test("another version is refused, naming each table and column that differs")
    func otherVersion() throws {
        let (container, path, directory) = try open(version: "SampleModel3_v2")
        let error = #expect(throws: StoreError.self) { try container.loadPersistentStores() }
        // SampleModel3_v2 adds the Pet entity (numbered 1, before User) and User.pet.
        #expect(
            error
                == .schemaMismatch(
                    path: path,
                    differences: [
                        "Z_PRIMARYKEY: no row names the entity (entity Pet)",
                        "Z_PRIMARYKEY: the store numbers it 1, the model 2 (entity User)",
                        "ZPET: the table is missing (entity Pet)",
                        "ZUSER.ZPET: the column is missing (entity User)",
                    ]))
        withExtendedLifetime(directory) {}
    }
}
