import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Staged migration (iOS 17): the seeds' three-version split of `Aircraft.flightData`.
@Suite("Staged migration")
struct StagedMigrationTests {
    typealias Models = AircraftModels

    /// V1 to V2 lightweight; V2 to V3 custom, its will-migrate handler moving each
    /// aircraft's bytes into a FlightData object, its did-migrate handler counting them.
    static func manager(counted: Counter? = nil) -> StagedMigrationManager {
        let v1 = ModelReference(Models.v1, versionChecksum: Models.v1.versionChecksum)
        let v2 = ModelReference(Models.v2, versionChecksum: Models.v2.versionChecksum)
        let v3 = ModelReference(Models.v3, versionChecksum: Models.v3.versionChecksum)
        return StagedMigrationManager([
            .lightweight(from: v1, to: v2, label: "V1 to V2: add FlightData"),
            .custom(
                from: v2, to: v3, label: "V2 to V3: move flightData",
                willMigrate: { migration in
                    let context = migration.container.newBackgroundContext()
                    try context.performAndWait {
                        let request = FetchRequest<ManagedObject>(entityName: "Aircraft")
                        request.predicate = try FetchPredicate(format: "flightData != nil")
                        for aircraft in try context.fetch(request) {
                            let parameters = context.insertNewObject(forEntityName: "FlightData")
                            parameters.setValue(
                                aircraft.value(forKey: "flightData"), forKey: "data")
                            parameters.setValue(aircraft, forKey: "aircraft")
                            aircraft.setValue(nil, forKey: "flightData")
                        }
                        try context.save()
                    }
                },
                didMigrate: { migration in
                    let context = migration.container.newBackgroundContext()
                    let count = try context.performAndWait {
                        try context.count(
                            for: FetchRequest<ManagedObject>(entityName: "FlightData"))
                    }
                    counted?.add(count)
                }),
        ])
    }

    /// Counts what the did-migrate handler saw.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Int] = []
        func add(_ value: Int) { lock.withLock { seen.append(value) } }
        var values: [Int] { lock.withLock { seen } }
    }

    @Test(
        "a V1 store opened with V3 runs both stages: the bytes move to FlightData, the column goes")
    func threeVersionSplit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 30)
        let counter = Counter()
        let container = try MigrationFixture.open(path, model: Models.v3) {
            $0.stagedMigrationManager = Self.manager(counted: counter)
        }
        #expect(container.migrationReports.count == 2)
        #expect(
            container.migrationReports.map(\.destinationChecksum) == [
                Models.v2.versionChecksum, Models.v3.versionChecksum,
            ])
        #expect(try AircraftModels.split(in: container) == Models.expectedSplit(count: 30))
        #expect(counter.values == [20])
        #expect(!(try MigrationFixture.columns(path, "ZAIRCRAFT").contains("ZFLIGHTDATA")))
        #expect(try MigrationFixture.open(path, model: Models.v3).migrationReports.isEmpty)
    }

    @Test("a store already at V2 runs only the second stage")
    func startsFromTheStoresVersion() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 9)
        _ = try MigrationFixture.open(path, model: Models.v2, sources: [Models.v1])
        let container = try MigrationFixture.open(path, model: Models.v3) {
            $0.stagedMigrationManager = Self.manager()
        }
        #expect(container.migrationReports.map(\.sourceChecksum) == [Models.v2.versionChecksum])
        #expect(try AircraftModels.split(in: container) == Models.expectedSplit(count: 9))
    }

    @Test("a stale checksum or stages that do not reach the model are refused before any change")
    func invalidStages() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 3)
        let stale = StagedMigrationManager([
            .lightweight(
                from: ModelReference(Models.v1, versionChecksum: "kk8XL4OkE7gYLFHTrH6W+EhTw8w="),
                to: ModelReference(Models.v2, versionChecksum: Models.v2.versionChecksum))
        ])
        let error = #expect(throws: MigrationError.self) {
            try MigrationFixture.open(path, model: Models.v2) { $0.stagedMigrationManager = stale }
        }
        #expect("\(error!)".contains("expects a model with checksum kk8XL4OkE7gYLFHTrH6W+EhTw8w="))
        let short = StagedMigrationManager([
            .lightweight(
                from: ModelReference(Models.v1, versionChecksum: Models.v1.versionChecksum),
                to: ModelReference(Models.v2, versionChecksum: Models.v2.versionChecksum))
        ])
        let unreachable = #expect(throws: MigrationError.self) {
            try MigrationFixture.open(path, model: Models.v3) { $0.stagedMigrationManager = short }
        }
        #expect("\(unreachable!)".contains("do not lead to the opened model"))
        #expect(try MigrationFixture.open(path, model: Models.v2).migrationReports.isEmpty)
    }

    @Test("a handler that throws stops the migration at the last completed stage")
    func failingHandler() throws {
        struct Refused: Error {}
        let directory = try TemporaryDirectory()
        let path = directory.path("aircraft.sqlite")
        try Models.seed(path, count: 6)
        let v1 = ModelReference(Models.v1, versionChecksum: Models.v1.versionChecksum)
        let v2 = ModelReference(Models.v2, versionChecksum: Models.v2.versionChecksum)
        let v3 = ModelReference(Models.v3, versionChecksum: Models.v3.versionChecksum)
        let failing = StagedMigrationManager([
            .lightweight(from: v1, to: v2),
            .custom(from: v2, to: v3, label: "move", willMigrate: { _ in throw Refused() }),
        ])
        let error = #expect(throws: MigrationError.self) {
            try MigrationFixture.open(path, model: Models.v3) {
                $0.stagedMigrationManager = failing
            }
        }
        #expect("\(error!)".contains("stage \"move\""))
        let atV2 = try MigrationFixture.open(path, model: Models.v2)
        #expect(atV2.migrationReports.isEmpty)
    }
}
