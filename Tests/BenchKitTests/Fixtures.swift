import BenchKit
import Foundation
import Synchronization

/// Benchmarks and helpers shared by the runner tests.
enum Fixtures {
    /// Limits small enough for tests: 1 warm-up, 3 timed, 1 instrumented iteration.
    static let limits = RunLimits(
        warmupIterations: 1, maxIterations: 3, maxTime: 60, instrumentedIterations: 1)

    /// A benchmark whose body returns `checksum(configuration, size)`.
    static func benchmark(
        _ scenario: String, configurations: [String] = ["a", "b"], sizes: [Int] = [10, 20],
        log: CallLog? = nil,
        checksum: @escaping @Sendable (String, Int) throws -> UInt64 = { _, size in UInt64(size) }
    ) -> Benchmark {
        Benchmark(
            BenchmarkID(suite: "fixture", scenario: scenario), summary: "fixture",
            configurations: configurations.map { BenchmarkConfiguration($0) }, sizes: sizes,
            setup: { context in (context.configuration.name, context.size) },
            body: { state in
                log?.append(state.0)
                return try checksum(state.0, state.1)
            })
    }

    /// Runs `benchmarks` in process.
    static func run(
        _ benchmarks: [Benchmark], shard: Shard? = nil, stopFlag: StopFlag = StopFlag(),
        observer: (any RunObserver)? = nil
    ) -> RunResults {
        let runner = Runner(
            limits: limits, seed: 42, isolation: .inProcess, stopFlag: stopFlag, observer: observer)
        let outcome = runner.run(RunPlan(benchmarks: benchmarks, shard: shard))
        return results(outcome, shard: shard)
    }

    /// Wraps an outcome as a run's results.
    static func results(_ outcome: RunOutcome, shard: Shard? = nil, isolated: Bool = false)
        -> RunResults
    {
        let settings = RunSettings(
            profile: .quick, limits: limits, seed: 42, isolated: isolated, suites: ["fixture"],
            shard: shard)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        return RunResults(
            runID: "test", label: "fixture", startedAt: date, finishedAt: date, gitCommit: nil,
            commandLine: ["bench", "run"], environment: .capture(sqliteVersion: nil),
            settings: settings, outcome: outcome)
    }
}

/// A thread-safe list of the configurations whose bodies ran, in order.
final class CallLog: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }
}

/// Requests a stop when a condition on progress events holds.
final class StoppingObserver: RunObserver {
    let stopFlag: StopFlag
    let afterCases: Int?
    let afterRounds: Int?

    init(stopFlag: StopFlag, afterCases: Int? = nil, afterRounds: Int? = nil) {
        self.stopFlag = stopFlag
        self.afterCases = afterCases
        self.afterRounds = afterRounds
    }

    func caseFinished(_ result: CaseResult, done: Int, total: Int) {
        if let afterCases, done >= afterCases { stopFlag.requestStop() }
    }

    func roundFinished(iteration: Int, limit: Int) {
        if let afterRounds, iteration >= afterRounds { stopFlag.requestStop() }
    }
}
