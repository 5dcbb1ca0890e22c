// The libFuzzer entry point for thresholds files, built by `scripts/fuzz thresholds` with
// the BenchKit sources (not part of the Swift package). What reads cleanly resolves a
// rule for every metric and gates a fixed pair of runs with it, as `bench compare` does.
import BenchKit
import Foundation

let inputURL = URL(fileURLWithPath: "/dev/shm").appendingPathComponent(
    "faultline-fuzz-thresholds-\(getpid()).json")

/// A baseline and a slower current run with a trace, so every kind of gate is reached.
let runs: (RunResults, RunResults) = {
    func run(time: Double, statements: Double) -> RunResults {
        let key = CaseKey(
            benchmark: BenchmarkID(suite: "fetch", scenario: "lookups"),
            configuration: "batched", size: 10_000)
        let metrics = [
            MetricResult(metric: .wallTime, samples: [time, time * 1.1, time * 0.9], seed: 1),
            MetricResult(
                metric: Metric(name: "sql.statements", unit: .count), samples: [statements],
                seed: 1),
        ]
        let result = CaseResult(
            key: key, status: .passed, checksum: "0x1", iterations: ["timed": 3],
            metrics: metrics, errors: [])
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 3, maxTime: 60, instrumentedIterations: 1)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        return RunResults(
            runID: "fuzz", label: "fuzz", startedAt: date, finishedAt: date, gitCommit: nil,
            commandLine: ["bench"], environment: .capture(sqliteVersion: nil),
            settings: RunSettings(
                profile: .quick, limits: limits, seed: 1, isolated: false, suites: ["fetch"]),
            outcome: RunOutcome(cases: [result], datasets: [], wasInterrupted: false))
    }
    return (run(time: 1_000, statements: 10), run(time: 2_000, statements: 12))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThresholds(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    try? Data(bytes: start, count: count).write(to: inputURL)
    do {
        let thresholds = try GateThresholds.read(from: inputURL)
        for metric in [Metric.wallTime, Metric(name: "sql.statements", unit: .count)] {
            _ = thresholds.rule(for: metric, in: BenchmarkID(suite: "fetch", scenario: "lookups"))
        }
        _ = GateEvaluator(thresholds: thresholds).compare(
            baseline: runs.0, current: runs.1, name: "fuzz")
    } catch {
        precondition(!"\(error)".contains("\n"), "a multi-line error: \(error)")
    }
    return 0
}
