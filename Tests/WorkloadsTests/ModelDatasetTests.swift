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
                "Car.color left out: transformable values of Color through ColorTransformer are not generated yet"
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

    @Test(
        "the dataset name (its cache key) changes with --entity counts and value bounds (issue 32, item 10)"
    )
    func nameCoversPlans() throws {
        let plain = try dataset().schema.name
        #expect(try dataset().schema.name == plain, "the same scenario keeps its name")
        let seven = try dataset(counts: ["Person": 7]).schema.name
        let eight = try dataset(counts: ["Person": 8]).schema.name
        #expect(Set([plain, seven, eight]).count == 3)
        #expect(try dataset(counts: ["Person": 7]).schema.name == seven)
        var model = try XcodeModelBundle(at: Self.sampleModel).loadCurrentVersion()
        let car = try #require(model.entities.firstIndex { $0.name == "Car" })
        let attribute = try #require(
            model.entities[car].attributes.firstIndex { $0.name == "model" })
        model.entities[car].attributes[attribute].maximumValue = 12
        let bounded = try ModelDataset(model: model).schema.name
        model.entities[car].attributes[attribute].maximumValue = 20
        let wider = try ModelDataset(model: model).schema.name
        #expect(Set([plain, bounded, wider]).count == 3)
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

    @Test("a composite attribute is generated field by field into its flattened columns")
    func composites() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("Shop.xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Shop" representedClassName="Shop" syncable="YES">
                    <attribute name="address" optional="YES" attributeType="Composite" \
            composite="Address"/>
                    <attribute name="name" optional="YES" attributeType="String"/>
                </entity>
                <composite name="Address">
                    <attribute name="city" optional="YES" attributeType="String"/>
                    <attribute name="geo" optional="YES" attributeType="Composite" composite="Geo"/>
                </composite>
                <composite name="Geo">
                    <attribute name="lat" optional="YES" attributeType="Double"/>
                </composite>
            </model>
            """.utf8
        ).write(to: folder.appendingPathComponent("contents"))
        let dataset = try ModelDataset(
            model: XcodeModel(contentsOf: folder.appendingPathComponent("contents")))
        #expect(dataset.warnings.isEmpty)
        let layout = try DatasetLayout(schema: dataset.schema, size: 40)
        #expect(
            layout.entities.first?.columns.map(\.name) == [
                "address.city", "address.geo.lat", "name",
            ])
        let generator = try DatasetGenerator(schema: dataset.schema, size: 40, seed: 1)
        _ = try GenerationReport.generate(
            generator, at: directory.path("shop.sqlite"), writer: .batchInsert)
        let connection = try Connection(location: .file(directory.path("shop.sqlite")))
        let filled = try connection.fetchOne(
            "SELECT count(ZADDRESS_CITY), count(ZADDRESS_GEO_LAT) FROM ZSHOP"
        ) { [$0.int64(at: 0), $0.int64(at: 1)] }
        #expect(filled == [40, 40])
    }
}
