import BenchKit
import Foundation
import TestSupport
import Testing
import Workloads

/// Part 6 of the reliability issue, end to end on the built binary: signals, SIGKILL,
/// an unusable --out, concurrent generations.
@Suite struct InterruptedRunTests {
    /// Starts a long `bench run` into `out`, waits until its first case runs, and
    /// returns the process with its stderr pipe. Its temporary files (SQLite's among
    /// them) go in `temporaries`, which a test that kills it removes.
    static func startLongRun(out: URL, temporaries: URL) throws -> (Process, Pipe) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = try BenchBinaryTests.binary()
        process.arguments = [
            "run", "--suite", "selftest", "--iterations", "100000", "--max-time", "10m",
            "--out", out.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(
            KillTrial.temporaryFiles(in: temporaries).merging(["CI": "1"]) { $1 }
        ) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        var seen = ""
        while !seen.contains("running") {
            let data = errors.fileHandleForReading.availableData
            try #require(!data.isEmpty, "bench ended before starting: \(seen)")
            seen += String(decoding: data, as: UTF8.self)
        }
        return (process, errors)
    }

    @Test(
        "SIGTERM and SIGHUP stop like Ctrl-C: partial results naming the signal, 128+n",
        arguments: [(SIGTERM, "SIGTERM", Int32(143)), (SIGHUP, "SIGHUP", Int32(129))])
    func signals(_ number: Int32, _ name: String, _ status: Int32) throws {
        let out = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let temporaries = try TemporaryDirectory()
        let (process, errors) = try Self.startLongRun(out: out, temporaries: temporaries.url)
        kill(process.processIdentifier, number)
        let text = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try BenchBinaryTests.waitBounded(process, limit: 1_200, what: "run")
        #expect(process.terminationStatus == status)
        #expect(text.contains("\(name): stopping after the current iteration"))
        #expect(text.contains("partial results (stopped by \(name)): not every case ran"))
        let latest = out.appendingPathComponent("latest")
        let results = try RunResults.read(from: latest.appendingPathComponent("results.json"))
        #expect(results.isPartial && results.interruption == name)
        let summary = try String(
            contentsOf: latest.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("The run is partial (stopped by \(name)): not every case ran."))
    }

    @Test("after SIGKILL no half-written run is published, and the next run leaves no temporaries")
    func killed() throws {
        let out = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let temporaries = try TemporaryDirectory()
        let (process, _) = try Self.startLongRun(out: out, temporaries: temporaries.url)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let files = FileManager.default
        #expect(!files.fileExists(atPath: out.appendingPathComponent("latest").path))
        #expect(
            try BenchBinaryTests.run(["run"] + BenchBinaryTests.quick + ["--out", out.path]) == 0)
        let entries = try files.contentsOfDirectory(atPath: out.path)
        #expect(!entries.contains { $0.hasPrefix(".tmp-") || $0.hasPrefix(".latest-") })
        let latest = try files.destinationOfSymbolicLink(
            atPath: out.appendingPathComponent("latest").path)
        #expect(
            files.fileExists(atPath: out.appendingPathComponent("\(latest)/index.html").path))
    }

    @Test(
        "an --out that cannot hold run directories is a usage error before any case runs",
        arguments: ["file", "/dev/null"])
    func unusableOut(_ kind: String) throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = kind == "file" ? directory.appendingPathComponent("plain").path : kind
        if kind == "file" { try Data("x".utf8).write(to: URL(fileURLWithPath: out)) }
        let result = BenchToolTests.main("run", "--suite", "selftest", "--out", out)
        #expect(result.status == 2)
        #expect(
            result.text
                == "error: --out \(out) cannot hold run directories: Not a directory (ENOTDIR); "
                + "give a writable directory\nusage: bench run [options]")
    }

    @Test(
        "a 'latest' in --out that is not bench's link is refused and kept (issue 32, item 9)",
        arguments: ["run", "compare", "merge"])
    func userLatestKept(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let latest = out + "/latest"
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: latest))
        let results = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()]), "r.json", in: directory.url)
        let arguments: [String] =
            switch command {
            case "run": ["run"] + BenchBinaryTests.quick + ["--out", out]
            case "compare": ["compare", results, results, "--out", out]
            default: ["merge", results, "--out", out]
            }
        let outcome = BenchToolTests.main(arguments)
        #expect(outcome.status == 2)
        #expect(
            outcome.text.hasPrefix(
                "error: --out \(out): \(latest) is not the symbolic link bench keeps there (it "
                    + "points latest at the newest run), so it would be replaced; move it away "
                    + "or give another directory"), "\(outcome.text)")
        #expect(try String(contentsOfFile: latest, encoding: .utf8) == "my notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["latest"])
    }

    @Test("two concurrent cold generations of one dataset both succeed and agree")
    func concurrentGenerate() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let processes = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = try BenchBinaryTests.binary()
            process.arguments = [
                "generate", "--size", "3000", "--seed", "9", "--dataset-dir", directory.path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            try BenchBinaryTests.waitBounded(process, limit: 2_400, what: "generate")
            #expect(process.terminationStatus == 0)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let key = "social-3000-s9-g\(DatasetGenerator.version)"
        #expect(names == [key, "\(key).lock"])
    }
}
