import BenchKit
import Foundation
import TestSupport
import Testing
import Workloads

/// Dataset caches, scratch files and paths under hostile conditions (issue 32, items 11
/// and on): a read-only cache, stale case copies, damaged entries, odd paths.
@Suite struct CacheAndPathTests {
    /// `bench` as a user who cannot write `directory`'s files: as root, the same binary
    /// under `setpriv` as nobody (root ignores permissions); otherwise itself.
    static func benchAsReader(_ arguments: [String]) throws -> ChildOutcome {
        let bench = try BenchBinaryTests.binary()
        guard getuid() == 0 else { return try ChildOutcome.run(bench, arguments) }
        return try ChildOutcome.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", bench.path] + arguments,
            environment: ["TMPDIR": "/tmp", "HOME": "/tmp"])
    }

    @Test("a read-only dataset cache is used for reading; a missing entry is a clear error")
    func readOnlyCache() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.url.path, 0o755)
        let cache = directory.path("cache")
        let generated = BenchToolTests.main(
            "generate", "--size", "200", "--seed", "5", "--dataset-dir", cache)
        try #require(generated.status == 0, "\(generated.text)")
        chmod(cache, 0o555)
        defer { chmod(cache, 0o755) }
        let before = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        let reused = try Self.benchAsReader([
            "explain", "--entity", "Post", "--size", "200", "--seed", "5", "--dataset-dir",
            cache, "title != nil",
        ])
        #expect(reused.status == 0, "\(reused)")
        let missing = try Self.benchAsReader([
            "explain", "--entity", "Post", "--size", "300", "--seed", "5", "--dataset-dir",
            cache, "title != nil",
        ])
        #expect(missing.status == 1, "\(missing)")
        #expect(
            missing.errors.contains(
                "error: the dataset cache \(cache) is read-only and has no usable "
                    + "social-300-s5-g\(DatasetGenerator.version) (it was never generated there); "
                    + "generate it where the cache is writable (bench generate --dataset-dir "
                    + "DIR) or give a writable --dataset-dir"), "\(missing)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == before)
    }
}
