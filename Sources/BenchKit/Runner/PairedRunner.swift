import Foundation

/// Runs every case of a plan on two builds, sample by sample, for a same-machine A/B
/// comparison (`bench run --against REF`).
///
/// For each case, round after round, the current build's worker and the reference
/// build's each start fresh in a child process, set the case up, warm up and run one
/// timed iteration, in alternating order: A B, B A, A B …, so drift in the machine's
/// speed (other jobs, heat, frequency) reaches both sides alike and cancels in the
/// comparison, going first or second favours neither, and no sample inherits a warmed
/// heap from the one before. Cost: per sample and side, one process
/// spawn, one setup and the warm-up iterations; the profile's timed iteration count
/// gives the samples per side (at least ``RunLimits/minimumIterations``).
public final class PairedRunner: PairedPlanRunner {
    private let limits: RunLimits
    private let seed: UInt64
    private let current: WorkerLauncher
    private let reference: WorkerLauncher
    private let stopFlag: StopFlag
    private let observer: (any RunObserver)?

    /// Makes a runner for the builds `current` (A) and `reference` (B).
    public init(
        limits: RunLimits, seed: UInt64, current: WorkerLauncher, reference: WorkerLauncher,
        stopFlag: StopFlag = StopFlag(), observer: (any RunObserver)? = nil
    ) {
        self.limits = limits
        self.seed = seed
        self.current = current
        self.reference = reference
        self.stopFlag = stopFlag
        self.observer = observer
    }

    /// Both builds' outcomes for `plan`; a case failing on one side fails only there.
    public func run(_ plan: RunPlan) -> (current: RunOutcome, reference: RunOutcome) {
        run(plan, observer: observer)
    }

    /// Both builds' outcomes for `plan`, reporting to `observer` instead of the one
    /// given at init.
    public func run(_ plan: RunPlan, observer: (any RunObserver)?) -> (
        current: RunOutcome, reference: RunOutcome
    ) {
        // A worker that dies (a reference build that is not a worker at all) makes the
        // next write fail with EPIPE instead of killing this process.
        signal(SIGPIPE, SIG_IGN)
        var current = RunOutcome(cases: [], datasets: [], wasInterrupted: false)
        var reference = current
        let cases = plan.groups.flatMap { group in
            group.benchmark.configurations.filter { $0.runs(at: group.size) }.map {
                (
                    CaseKey(
                        benchmark: group.benchmark.id, configuration: $0.name, size: group.size),
                    $0.kind
                )
            }
        }
        observer?.runStarted(totalCases: cases.count)
        for (key, kind) in cases where !stopFlag.isStopRequested {
            let sides = measure(key)
            let stopped = stopFlag.isStopRequested
            current.add(sides[0], kind: kind, seed: seed, interrupted: stopped)
            reference.add(sides[1], kind: kind, seed: seed, interrupted: stopped)
            observer?.caseFinished(
                current.cases[current.cases.count - 1], done: current.cases.count,
                total: cases.count)
        }
        current.wasInterrupted = stopFlag.isStopRequested
        reference.wasInterrupted = stopFlag.isStopRequested
        return (current, reference)
    }

    /// One case on both sides: the current build first in even rounds, second in odd.
    private func measure(_ key: CaseKey) -> [PairedSide] {
        let sides = [current, reference].map { PairedSide(key: key, launcher: $0) }
        let rounds = max(limits.maxIterations, RunLimits.minimumIterations)
        for round in 0..<rounds where !stopFlag.isStopRequested {
            let order = round.isMultiple(of: 2) ? sides : sides.reversed()
            for side in order where !side.recorder.isFailed {
                side.sample(seed: seed, warmup: limits.warmupIterations)
            }
        }
        return sides
    }
}

/// One build's samples of one case in a ``PairedRunner``.
private final class PairedSide {
    let key: CaseKey
    let launcher: WorkerLauncher
    let recorder: CaseRecorder
    private(set) var datasets: [DatasetRecord] = []

    init(key: CaseKey, launcher: WorkerLauncher) {
        self.key = key
        self.launcher = launcher
        self.recorder = CaseRecorder(key: key)
    }

    /// A fresh worker: setup, `warmup` untimed iterations, one timed one.
    func sample(seed: UInt64, warmup: Int) {
        let worker = ChildProcessWorker(key: key, seed: seed, launcher: launcher)
        defer { worker.finish() }
        do {
            let ready = try worker.start()
            recorder.started(ready)
            datasets += ready.datasets.filter { !datasets.contains($0) }
            for _ in 0..<warmup { recorder.record(try worker.iterate(.warmup)) }
            recorder.record(try worker.iterate(.timed))
        } catch {
            recorder.fail("\(error)")
        }
    }
}

extension RunOutcome {
    /// Adds one side's case, recorded as of `kind`, and the datasets it recorded.
    fileprivate mutating func add(
        _ side: PairedSide, kind: BenchmarkConfiguration.Kind, seed: UInt64, interrupted: Bool
    ) {
        let result = side.recorder.result(seed: seed, interrupted: interrupted)
        cases.append(result.recording(kind: kind))
        datasets += side.datasets.filter { !datasets.contains($0) }
    }
}
