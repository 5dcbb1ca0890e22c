import Foundation
import TestSupport
import Testing

/// `bench store inspect` on stores Core Data wrote: CoreDataPlus's `SampleModel_V1.sqlite`
/// (Tests/Fixtures, MIT), made with version `SampleModel` of its bundle.
@Suite struct StoreCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/CoreDataPlus")
    static let bundle = fixtures.appendingPathComponent("SampleModel.xcdatamodeld").path
    static let store = fixtures.appendingPathComponent("SampleModel_V1.sqlite").path

    @Test("names the version that fits, its rows per entity, and what differs from the others")
    func inspect() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.store))
        let (status, text) = BenchToolTests.main(
            "store", "inspect", Self.store, "--model", Self.bundle)
        #expect(status == 0, "\(text)")
        #expect(text.contains("store: \(Self.store) (written by Core Data)"))
        #expect(text.contains("fits: SampleModel\n"), "\(text)")
        #expect(text.contains("  Person: 20 rows"), "\(text)")
        // SampleModel2 drops Car.color and Person.id and renames ExpensiveSportCar.
        #expect(text.contains("also fits: SampleModel2"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: Self.store + "-shm"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.store)) == before)
    }

    @Test("--read reads every object and relationship of a copy through the engine")
    func readsEveryObject() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.store))
        let (status, text) = BenchToolTests.main(
            "store", "inspect", Self.store, "--model", Self.bundle, "--read")
        #expect(status == 0, "\(text)")
        // The fixture holds 125 ZCAR and 20 ZPERSON rows, and 118 cars with a ZOWNER:
        // each is reached once as Car.owner and once as a member of Person.cars.
        #expect(
            text.contains(
                "read: 145 objects, 236 related objects through their relationships (SampleModel)"),
            "\(text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.store)) == before)
    }

    @Test("--migrate-to migrates a copy and reports rows per entity before and after")
    func migrateCopy() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.path("copy.sqlite")
        let (status, text) = BenchToolTests.main(
            "store", "inspect", Self.store, "--model", Self.bundle, "--migrate-to",
            "SampleModel2", "--out", copy)
        #expect(status == 0, "\(text)")
        #expect(FileManager.default.fileExists(atPath: copy))
        // The copy is one file: no -wal or -shm left beside it.
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: copy + "-shm"))
        #expect(text.contains("Person: 20"), "\(text)")
        #expect(text.contains("LuxuryCar"), "\(text)")
    }

    /// A `Shop` store made by `bench generate --model` (Tests/Fixtures/Faultline-XcodeMapping).
    static func shopStore(in directory: TemporaryDirectory) throws -> (
        store: String, bundle: String
    ) {
        let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/Faultline-XcodeMapping")
        let bundle = shop.appendingPathComponent("Shop.xcdatamodeld").path
        let (status, text) = BenchToolTests.main(
            "generate", "--model", bundle, "--model-version", "Shop", "--size", "50",
            "--dataset-dir", directory.path("datasets"))
        #expect(status == 0, "\(text)")
        let datasets = URL(fileURLWithPath: directory.path("datasets"))
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: datasets.path).first {
                // The dataset's folder, not its lock file beside it.
                $0.hasPrefix("model-Shop") && !$0.hasSuffix(".lock")
            })
        return (datasets.appendingPathComponent(folder + "/store.sqlite").path, bundle)
    }

    @Test("--migrate-to applies the app's mapping model for the step, or refuses naming it")
    func mappingModels() throws {
        let directory = try TemporaryDirectory()
        let (store, bundle) = try Self.shopStore(in: directory)
        let copy = directory.path("shop2.sqlite")
        let (status, text) = BenchToolTests.main(
            "store", "inspect", store, "--model", bundle, "--migrate-to", "Shop 2", "--out", copy)
        #expect(status == 0, "\(text)")
        #expect(text.contains("ShopV1toV2.xcmappingmodel (applied)"), "\(text)")
        #expect(text.contains("Product copied (ProductToProduct: 5 objects)"), "\(text)")
        let refusedCopy = directory.path("refused.sqlite")
        let unsupported = URL(fileURLWithPath: bundle).deletingLastPathComponent()
            .appendingPathComponent("Unsupported").path
        let (refused, message) = BenchToolTests.main(
            "store", "inspect", store, "--model", bundle, "--migrate-to", "Shop 2", "--out",
            refusedCopy, "--mapping-models", unsupported)
        #expect(refused == 1, "\(message)")
        #expect(message.contains("ShopExpressions.xcmappingmodel (refused)"), "\(message)")
        #expect(
            message.contains("entity mapping ProductToProduct, property title"), "\(message)")
        #expect(message.contains("not migrated by inference"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: refusedCopy))
        #expect(!FileManager.default.fileExists(atPath: refusedCopy + ".migrating"))
    }

    @Test(
        "several stores share one load of the bundle; --out is then a directory; the worst exit wins"
    )
    func severalStores() throws {
        let directory = try TemporaryDirectory()
        let second = directory.path("second.sqlite")
        try FileManager.default.copyItem(atPath: Self.store, toPath: second)
        let copies = directory.path("copies")
        let (status, text) = BenchToolTests.main(
            "store", "inspect", Self.store, second, "--model", Self.bundle, "--migrate-to",
            "SampleModel2", "--out", copies)
        #expect(status == 0, "\(text)")
        #expect(text.components(separatedBy: "store: ").count == 3, "\(text)")
        #expect(text.components(separatedBy: "fits: SampleModel\n").count == 3, "\(text)")
        for name in ["SampleModel_V1.sqlite", "second.sqlite"] {
            #expect(FileManager.default.fileExists(atPath: copies + "/" + name))
            #expect(text.contains("migrated: \(copies)/\(name) (SampleModel2)"), "\(text)")
        }
        // A store no version fits (SampleModel3's, Tests/Fixtures/CoreDataPlus) makes the
        // exit 1; the store after it is still inspected.
        let other = Self.fixtures.appendingPathComponent("SampleModel3_V1.sqlite").path
        let (mixed, report) = BenchToolTests.main(
            "store", "inspect", other, Self.store, "--model", Self.bundle)
        #expect(mixed == 1, "\(report)")
        #expect(report.contains("no version of \(Self.bundle) fits the store"), "\(report)")
        #expect(report.contains("store: \(Self.store) (written by Core Data)\nfits: SampleModel\n"))
    }

    @Test(
        "usage errors name the flag and exit 2",
        arguments: [
            (["store", "inspect", "x.sqlite"], "--model BUNDLE is required"),
            (
                ["store", "look", "x.sqlite", "--model", "m"],
                "the only store action is 'inspect STORE...'"
            ),
            (
                ["store", "inspect", "x.sqlite", "--model", "m", "--migrate-to", "V"],
                "--migrate-to needs --out COPY"
            ),
        ])
    func usage(arguments: [String], message: String) {
        let (status, text) = BenchToolTests.main(arguments)
        #expect(status == 2, "\(text)")
        #expect(text.contains(message), "\(text)")
    }
}
