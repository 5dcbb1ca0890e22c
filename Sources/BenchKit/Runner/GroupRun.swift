import SQLBasics

/// Runs one group: every configuration of one scenario at one size, interleaved.
///
/// Warm-up, timed and instrumented phases each go round the workers in turn. A worker
/// that fails leaves the rotation and the others go on. Cost: the iterations.
final class GroupRun {
    private var workers: [any CaseWorker]
    private let recorders: [CaseKey: CaseRecorder]
    private let limits: RunLimits
    private let seed: UInt64
    private let stopFlag: StopFlag
    private let observer: (any RunObserver)?
    private var datasets: [DatasetRecord] = []

    init(
        workers: [any CaseWorker], limits: RunLimits, seed: UInt64, stopFlag: StopFlag,
        observer: (any RunObserver)?
    ) {
        self.workers = workers
        self.recorders = Dictionary(
            uniqueKeysWithValues: workers.map { ($0.key, CaseRecorder(key: $0.key)) })
        self.limits = limits
        self.seed = seed
        self.stopFlag = stopFlag
        self.observer = observer
    }

    /// Runs the phases and returns the results in configuration order.
    func run() -> (cases: [CaseResult], datasets: [DatasetRecord]) {
        let keys = workers.map(\.key)
        startWorkers()
        runRounds(.warmup, count: limits.warmupIterations)
        runTimedRounds()
        runRounds(.instrumented, count: limits.instrumentedIterations)
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
            } catch {
                recorders[worker.key]!.fail("setup failed: \(error)")
                worker.finish()
                return false
            }
        }
    }

    private func runRounds(_ kind: IterationKind, count: Int) {
        for _ in 0..<count where !stopFlag.isStopRequested {
            runRound(kind)
        }
    }

    private func runTimedRounds() {
        let budget = UInt64(limits.maxTime * 1e9) &* UInt64(max(workers.count, 1))
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
                recorder.fail("\(kind) iteration failed: \(error)")
            }
            if recorder.isFailed { worker.finish() }
            return !recorder.isFailed
        }
    }
}
