import Foundation
import Testing

@testable import BenchKit

/// A worker's failures read once, and a worker never outlives its parent.
@Suite struct WorkerLifetimeTests {
    @Test("a child's failed setup is reported once as 'setup failed: <reason>'")
    func setupFailure() throws {
        // The parent's declaration only names the case; the child's fails its setup.
        let benchmark = Fixtures.benchmark("failing-setup", Only.self, sizes: [1])
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 0)
        let runner = Runner(
            limits: limits, seed: 1, isolation: .childProcess(try IsolationTests.launcher()))
        let outcome = runner.run(RunPlan(benchmarks: [benchmark]))
        #expect(outcome.cases.map(\.errors) == [["setup failed: no dataset here"]])
    }

    @Test("a worker busy in a long setup dies when its parent is killed")
    func diesWithParent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "parent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = directory.appendingPathComponent("request.json")
        let key = CaseKey(
            benchmark: BenchmarkID(suite: "fixture", scenario: "stall"), configuration: "only",
            size: 1)
        try (JSONEncoder().encode(WorkerRequest(key: key, seed: 1)) + Data("\n".utf8))
            .write(to: request)
        // sh stands in for bench: it starts the worker, prints its pid, and is killed.
        let parent = Process()
        let output = Pipe()
        parent.executableURL = URL(fileURLWithPath: "/bin/sh")
        parent.arguments = [
            "-c",
            "export \(ParentWatch.variable)=$$; '\(try IsolationTests.launcher().executable.path)'"
                + " < '\(request.path)' > /dev/null 2>&1 & echo $!; wait",
        ]
        parent.standardOutput = output
        try parent.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let worker = try #require(Int32(line.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.isAlive(worker))
        kill(parent.processIdentifier, SIGKILL)
        parent.waitUntilExit()
        var polls = 0
        while Self.isAlive(worker) && polls < 200 {
            usleep(50_000)
            polls += 1
        }
        #expect(!Self.isAlive(worker), "worker \(worker) outlived its parent")
        if Self.isAlive(worker) { kill(worker, SIGKILL) }
    }

    /// Running or sleeping; a zombie or a reaped process is not alive.
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }
}
