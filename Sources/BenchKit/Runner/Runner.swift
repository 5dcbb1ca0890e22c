import SQLBasics

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a ``RunPlan``: warm-up, timed and instrumented iterations for every case.
///
/// Group by group, the runner starts one worker per configuration and steps them in
/// turn (A B C A B C ...) so drift in machine speed hits every configuration alike.
/// A case whose setup, body or child process fails is recorded as failed and the run
/// goes on. A ``StopFlag`` ends the run after the current iteration; the outcome is
/// then marked interrupted.
///
/// ```swift
/// let runner = Runner(limits: RunProfile.quick.limits, seed: 42, isolation: .inProcess)
/// let outcome = runner.run(RunPlan(benchmarks: suite.benchmarks))
/// ```
///
/// Cost: the benchmarks themselves, plus a process spawn per case when isolated.
public final class Runner: PlanRunner {
    /// Where cases run.
    public enum Isolation: Sendable {
        /// In the calling process: cheaper, but RSS and peak RSS are shared by all cases.
        case inProcess
        /// One child process per case, started by the launcher.
        case childProcess(WorkerLauncher)
    }

    private let limits: RunLimits
    private let seed: UInt64
    private let isolation: Isolation
    private let countsInstructions: Bool
    private let stopFlag: StopFlag
    private let observer: (any RunObserver)?

    /// Makes a runner.
    /// - Parameters:
    ///   - limits: Iteration counts and time budget per case.
    ///   - seed: Passed to every setup and used for bootstrap resampling.
    ///   - isolation: In process or one child per case.
    ///   - countsInstructions: Run counted iterations instead of timed ones; the
    ///     launcher must start workers under callgrind (``Callgrind``).
    ///   - stopFlag: Checked between iterations.
    ///   - observer: Receives progress events.
    public init(
        limits: RunLimits, seed: UInt64, isolation: Isolation, countsInstructions: Bool = false,
        stopFlag: StopFlag = StopFlag(), observer: (any RunObserver)? = nil
    ) {
        self.limits = limits
        self.seed = seed
        self.isolation = isolation
        self.countsInstructions = countsInstructions
        self.stopFlag = stopFlag
        self.observer = observer
    }

    /// Runs every group of `plan` in order, or until a stop is requested, reporting to
    /// the observer given at init.
    public func run(_ plan: RunPlan) -> RunOutcome {
        run(plan, observer: observer)
    }

    /// Runs every group of `plan` in order, or until a stop is requested, reporting to
    /// `observer` instead of the one given at init (a ``RunSession``'s rerun of suspects
    /// reports to none).
    public func run(_ plan: RunPlan, observer: (any RunObserver)?) -> RunOutcome {
        if case .childProcess = isolation { ignoreBrokenPipes() }
        let total = plan.cases.count
        observer?.runStarted(totalCases: total)
        var outcome = RunOutcome(cases: [], datasets: [], wasInterrupted: false)
        for group in plan.groups {
            if stopFlag.isStopRequested { break }
            observer?.groupStarted(group.cases)
            let runnable = group.benchmark.configurations.filter { $0.runs(at: group.size) }
            let start = MonotonicClock.now()
            var result =
                runnable.isEmpty
                ? (cases: [], datasets: []) : makeGroupRun(group, runnable, observer).run()
            let share = (MonotonicClock.now() &- start) / UInt64(max(result.cases.count, 1))
            result.cases = result.cases.map { $0.recording(elapsedNanoseconds: share) }
            outcome.datasets.append(
                contentsOf: result.datasets.filter { !outcome.datasets.contains($0) })
            for caseResult in Self.inOrder(group, ran: result.cases) {
                outcome.cases.append(caseResult)
                observer?.caseFinished(caseResult, done: outcome.cases.count, total: total)
            }
        }
        outcome.wasInterrupted = stopFlag.isStopRequested
        return outcome
    }

    /// The group's results in configuration order: those that ran, and a skipped result
    /// with the reason for each configuration whose size limit the group is above.
    private static func inOrder(_ group: RunPlan.Group, ran: [CaseResult]) -> [CaseResult] {
        group.benchmark.configurations.map { configuration in
            let key = CaseKey(
                benchmark: group.benchmark.id, configuration: configuration.name, size: group.size)
            if let result = ran.first(where: { $0.key == key }) {
                return result.recording(
                    kind: configuration.kind, demonstrates: configuration.demonstrates)
            }
            let limit = configuration.sizeLimit
            return CaseResult(
                key: key, status: .skipped, checksum: nil, iterations: [:], metrics: [],
                errors: [
                    "runs up to \(SizeFormat.short(limit?.largest ?? 0)): "
                        + (limit?.reason ?? "")
                ]
            ).recording(kind: configuration.kind, demonstrates: configuration.demonstrates)
        }
    }

    private func makeGroupRun(
        _ group: RunPlan.Group, _ runnable: [BenchmarkConfiguration],
        _ observer: (any RunObserver)?
    ) -> GroupRun {
        let keys = runnable.map {
            CaseKey(benchmark: group.benchmark.id, configuration: $0.name, size: group.size)
        }
        let workers: [any CaseWorker] = keys.map { key in
            switch isolation {
            case .inProcess: InProcessWorker(benchmark: group.benchmark, key: key, seed: seed)
            case .childProcess(let launcher):
                ChildProcessWorker(key: key, seed: seed, launcher: launcher)
            }
        }
        return GroupRun(
            workers: workers, limits: limits, seed: seed, countsInstructions: countsInstructions,
            stopFlag: stopFlag, observer: observer)
    }

    /// A child that dies makes the next write fail with EPIPE instead of killing us.
    private func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
