import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import ObjectGraph

/// Version hashes and store metadata against what Core Data wrote: the compiled
/// `VersionInfo.plist` and two stores from alemar11/CoreDataPlus
/// (Tests/Fixtures/CoreDataPlus, MIT).
@Suite struct VersionHashOracleTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/CoreDataPlus")

    /// Version name to entity name to Core Data's hash, from `VersionInfo.plist`.
    private func oracle(_ file: String) throws -> [String: [String: Data]] {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(file))
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        let info = try #require(plist as? [String: Any])
        return try #require(info["NSManagedObjectModel_VersionHashes"] as? [String: [String: Data]])
    }

    /// Version name to our hashes, from the `.xcdatamodeld`.
    private func ours(_ bundle: String) throws -> [String: [String: Data]] {
        let models = try XcodeModelBundle(at: Self.fixtures.appendingPathComponent(bundle))
        var hashes: [String: [String: Data]] = [:]
        for name in models.versionNames {
            hashes[name] = try models.loadVersion(named: name).entityVersionHashes
        }
        return hashes
    }

    /// Metadata of a copy of a Core Data store (the fixture stays untouched).
    private func metadata(of store: String) throws -> StoreMetadata {
        let directory = try TemporaryDirectory()
        let copy = directory.path(store)
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent(store).path, toPath: copy)
        let connection = try Connection(location: .file(copy))
        return try #require(try StoreMetadata.read(from: connection))
    }

    @Test(
        "our entity hashes change between versions exactly where Core Data's do",
        arguments: [
            ("SampleModel.xcdatamodeld", "SampleModel-VersionInfo.plist"),
            ("SampleModel3.xcdatamodeld", "SampleModel3-VersionInfo.plist"),
        ])
    func sameChanges(bundle: String, versionInfo: String) throws {
        let oracle = try oracle(versionInfo)
        let ours = try ours(bundle)
        #expect(Set(ours.keys) == Set(oracle.keys))
        var compared = 0
        for (first, second) in zip(ours.keys.sorted(), ours.keys.sorted().dropFirst()) {
            for entity in Set(oracle[first]!.keys).intersection(oracle[second]!.keys) {
                let coreDataSame = oracle[first]![entity] == oracle[second]![entity]
                let ourSame = ours[first]![entity] == ours[second]![entity]
                #expect(ourSame == coreDataSame, "\(entity): \(first) → \(second)")
                compared += 1
            }
        }
        #expect(compared >= 3)
    }

    @Test("every entity of every version gets a 32-byte hash, as in VersionInfo.plist")
    func hashShape() throws {
        for (version, hashes) in try ours("SampleModel.xcdatamodeld") {
            #expect(
                Set(hashes.keys) == Set(try oracle("SampleModel-VersionInfo.plist")[version]!.keys))
            #expect(hashes.values.allSatisfy { $0.count == 32 })
        }
    }

    @Test(
        "Core Data's model digest is reproduced from the entity hashes of its stores",
        arguments: ["SampleModel_V1.sqlite", "SampleModel3_V1.sqlite"])
    func digest(store: String) throws {
        let metadata = try metadata(of: store)
        let digest = try #require(metadata.modelDigest)
        #expect(ManagedObjectModel.versionHashesDigest(metadata.entityHashes) == digest)
    }

    @Test("a Core Data store's Z_METADATA reads: UUID, identifiers, framework, hashes")
    func coreDataMetadata() throws {
        let metadata = try metadata(of: "SampleModel_V1.sqlite")
        #expect(metadata.uuid == "753753D3-A961-4901-AB05-8CC48B1D3853")
        #expect(metadata.versionIdentifiers == ["1"])
        #expect(metadata.frameworkVersion == 1044)
        #expect(
            metadata.entityHashes == (try oracle("SampleModel-VersionInfo.plist")["SampleModel"]))
    }

    @Test("class names, userInfo, defaults, indexes, renames and delete rules leave hashes alone")
    func ignoredValues() throws {
        let original = try XcodeModelBundle(
            at: Self.fixtures.appendingPathComponent("SampleModel3.xcdatamodeld")
        ).loadVersion(named: "SampleModel3_v2")
        var changed = original
        changed.entities[0].representedClassName = "Other"
        changed.entities[0].userInfo = ["key": "value"]
        changed.entities[0].renamingIdentifier = "Old"
        changed.entities[0].attributes[0].defaultValue = "x"
        changed.entities[0].relationships[0].deleteRule = .cascade
        changed.entities[0].indexes = [
            FetchIndexDescription(name: "byName", elements: [.init(property: "name")])
        ]
        #expect(changed.entityVersionHashes == original.entityVersionHashes)
        var renamed = original
        renamed.entities[0].attributes[0].isOptional.toggle()
        renamed.entities[1].versionHashModifier = "2"
        let hashes = renamed.entityVersionHashes
        #expect(hashes["Pet"] != original.entityVersionHashes["Pet"])
        #expect(hashes["User"] != original.entityVersionHashes["User"])
    }
}
