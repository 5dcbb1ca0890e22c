import Foundation

/// One `bench run` as policy: the plan made from a ``RunRequest``, the run, the results,
/// the gate against a baseline and, with ``RunRequest/rerunsSuspects``, one rerun of
/// the cases whose wall time regressed.
///
/// The runner is passed in (``PlanRunner``), so the policy is tested with made-up
/// outcomes; `bench` passes a ``Runner`` and prints what comes back.
///
/// ```swift
/// let session = try RunSession(request, suites: SuiteCatalog.all, host: host)
/// let runner = session.runner(workers: launcher, stopFlag: stopFlag)
/// let outcome = session.run(runner, observer: progress)
/// let results = try session.gated(
///     session.results(of: outcome, started: started), by: gate, rerunningWith: runner)
/// ```
///
/// Cost: data until a run; a run costs the cases, a rerun the suspects' groups again.
public struct RunSession {
    /// What was asked.
    public let request: RunRequest
    /// The cases to run, grouped.
    public let plan: RunPlan
    /// Every benchmark of the selected suites, for reruns.
    let benchmarks: [Benchmark]
    private let host: RunHost

    /// Plans `request` over the suites named in it.
    /// - Parameters:
    ///   - request: What to run.
    ///   - suites: The suites that exist; those `request` names are planned.
    ///   - host: The facts results record about the host.
    /// - Throws: ``RunSessionError/nothingToRun`` when no benchmark matches the
    ///   selected suites, filter and shard.
    public init(_ request: RunRequest, suites: [BenchmarkSuite], host: RunHost)
        throws(RunSessionError)
    {
        self.request = request
        self.host = host
        benchmarks = suites.filter { request.suites.contains($0.name) }.flatMap(\.benchmarks)
        if let shardPlan = request.shardPlan,
            let problem = shardPlan.mismatch(
                with: RunPlan.groupKeys(
                    benchmarks: benchmarks, filter: request.filter, sizes: request.sizes))
        {
            throw .shardPlanMismatch(problem)
        }
        plan = RunPlan(
            benchmarks: benchmarks, filter: request.filter, sizes: request.sizes,
            shard: request.shard, costs: request.shardCosts, shardPlan: request.shardPlan)
        guard !plan.groups.isEmpty else { throw .nothingToRun }
    }

    /// A runner for this request: its limits and seed, its cases in this process or in
    /// children started by `workers`, counting instructions when asked.
    public func runner(workers: WorkerLauncher, stopFlag: StopFlag) -> Runner {
        Runner(
            limits: request.limits, seed: request.seed,
            isolation: request.isInProcess ? .inProcess : .childProcess(workers),
            countsInstructions: request.countsInstructions, stopFlag: stopFlag)
    }

    /// A runner of this request's plan on two builds, sample by sample: `current`
    /// starts this build's workers, `reference` the other's.
    public func pairedRunner(
        current: WorkerLauncher, reference: WorkerLauncher, stopFlag: StopFlag
    ) -> PairedRunner {
        PairedRunner(
            limits: request.limits, seed: request.seed, current: current, reference: reference,
            stopFlag: stopFlag)
    }

    /// Runs the plan with `runner`, reporting progress to `observer`.
    public func run(_ runner: any PlanRunner, observer: (any RunObserver)?) -> RunOutcome {
        runner.run(plan, observer: observer)
    }

    /// The results of `outcome`, as a run of this request started at `started` and
    /// finished now.
    public func results(of outcome: RunOutcome, started: Date) -> RunResults {
        RunResults(
            runID: RunResults.runID(label: request.label, date: started), label: request.label,
            startedAt: started, finishedAt: Date(), gitCommit: host.gitCommit,
            commandLine: host.commandLine,
            environment: RunEnvironment.capture(sqliteVersion: host.sqliteVersion),
            settings: request.settings, outcome: outcome)
    }

    /// Runs the plan on both builds with `runner` and returns this build's outcome and
    /// the gate that judges it: the reference's results, sample by sample, named
    /// `against <name>`, with ``GateCheck/pairedDefaults`` unless a thresholds file is
    /// given.
    /// - Parameters:
    ///   - runner: Runs both builds.
    ///   - observer: Receives progress.
    ///   - name: How reports name the reference build.
    ///   - thresholds: The thresholds file, if any.
    ///   - allowsDatasetChange: Compare even when the datasets' hashes differ.
    /// - Throws: ``ResultsFileError`` for a malformed thresholds file.
    public func runPaired(
        _ runner: any PairedPlanRunner, observer: (any RunObserver)?, reference name: String,
        thresholds: String?, allowsDatasetChange: Bool
    ) throws -> (current: RunOutcome, gate: GateCheck) {
        let started = Date()
        let (current, other) = runner.run(plan, observer: observer)
        var reference = results(of: other, started: started)
        reference.label = "against \(name)"
        reference.gitCommit = nil
        let gate = try GateCheck(
            reference: reference, name: "against \(name)", thresholds: thresholds,
            allowsDatasetChange: allowsDatasetChange, defaults: GateCheck.pairedDefaults)
        return (current, gate)
    }
}

/// A run that cannot start.
public enum RunSessionError: Error, Equatable, CustomStringConvertible {
    /// The suites, filter and shard select no benchmark.
    case nothingToRun
    /// The shard plan (`--shard-plan`) lists other groups than the run selects.
    case shardPlanMismatch(String)

    /// One line: what is wrong.
    public var description: String {
        switch self {
        case .nothingToRun: "no benchmark matches the selected suites, filter and shard"
        case .shardPlanMismatch(let problem):
            "--shard-plan does not match this run's cases: \(problem); make the plan with "
                + "the same --suite, --filter and --sizes ('bench plan --shards N --out FILE')"
        }
    }
}
