import BenchKit
import Foundation
import Testing

/// The built `bench` binary end to end: Ctrl-C, and shards merged by `bench merge`.
/// Uses the debug binary beside the test bundle and small iteration counts.
@Suite struct BenchBinaryTests {
    static func binary() throws -> URL {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let bench = URL(fileURLWithPath: executable).deletingLastPathComponent()
            .appendingPathComponent("bench")
        try #require(FileManager.default.isExecutableFile(atPath: bench.path), "build bench first")
        return bench
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `bench` to completion with CI set (plain progress); returns its exit status.
    /// A run still going after `limit` polls of 50 ms (a hang) is killed and recorded
    /// as an issue.
    static func run(
        _ arguments: [String], limit: Int = 2_400, environment: [String: String] = [:]
    ) throws -> Int32 {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "1"]) { $1 }
            .merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitBounded(process, limit: limit, what: arguments.joined(separator: " "))
        return process.terminationStatus
    }

    /// Waits for `process`, killing it after `limit` polls of 50 ms.
    static func waitBounded(_ process: Process, limit: Int, what: String) throws {
        var polls = 0
        while process.isRunning && polls < limit {
            usleep(50_000)
            polls += 1
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("bench \(what) did not finish; killed")
        }
        process.waitUntilExit()
    }

    static let quick = [
        "--suite", "selftest", "--profile", "quick", "--iterations", "2", "--warmup", "0",
        "--sizes", "1k,2k", "--no-progress",
    ]

    @Test("without a terminal, progress is one line per case and stdout names the report")
    func plainProgress() throws {
        let out = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        let (output, errors) = (Pipe(), Pipe())
        process.executableURL = try Self.binary()
        process.arguments = [
            "run", "--suite", "selftest", "--sizes", "1k", "--iterations", "2", "--out", out.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "1"]) { $1 }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let progress = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let summary = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = progress.split(separator: "\n")
        try #require(lines.count == 3, "\(progress)")
        #expect(lines[0] == "running 2 cases")
        #expect(lines[1].hasPrefix("[1/2] selftest/sort [in-place] 1k  passed  median "))
        #expect(lines[2].hasPrefix("[2/2] selftest/sort [allocating] 1k  passed  median "))
        #expect(!progress.contains("\u{1B}"))
        #expect(summary.contains("report: \(out.path)/"))
        #expect(summary.contains("selftest/sort [allocating] 1k  passed"))
    }

    @Test("Ctrl-C stops the run, writes partial results and exits 130")
    func interrupt() throws {
        let out = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        let errors = Pipe()
        process.executableURL = try Self.binary()
        process.arguments = [
            "run", "--suite", "selftest", "--iterations", "100000", "--max-time", "10m", "--out",
            out.path,
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "1"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        var seen = ""
        while !seen.contains("running") {
            let data = errors.fileHandleForReading.availableData
            try #require(!data.isEmpty, "bench ended before starting: \(seen)")
            seen += String(decoding: data, as: UTF8.self)
        }
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGINT)
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let results = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        #expect(results.isPartial)
        #expect(results.cases.count < 4)
        #expect(results.cases.allSatisfy { $0.status != .passed || $0.key.size == 10_000 })
    }

    @Test("bench merge of --shard 1/2 and 2/2 has the cases of one whole run")
    func shardAndMerge() throws {
        let out = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let whole = out.appendingPathComponent("whole").path
        let shards = out.appendingPathComponent("shards").path
        #expect(try Self.run(["run"] + Self.quick + ["--in-process", "--out", whole]) == 0)
        var parts: [String] = []
        for index in 1...2 {
            #expect(
                try Self.run(
                    ["run"] + Self.quick + [
                        "--in-process", "--shard", "\(index)/2", "--out", shards,
                    ]) == 0)
            parts.append(
                try FileManager.default.destinationOfSymbolicLink(atPath: "\(shards)/latest"))
        }
        #expect(try Self.run(["merge", "--out", shards] + parts.map { "\(shards)/\($0)" }) == 0)
        let merged = try RunResults.read(
            from: URL(fileURLWithPath: "\(shards)/latest/results.json"))
        let reference = try RunResults.read(
            from: URL(fileURLWithPath: "\(whole)/latest/results.json"))
        #expect(Set(merged.cases.map(\.key)) == Set(reference.cases.map(\.key)))
        #expect(merged.cases.map(\.checksum) == reference.cases.map(\.checksum))
        #expect(!merged.isPartial && merged.label == "merged")
    }
}
