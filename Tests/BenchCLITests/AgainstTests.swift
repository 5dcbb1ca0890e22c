import BenchKit
import Foundation
import TestSupport
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

    /// A directory holding an executable `bench` shell script with `body`.
    static func impostor(_ body: String) throws -> URL {
        let directory = try BenchBinaryTests.temporaryDirectory()
        let script = directory.appendingPathComponent("bench")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        return directory
    }

    @Test(
        "an executable bench that is not Faultline's is refused before any case (issue 32, item 12)"
    )
    func impostorRefused() throws {
        let directory = try Self.impostor("exit 0")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = BenchToolTests.main(
            "run", "--suite", "selftest", "--sizes", "1k", "--against", directory.path,
            "--out", directory.appendingPathComponent("out").path)
        #expect(result.status == 2)
        #expect(
            result.text.contains(
                "--against \(directory.path): \(directory.path)/bench is not a Faultline bench "
                    + "('--version' printed nothing); give the directory of another checkout's "
                    + "build, such as .build/release, or a git ref"), "\(result.text)")
    }

    @Test("a reference that answers --version but runs no case fails the run: no gate is no pass")
    func referenceWithoutResults() throws {
        let directory = try Self.impostor(
            #"[ "$1" = --version ] && { echo "bench 9.9"; exit 0; }; exit 3"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let result = try ChildOutcome.run(
            BenchBinaryTests.binary(),
            [
                "run", "--suite", "selftest", "--sizes", "1k", "--iterations", "3", "--warmup",
                "0", "--against", directory.path, "--no-progress", "--out", out.path,
            ])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.errors.contains(
                "error: --against \(directory.path): nothing was compared (the reference "
                    + "produced no result to gate)"), "\(result)")
        let results = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        #expect(results.cases.contains { $0.status == .passed })
    }
}
