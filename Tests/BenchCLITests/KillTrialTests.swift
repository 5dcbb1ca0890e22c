import Foundation
import TestSupport
import Testing
import Workloads

/// Part 2 of the reliability issue for the lab's files: `bench generate` and `bench
/// baseline update` SIGKILLed at seeded random moments. A cached dataset is then valid
/// (reused with the reference content) or absent and rebuilt, with no temporaries left
/// once the cache is next used; a baseline is the old file or the new one, byte for byte,
/// and a killed update's temporary file goes with the next update.
@Suite struct KillTrialTests {
    @Test("SIGKILL during bench generate: the cache entry is valid or rebuilt")
    func generate() throws {
        let bench = try BenchBinaryTests.binary()
        let directory = try TemporaryDirectory()
        let reference = try DatasetCache(directory: directory.url.appendingPathComponent("ref"))
            .dataset(schema: .social, size: 2_000, seed: 4)
        var outcomes: [String: Int] = [:]
        for (trial, delay) in KillTrial.delays(count: 50, limit: 0.6, seed: 20).enumerated() {
            let cacheURL = directory.url.appendingPathComponent("trial-\(trial)")
            _ = try KillTrial.run(
                bench,
                ["generate", "--size", "2000", "--seed", "4", "--dataset-dir", cacheURL.path],
                readyLine: nil, delay: delay)
            let dataset = try DatasetCache(directory: cacheURL)
                .dataset(schema: .social, size: 2_000, seed: 4)
            #expect(dataset.manifest.contentHash == reference.manifest.contentHash)
            let left = try FileManager.default.contentsOfDirectory(atPath: cacheURL.path)
            #expect(!left.contains { $0.hasPrefix(".tmp-") }, "trial \(trial): \(left)")
            let outcome =
                dataset.wasReused
                ? "reused" : dataset.rebuiltBecause.map { _ in "rebuilt" } ?? "generated"
            outcomes[outcome, default: 0] += 1
            try FileManager.default.removeItem(at: cacheURL)
        }
        print("kill trials, bench generate: \(outcomes.sorted { $0.key < $1.key })")
    }

    @Test("SIGKILL during bench baseline update: the baseline is the old file or the new one")
    func baseline() throws {
        let bench = try BenchBinaryTests.binary()
        let root = try TemporaryDirectory()
        let old = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()]), "old.json", in: root.url)
        let new = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult(time: 2_000_000)]), "new.json", in: root.url)
        let dir = root.url.appendingPathComponent("baselines")
        let baseline = dir.appendingPathComponent("ci.json")
        #expect(
            try BenchBinaryTests.run(["baseline", "update", "--from", new, "--dir", dir.path]) == 0)
        let newBytes = try Data(contentsOf: baseline)
        #expect(
            try BenchBinaryTests.run(["baseline", "update", "--from", old, "--dir", dir.path]) == 0)
        let oldBytes = try Data(contentsOf: baseline)
        var outcomes: [String: Int] = [:]
        for delay in KillTrial.delays(count: 50, limit: 0.08, seed: 21) {
            try oldBytes.write(to: baseline)
            _ = try KillTrial.run(
                bench, ["baseline", "update", "--from", new, "--dir", dir.path], readyLine: nil,
                delay: delay)
            let now = try Data(contentsOf: baseline)
            #expect(now == oldBytes || now == newBytes)
            outcomes[now == newBytes ? "new" : "old", default: 0] += 1
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            // At most the killed process's own temporary: the next update sweeps it.
            #expect(left.filter { $0 != "ci.json" }.count <= 1, "\(left)")
            if left.count > 1 { outcomes["temporary left", default: 0] += 1 }
        }
        #expect(
            try BenchBinaryTests.run(["baseline", "update", "--from", new, "--dir", dir.path]) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["ci.json"])
        print("kill trials, baseline update: \(outcomes.sorted { $0.key < $1.key })")
    }
}
