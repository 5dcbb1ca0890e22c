import Foundation
import TestSupport
import Testing
import Workloads

/// The cache under concurrency, killed generations and damage SQLite would not forgive.
@Suite struct DatasetCacheReliabilityTests {
    static let key = "social-200-s5-g\(DatasetGenerator.version)"

    @Test("two concurrent requests for one dataset both succeed; one generates, one reuses")
    func concurrent() async throws {
        let directory = try TemporaryDirectory()
        let cache = DatasetCache(directory: directory.url)
        async let first = Task { try cache.dataset(schema: .social, size: 200, seed: 5) }.value
        async let second = Task { try cache.dataset(schema: .social, size: 200, seed: 5) }.value
        let results = try await [first, second]
        #expect(results.map(\.wasReused).sorted { !$0 && $1 } == [false, true])
        #expect(results[0].manifest == results[1].manifest)
    }

    @Test(
        "a hot journal, a store that is a directory or a dangling link is rebuilt",
        arguments: ["journal", "wal", "directory", "dangling link"])
    func damagedStore(damage: String) throws {
        let directory = try TemporaryDirectory()
        let cache = DatasetCache(directory: directory.url)
        let original = try cache.dataset(schema: .social, size: 200, seed: 5)
        let store = original.storePath
        let files = FileManager.default
        let expected: String
        switch damage {
        case "journal", "wal":
            let suffix = damage == "journal" ? "-journal" : "-wal"
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: store + suffix))
            expected =
                "cached dataset \(store + suffix) is unusable: a hot journal beside the store "
                + "(a write did not finish)"
        case "directory":
            try files.removeItem(atPath: store)
            try files.createDirectory(atPath: store, withIntermediateDirectories: false)
            expected = "cached dataset \(store) is unusable: the store is a directory"
        default:
            try files.removeItem(atPath: store)
            try files.createSymbolicLink(atPath: store, withDestinationPath: "/nonexistent")
            expected = "cached dataset \(store) is unusable: the store is a symbolic link"
        }
        let rebuilt = try cache.dataset(schema: .social, size: 200, seed: 5)
        #expect(rebuilt.rebuiltBecause == expected)
        #expect(rebuilt.manifest.contentHash == original.manifest.contentHash)
        #expect(
            !files.fileExists(atPath: store + "-journal")
                && !files.fileExists(atPath: store + "-wal"))
        #expect(try cache.dataset(schema: .social, size: 200, seed: 5).wasReused)
    }

    @Test("temporary directories of killed generations are swept; a running one's are kept")
    func sweep() throws {
        let directory = try TemporaryDirectory()
        let cache = DatasetCache(directory: directory.url)
        let files = FileManager.default
        let own = ".tmp-\(Self.key)-99999-\(UUID().uuidString)"
        let other = ".tmp-social-300-s5-g\(DatasetGenerator.version)-99999-\(UUID().uuidString)"
        let busy = ".tmp-social-400-s5-g\(DatasetGenerator.version)-99999-\(UUID().uuidString)"
        for name in [own, other, busy] {
            try files.createDirectory(
                at: directory.url.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        // Another process generating social-400 holds its lock (flock(1), one process
        // thanks to --no-fork, so SIGKILL ends it and its lock).
        let holder = Process()
        let ready = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [
            "--no-fork", directory.path("social-400-s5-g\(DatasetGenerator.version).lock"),
            "sh", "-c", "echo locked; exec sleep 600",
        ]
        holder.standardOutput = ready
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        #expect(
            String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self) == "locked\n")
        _ = try cache.dataset(schema: .social, size: 200, seed: 5)
        let names = try files.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains(own) && !names.contains(other))
        #expect(names.contains(busy))
    }
}
