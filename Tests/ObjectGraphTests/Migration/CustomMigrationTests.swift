import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// Custom ("heavyweight") migration with entity mappings: the aircraft split done in
/// one step from V1 to V3.
@Suite("Custom migration")
struct CustomMigrationTests {
    typealias Models = AircraftModels

    /// Aircraft to Aircraft, and Aircraft with bytes to FlightData; each side's to-one
    /// set to the object made from the same source object.
    static func split(chunkSize: Int) -> MappingModel {
        var mapping = MappingModel(
            from: Models.v1, to: Models.v3,
            entityMappings: [
                EntityMapping(
                    name: "aircraft", source: "Aircraft", destination: "Aircraft",
                    relationships: ["flightParameters": .sameSource(madeBy: "flightData")]),
                EntityMapping(
                    name: "flightData", source: "Aircraft", destination: "FlightData",
                    attributes: ["data": .source("flightData")],
                    relationships: ["aircraft": .sameSource(madeBy: "aircraft")],
                    filter: { $0["flightData"] != nil }),
            ])
        mapping.chunkSize = chunkSize
        return mapping
    }

    @Test("the split in chunks of 7 and in one pass give the same store", arguments: [7, 0])
    func split(chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 40)
        let container = try MigrationFixture.open(path, model: Models.v3) {
            $0.mappingModels = [Self.split(chunkSize: chunkSize)]
        }
        #expect(try Models.split(in: container) == Models.expectedSplit(count: 40))
        let report = try #require(container.migrationReports.first)
        #expect(
            report.tables.map(\.description) == [
                "Aircraft copied (aircraft: 40 objects)",
                "FlightData copied (flightData: 27 objects)",
            ])
        #expect(
            try MigrationFixture.rows(path, "SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
                == [["Aircraft", "40"], ["FlightData", "27"]])
        let tables = try MigrationFixture.schemaNames(path, type: "table")
        #expect(!tables.contains { $0.hasPrefix("Z_MIG_") })
        #expect(try MigrationFixture.rows(path, "PRAGMA integrity_check") == [["ok"]])
        let indexes = try MigrationFixture.schemaNames(path, type: "index")
        #expect(indexes.contains("ZAIRCRAFT_ZFLIGHTPARAMETERS_INDEX"))
        #expect(try MigrationFixture.open(path, model: Models.v3).migrationReports.isEmpty)
    }

    @Test("computed values and constants; a closure that throws rolls everything back")
    func computedValues() throws {
        struct Unreadable: Error {}
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 5)
        var failing = Self.split(chunkSize: 2)
        failing.entityMappings[0].attributes["name"] = .compute { source in
            guard source.key < 4 else { throw Unreadable() }
            return "x"
        }
        let before = try MigrationFixture.rows(path, "SELECT * FROM ZAIRCRAFT ORDER BY Z_PK")
        let error = #expect(throws: MigrationError.self) {
            try MigrationFixture.open(path, model: Models.v3) { $0.mappingModels = [failing] }
        }
        #expect("\(error!)".contains("entity mapping aircraft"))
        #expect("\(error!)".contains("rolled back"))
        #expect(try MigrationFixture.rows(path, "SELECT * FROM ZAIRCRAFT ORDER BY Z_PK") == before)

        var renamed = Self.split(chunkSize: 2)
        renamed.entityMappings[0].attributes["name"] = .compute { source in
            (source["name"] as? String).map { $0.lowercased() }
        }
        renamed.entityMappings[1].attributes["data"] = .constant(Data([1, 2]))
        let container = try MigrationFixture.open(path, model: Models.v3) {
            $0.mappingModels = [renamed]
        }
        _ = container
        #expect(
            try MigrationFixture.rows(path, "SELECT ZNAME FROM ZAIRCRAFT ORDER BY Z_PK").map {
                $0[0]
            }
                == ["a000", "a001", "a002", "a003", "a004"])
        #expect(
            try MigrationFixture.rows(path, "SELECT DISTINCT length(ZDATA) FROM ZFLIGHTDATA") == [
                ["2"]
            ])
    }

    @Test("a value of the wrong type and an unknown source attribute name the mapping")
    func badMappings() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 3)
        var wrongType = Self.split(chunkSize: 0)
        wrongType.entityMappings[1].attributes["data"] = .constant(42)
        let error = #expect(throws: MigrationError.self) {
            try MigrationFixture.open(path, model: Models.v3) { $0.mappingModels = [wrongType] }
        }
        #expect(
            "\(error!)".contains(
                "the value for data is a Int, which a binary attribute cannot hold"))
        var unknown = Self.split(chunkSize: 0)
        unknown.entityMappings[1].attributes["data"] = .source("telemetry")
        let missing = #expect(throws: MigrationError.self) {
            try MigrationFixture.open(path, model: Models.v3) { $0.mappingModels = [unknown] }
        }
        #expect("\(missing!)".contains("source entity Aircraft has no attribute telemetry"))
    }
}
