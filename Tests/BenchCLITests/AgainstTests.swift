import BenchKit
import Foundation
import Testing

@testable import bench

/// `bench run --against`: the reference found or refused, both builds sampled in
/// turn, the comparison with both columns and the ratio's interval.
@Suite struct AgainstTests {
    @Test("a name that is neither a built bench nor a commit is refused with what to give")
    func unknownReference() {
        #expect {
            try ReferenceBuild.prepare("no-such-ref-\(UUID().uuidString)") { _ in }
        } throws: { error in
            "\(error)".contains("not a directory holding a built bench, nor a git commit here")
        }
    }

    @Test("a directory holding a built bench is used as it is")
    func builtReference() throws {
        let directory = try BenchBinaryTests.binary().deletingLastPathComponent()
        let build = try ReferenceBuild.prepare(directory.path) { _ in }
        #expect(build.executable.lastPathComponent == "bench")
        #expect(build.name == directory.path)
    }

    @Test("A/A against the same binary: both sides sampled, time compared with samples")
    func sameBuild() throws {
        let out = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let thresholds = out.appendingPathComponent("report-only.json")
        try Data(#"{ "noisy": { "gate": false } }"#.utf8).write(to: thresholds)
        let binary = try BenchBinaryTests.binary()
        let status = try BenchBinaryTests.run([
            "run", "--suite", "selftest", "--sizes", "1k", "--iterations", "3", "--warmup", "0",
            "--against", binary.deletingLastPathComponent().path, "--thresholds", thresholds.path,
            "--no-progress", "--out", out.path,
        ])
        #expect(status == 0)
        let results = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        #expect(results.cases.allSatisfy { $0.metric(.wallTime)?.samples.count == 3 })
        let comparison = try #require(results.comparison)
        #expect(comparison.baseline.hasPrefix("against "))
        let time = try #require(comparison.gates.first { $0.metric == Metric.wallTime.name })
        #expect(time.message.contains("Mann-Whitney"))
        #expect(time.message.contains("ratio "))
        #expect(time.message.contains("detectable change"))
        #expect(comparison.added == [] && comparison.removed == [])
    }
}
