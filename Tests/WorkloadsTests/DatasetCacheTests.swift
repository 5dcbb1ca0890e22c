import Foundation
import ObjectGraph
import TestSupport
import Testing
import Workloads

@Suite struct DatasetCacheTests {
    private func open(_ dataset: CachedDataset, model: ManagedObjectModel) throws
        -> PersistentContainer
    {
        let container = PersistentContainer(name: "Check", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: dataset.storePath))
        ]
        try container.loadPersistentStores()
        return container
    }

    @Test("a generated store opens in the engine with every row and relationship in place")
    func storeReadsBack() throws {
        let directory = try TemporaryDirectory()
        let cache = DatasetCache(directory: directory.url)
        let dataset = try cache.dataset(schema: .social, size: 500, seed: 7)
        #expect(!dataset.wasReused)
        #expect(dataset.manifest.counts == ["User": 50, "Post": 500, "Comment": 1_000, "Tag": 200])
        #expect(dataset.manifest.ratios["User"] == "size / 10")
        let container = try open(dataset, model: DatasetSchema.social.model)
        let context = container.newBackgroundContext()
        try context.performAndWait {
            #expect(try context.count(for: FetchRequest(entityName: "Comment")) == 1_000)
            let request = FetchRequest(entityName: "Post")
            request.predicate = try FetchPredicate(format: "author.name != nil")
            let posts = try context.fetch(request)
            #expect(posts.count == 500)
            let tagged = posts.reduce(0) {
                $0 + (($1.value(forKey: "tags") as? any Collection)?.count ?? 0)
            }
            #expect(tagged == dataset.manifest.links["Post.tags"])
            let draft = FetchRequest(entityName: "Post")
            draft.predicate = try FetchPredicate(format: "statusIndexed == %@", "draft")
            let viaIndex = try context.count(for: draft)
            draft.predicate = try FetchPredicate(format: "status == %@", "draft")
            #expect(try context.count(for: draft) == viaIndex)
        }
    }

    @Test("a second request reuses the cached dataset")
    func reuse() throws {
        let directory = try TemporaryDirectory()
        let cache = DatasetCache(directory: directory.url)
        let first = try cache.dataset(schema: .social, size: 200, seed: 1)
        let second = try cache.dataset(schema: .social, size: 200, seed: 1)
        #expect(second.wasReused)
        #expect(second.manifest == first.manifest)
        #expect(cache.list().map(\.key) == ["social-200-s1-g\(DatasetGenerator.version)"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(
            leftovers.sorted() == [
                "social-200-s1-g\(DatasetGenerator.version)",
                "social-200-s1-g\(DatasetGenerator.version).lock",
            ])
    }

    @Test(
        "a corrupted, truncated or unfinished dataset is rebuilt, never used",
        arguments: [
            "flip a byte", "truncate", "no manifest",
        ])
    func corruption(damage: String) throws {
        let directory = try TemporaryDirectory()
        let cache = DatasetCache(directory: directory.url)
        let original = try cache.dataset(schema: .social, size: 200, seed: 3)
        let store = URL(fileURLWithPath: original.storePath)
        switch damage {
        case "flip a byte":
            var bytes = try Data(contentsOf: store)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: store)
        case "truncate":
            try Data(try Data(contentsOf: store).prefix(4096)).write(to: store)
        default:
            try FileManager.default.removeItem(
                at: original.directory.appendingPathComponent("manifest.json"))
        }
        let rebuilt = try cache.dataset(schema: .social, size: 200, seed: 3)
        #expect(!rebuilt.wasReused)
        #expect(rebuilt.rebuiltBecause != nil)
        #expect(rebuilt.manifest.contentHash == original.manifest.contentHash)
        #expect(try cache.dataset(schema: .social, size: 200, seed: 3).wasReused)
    }

    @Test("FAULTLINE_DATASETS overrides the default directory")
    func environment() {
        #expect(
            DatasetCache.defaultDirectory(environment: ["FAULTLINE_DATASETS": "/data/x"]).path
                == "/data/x")
        #expect(
            DatasetCache.defaultDirectory(environment: [:]).path.hasSuffix("/.faultline/datasets"))
    }
}
