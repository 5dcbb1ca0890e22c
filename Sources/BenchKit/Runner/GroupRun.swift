import DurableFiles
import SQLBasics

/// Runs one group: every configuration of one scenario at one size, interleaved.
///
/// Warm-up, timed and instrumented phases each go round the workers in turn; when
/// counting instructions, counted iterations replace the timed phase, whose times
/// under valgrind would mean nothing: exactly ``RunLimits/effectiveCountedIterations``,
/// never cut by the time budget, since a sample count that depended on
/// the machine's load would move the median of a deterministic count. A worker
/// that fails leaves the rotation and the others go on. Every phase is bounded by the
/// group's time budget (``RunLimits/maxTime`` per configuration): the timed phase after
/// ``RunLimits/minimumIterations`` rounds, warm-up after one and instrumented after two, so
/// a case that takes minutes per iteration at 1m costs a few iterations, not a profile's
/// full counts. Cost: the iterations.
final class GroupRun {
    private var workers: [any CaseWorker]
    private let recorders: [CaseKey: CaseRecorder]
    private let limits: RunLimits
    private let seed: UInt64
    private let countsInstructions: Bool
    private let stopFlag: StopFlag
    private let observer: (any RunObserver)?
    private var datasets: [DatasetRecord] = []

    init(
        workers: [any CaseWorker], limits: RunLimits, seed: UInt64, countsInstructions: Bool,
        stopFlag: StopFlag, observer: (any RunObserver)?
    ) {
        self.workers = workers
        self.recorders = Dictionary(
            uniqueKeysWithValues: workers.map { ($0.key, CaseRecorder(key: $0.key)) })
        self.limits = limits
        self.seed = seed
        self.countsInstructions = countsInstructions
        self.stopFlag = stopFlag
        self.observer = observer
    }

    /// Runs the phases and returns the results in configuration order.
    func run() -> (cases: [CaseResult], datasets: [DatasetRecord]) {
        let keys = workers.map(\.key)
        startWorkers()
        runRounds(.warmup, count: limits.warmupIterations)
        if countsInstructions {
            for _ in 0..<limits.effectiveCountedIterations where !stopFlag.isStopRequested {
                runRound(.counted)
            }
        } else {
            runTimedRounds()
        }
        runRounds(
            .instrumented, count: limits.instrumentedIterations,
            minimum: min(limits.instrumentedIterations, Self.minimumInstrumented))
        // The projection audit, after every measured iteration (it costs a lock per
        // property read, so it runs where no probe sees it); not in a counted run,
        // where a body under valgrind costs seconds and the timed run finds the same.
        if !countsInstructions && !stopFlag.isStopRequested { runRound(.audit) }
        for worker in workers { worker.finish() }
        let interrupted = stopFlag.isStopRequested
        let results = keys.map { recorders[$0]!.result(seed: seed, interrupted: interrupted) }
        return (results, datasets)
    }

    private func startWorkers() {
        workers = workers.filter { worker in
            do {
                let ready = try worker.start()
                recorders[worker.key]!.started(ready)
                datasets.append(contentsOf: ready.datasets.filter { !datasets.contains($0) })
                return true
            } catch let notRun as CaseNotRun {
                recorders[worker.key]!.skip(notRun.reason)
                worker.finish()
                return false
            } catch {
                recorders[worker.key]!.fail("setup failed: \(error)")
                worker.finish()
                return false
            }
        }
    }

    /// The time a phase may take: ``RunLimits/maxTime`` per configuration, in nanoseconds.
    private var budget: UInt64 {
        UInt64(limits.maxTime * 1e9) &* UInt64(max(workers.count, 1))
    }

    /// Instrumented rounds run even past the budget (when the profile asks for that
    /// many): the first instrumented iteration of a case often allocates more than the
    /// next, so a count of rounds that depended on the machine's load moved the median
    /// of deterministic counters (`allocations` 536 → 548 on a loaded machine, a false
    /// regression in the CI gate).
    static let minimumInstrumented = 2

    /// Up to `count` rounds of `kind`: `minimum` always, the others while the phase is
    /// within the budget.
    private func runRounds(_ kind: IterationKind, count: Int, minimum: Int = 1) {
        let start = MonotonicClock.now()
        for round in 0..<count where !stopFlag.isStopRequested {
            if round >= minimum && MonotonicClock.now() &- start >= budget { break }
            runRound(kind)
        }
    }

    private func runTimedRounds() {
        let budget = budget
        let start = MonotonicClock.now()
        let minimum = min(RunLimits.minimumIterations, limits.maxIterations)
        var round = 0
        while round < limits.maxIterations, !stopFlag.isStopRequested, !workers.isEmpty {
            if round >= minimum && MonotonicClock.now() &- start >= budget { break }
            runRound(.timed)
            round += 1
            observer?.roundFinished(iteration: round, limit: limits.maxIterations)
        }
    }

    /// One iteration of `kind` on every worker still running, in configuration order.
    private func runRound(_ kind: IterationKind) {
        workers = workers.filter { worker in
            let recorder = recorders[worker.key]!
            do {
                recorder.record(try worker.iterate(kind))
            } catch {
                recorder.fail("\(kind) iteration failed: \(ErrorText.describe(error))")
            }
            if recorder.isFailed { worker.finish() }
            return !recorder.isFailed
        }
    }
}
