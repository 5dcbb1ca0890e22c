import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import ObjectGraph

/// A store Core Data wrote (CoreDataPlus `SampleModel_V1.sqlite`, model version
/// `SampleModel`) migrated to the app's next version, `SampleModel2`: the source model
/// is found by the store's tables (its hashes are Apple's), and the rows survive.
@Suite struct CoreDataStoreMigrationTests {
    @Test(
        "Core Data's SampleModel V1 store migrates to SampleModel2: columns dropped, an entity renamed by its element ID, a fetch index added"
    )
    func sampleModelV1ToV2() throws {
        let fixtures = VersionHashOracleTests.fixtures
        var transformers = ValueTransformerRegistry.standard
        transformers.register(
            CodableTransformer<CoreDataStoreWriteTests.Paint>(), named: "ColorTransformer")
        let bundle = try XcodeModelBundle(
            at: fixtures.appendingPathComponent("SampleModel.xcdatamodeld"))
        let v1 = try bundle.loadVersion(named: "SampleModel").makeModel(transformers: transformers)
        let v2 = try bundle.loadVersion(named: "SampleModel2").makeModel(transformers: transformers)
        let directory = try TemporaryDirectory()
        let path = directory.path("SampleModel_V1.sqlite")
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("SampleModel_V1.sqlite").path, toPath: path)
        let expensive = try MigrationFixture.rows(path, "SELECT count(*) FROM ZCAR WHERE Z_ENT = 3")
        let container = try MigrationFixture.open(path, model: v2, sources: [v1])
        let report = try #require(container.migrationReports.first)
        #expect(
            report.tables.map(\.description) == [
                "ZCAR altered (DROP COLUMN ZCOLOR)", "ZPERSON altered (DROP COLUMN ZID)",
            ])
        #expect(report.indexes.contains("created Z_Car_byMakerAndNumberPlate"))
        #expect(
            try MigrationFixture.rows(path, "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY ORDER BY Z_ENT")
                == [["1", "Car"], ["2", "SportCar"], ["3", "LuxuryCar"], ["4", "Person"]])
        let counts = try container.viewContext.performAndWait {
            try ["Car", "LuxuryCar", "Person"].map {
                try container.viewContext.count(for: FetchRequest<ManagedObject>(entityName: $0))
            }
        }
        #expect(counts == [125, Int(expensive[0][0])!, 20])
        #expect(try MigrationFixture.rows(path, "PRAGMA integrity_check") == [["ok"]])
        #expect(try MigrationFixture.open(path, model: v2).migrationReports.isEmpty)
    }
}
