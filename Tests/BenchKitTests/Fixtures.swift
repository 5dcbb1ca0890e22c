import BenchKit
import Foundation
import Synchronization

/// Benchmarks and helpers shared by the runner tests.
enum Fixtures {
    /// Limits small enough for tests: 1 warm-up, 3 timed, 1 instrumented iteration.
    static let limits = RunLimits(
        warmupIterations: 1, maxIterations: 3, maxTime: 60, instrumentedIterations: 1)

    /// A benchmark whose body returns `checksum(variant, size)` for each of `variants`.
    static func benchmark<Variant: NamedVariant>(
        _ scenario: String, _ variants: Variant.Type, sizes: [Int] = [10, 20],
        log: CallLog? = nil,
        checksum: @escaping @Sendable (Variant, Int) throws -> UInt64 = { _, size in UInt64(size) }
    ) -> Benchmark {
        let declared = BenchmarkScenario(
            scenario, summary: "fixture", variants: variants, setup: { context, _ in context.size },
            body: { size, variant in
                log?.append(variant.rawValue)
                return try checksum(variant, size)
            })
        return suite(sizes: sizes, declared)
    }

    /// A benchmark of the two configurations `a` and `b`, returning the size.
    static func benchmark(_ scenario: String, sizes: [Int] = [10, 20]) -> Benchmark {
        benchmark(scenario, Pair.self, sizes: sizes)
    }

    /// `scenario` as the only benchmark of a `fixture` suite at `sizes`.
    static func suite(sizes: [Int], _ scenario: BenchmarkScenario) -> Benchmark {
        BenchmarkSuite(name: "fixture", summary: "fixtures", sizes: sizes, scenarios: [scenario])
            .benchmarks[0]
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

/// A fixture variant whose configuration is named by its raw value.
protocol NamedVariant: BenchmarkVariant, RawRepresentable where RawValue == String {}

extension NamedVariant {
    var configuration: BenchmarkConfiguration {
        BenchmarkConfiguration(rawValue, summary: "fixture \(rawValue)")
    }
}

/// Configurations `a` and `b`.
enum Pair: String, NamedVariant {
    case a, b
}

/// Configurations `A`, `B` and `C`.
enum Trio: String, NamedVariant {
    case A, B, C
}

/// One configuration, `only`.
enum Only: String, NamedVariant {
    case only
}
