import Foundation
import SQLiteDB
import TestSupport
import Testing
import Workloads

/// Part 1 of the reliability issue for the dataset cache: an I/O fault at every SQLite
/// call of a generation (either writer). After each failure: a clear error, no entry
/// and no temporary directory in the cache, and the same request generates the dataset
/// (the content hash every success gives); after a reported success, a sound dataset.
/// Generation runs on SQLite alone (the manifest and rename are DurableFiles', whose
/// faults `BaselineFaultTests` covers at the file-system level).
@Suite struct DatasetFaultTests {
    static let size = 30

    /// A check of a trial failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Failure(description: message()) }
    }

    /// Checks the cache after one trial and retries after a failure.
    static func verify(
        _ directory: URL, failure: (any Error)?, writer: DatasetWriterKind, hash: String
    ) throws {
        let cache = DatasetCache(directory: directory)
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        try check(!entries.contains { $0.hasPrefix(".tmp-") }, "temporaries left: \(entries)")
        if let failure {
            try check("\(failure)".contains("SQLITE_"), "unclear error: \(failure)")
            try check(cache.list().isEmpty, "a failed generation left an entry: \(entries)")
        }
        let dataset = try cache.dataset(schema: .social, size: size, seed: 3, writer: writer)
        try check(dataset.wasReused == (failure == nil), "reused: \(dataset.wasReused)")
        try check(dataset.manifest.contentHash == hash, "content \(dataset.manifest.contentHash)")
        let integrity = try StoreSnapshot.integrity(path: dataset.storePath)
        try check(integrity == "ok", "integrity_check: \(integrity)")
    }

    @Test("a fault at any I/O call of a generation", arguments: DatasetWriterKind.allCases)
    func generation(_ writer: DatasetWriterKind) throws {
        let directory = try TemporaryDirectory()
        let reference = try DatasetCache(directory: directory.url.appendingPathComponent("ref"))
            .dataset(schema: .social, size: Self.size, seed: 3, writer: writer)
        let walk = FaultWalk<URL>(
            prepare: { directory in directory },
            operation: { directory in
                _ = try DatasetCache(directory: directory).dataset(
                    schema: .social, size: Self.size, seed: 3, writer: writer)
            },
            verify: { directory, _, _, failure in
                try Self.verify(
                    directory, failure: failure, writer: writer,
                    hash: reference.manifest.contentHash)
                return nil
            })
        // Every call takes 100 s for both writers (fsyncs on a shared disk): every
        // fifth call in scripts/test, every one in scripts/test-reliability.
        let summary = try walk.run(in: directory.url.appendingPathComponent("walk"), stride: 5)
        print("fault walk, dataset generation (\(writer.rawValue)): \(summary)")
        #expect(summary.outcomes.values.reduce(0, +) == summary.trials)
    }
}
