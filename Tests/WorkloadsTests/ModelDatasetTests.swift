import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing
import Workloads

/// Datasets for a user's Xcode model: CoreDataPlus's SampleModel (Tests/Fixtures,
/// MIT): inheritance three deep, a transformable, uniqueness constraints on the
/// hierarchy's root table, a to-many / to-one pair.
@Suite struct ModelDatasetTests {
    static let sampleModel = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/CoreDataPlus/SampleModel.xcdatamodeld")

    private func dataset(counts: [String: Int] = [:]) throws -> ModelDataset {
        try ModelDataset(
            model: XcodeModelBundle(at: Self.sampleModel).loadCurrentVersion(), counts: counts)
    }

    @Test("what the engine cannot store is left out with a warning; the rest plans")
    func plan() throws {
        let dataset = try dataset()
        #expect(
            dataset.warnings == [
                "Car.color left out: transformable values are not generated yet"
            ])
        #expect(dataset.primaryEntity == "Car")
        let layout = try DatasetLayout(schema: dataset.schema, size: 1_000)
        #expect(
            layout.counts == [
                "Car": 1_000, "SportCar": 1_000, "ExpensiveSportCar": 1_000, "Person": 100,
            ])
        let car = try #require(layout.entities.first { $0.name == "Car" })
        #expect(!car.columns.contains { $0.name == "color" || $0.name == "currentDrivingSpeed" })
    }

    @Test("--entity counts override the derived ones; an unknown entity is an error")
    func counts() throws {
        let layout = try DatasetLayout(schema: try dataset(counts: ["Person": 7]).schema, size: 50)
        #expect(layout.counts["Person"] == 7)
        #expect(throws: DatasetError.self) { try dataset(counts: ["Nope": 1]) }
    }

    @Test("the generated store keeps the constraints shared by the hierarchy; both writers agree")
    func generates() throws {
        let directory = try TemporaryDirectory()
        let generator = try DatasetGenerator(schema: try dataset().schema, size: 300, seed: 3)
        let engine = try GenerationReport.generate(
            generator, at: directory.path("engine.sqlite"), writer: .batchInsert)
        let raw = try GenerationReport.generate(
            generator, at: directory.path("raw.sqlite"), writer: .raw)
        #expect(engine.contentHash == raw.contentHash)
        let connection = try Connection(location: .file(directory.path("engine.sqlite")))
        let plates = try connection.fetchAll(
            "SELECT count(*), count(DISTINCT ZNUMBERPLATE) FROM ZCAR"
        ) { [$0.int64(at: 0), $0.int64(at: 1)] }
        #expect(plates == [[900, 900]])
        let unique = try connection.fetchOne(
            "SELECT count(*) FROM sqlite_schema WHERE sql LIKE 'CREATE UNIQUE INDEX%'"
        ) { $0.int64(at: 0) }
        #expect(unique == 2)
    }

    @Test("the schema name carries the model's name and version, and is a safe file name")
    func name() throws {
        let name = try dataset().schema.name
        #expect(name.hasPrefix("model-SampleModel-"))
        #expect(name.count == "model-SampleModel-".count + 8)
        #expect(
            name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        )
        let other = try ModelDataset(
            model: XcodeModelBundle(at: Self.sampleModel).loadVersion(named: "SampleModel2"))
        #expect(other.schema.name != name)
    }
}
