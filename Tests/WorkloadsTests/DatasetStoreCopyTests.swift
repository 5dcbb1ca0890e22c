import Foundation
import ObjectGraph
import TestSupport
import Testing
import Workloads

/// A private copy of a cached dataset: writable through its container, the cached store
/// untouched, the copy's files gone when it is released.
@Suite struct DatasetStoreCopyTests {
    @Test("writes reach the copy only; releasing the copy removes its store, -wal and -shm")
    func isolatedAndRemoved() throws {
        let directory = try TemporaryDirectory()
        let dataset = try DatasetCache(directory: directory.url)
            .dataset(schema: .social, size: 200, seed: 5)
        let cached = try Data(contentsOf: URL(fileURLWithPath: dataset.storePath))
        var copy: DatasetStoreCopy? = try DatasetStoreCopy(of: dataset, schema: .social)
        let url = try #require(copy?.url)
        do {
            let context = try #require(copy?.container.newBackgroundContext())
            try context.performAndWait {
                let tag = context.insertNewObject(forEntityName: "Tag")
                tag.setValue("added", forKey: "name")
                try context.save()
                #expect(try context.count(for: FetchRequest(entityName: "Tag")) == 201)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dataset.storePath)) == cached)
        #expect(FileManager.default.fileExists(atPath: url.path))
        copy = nil
        for suffix in ["", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: url.path + suffix), "\(suffix)")
        }
    }
}
