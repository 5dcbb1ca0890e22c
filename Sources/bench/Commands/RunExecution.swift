import BenchKit
import BenchReports
import BenchmarkSuites
import DurableFiles
import Foundation

/// What `bench run` does once its options are valid: plan, run, write, summarize.
///
/// The suites, worker launcher and stop flag are fields so tests can run it with
/// their own.
struct RunExecution {
    let options: RunOptions
    let console: Console
    var suites: [BenchmarkSuite] = SuiteCatalog.all
    var launcher = WorkerLauncher.currentExecutable(arguments: [WorkerSubcommand.name])
    var stopFlag = StopFlag()
    var handlesInterrupts = true

    /// Runs and returns the exit code (0, 1, 2 or 130).
    func execute() -> Int32 {
        let plan = makePlan()
        guard !plan.groups.isEmpty else {
            console.err("error: no benchmark matches the selected suites, filter and shard")
            return 2
        }
        do throws(UsageError) {
            try ReportPublisher.checkRoot(options.outputRoot, usage: RunCommand.usage)
        } catch {
            return console.usageError(error)
        }
        var gate: GateCheck?
        do {
            gate = try options.baseline.map { path in
                try GateCheck(
                    baseline: path, thresholds: options.thresholds,
                    allowsDatasetChange: options.allowsDatasetChange)
            }
        } catch {
            console.err("error: \(ErrorText.describe(error))")
            return 2
        }
        var workers = launcher
        var callgrind: CallgrindWorkers?
        if options.countsInstructions {
            do {
                let profiles = try options.callgrindOutput.map { path in
                    let url = URL(fileURLWithPath: path, isDirectory: true)
                    try FileManager.default.createDirectory(
                        at: url, withIntermediateDirectories: true)
                    return url
                }
                callgrind = try CallgrindWorkers(wrapping: launcher, keepingProfilesIn: profiles)
            } catch {
                console.err("error: \(ErrorText.describe(error))")
                return 2
            }
            workers = callgrind?.launcher ?? launcher
        }
        defer { callgrind?.remove() }
        let interrupts =
            handlesInterrupts ? InterruptHandler(stopFlag: stopFlag, console: console) : nil
        let progress = ProgressReporter.make(enabled: options.showsProgress, console: console)
        let started = Date()
        let outcome: RunOutcome
        if let reference = options.against {
            do {
                (outcome, gate) = try runAgainst(reference, plan: plan, observer: progress)
            } catch {
                console.err("error: \(ErrorText.describe(error))")
                return 2
            }
        } else {
            outcome = makeRunner(observer: progress, launcher: workers).run(plan)
        }
        interrupts?.cancel()
        var results = assemble(outcome, started: started)
        results.interruption = interrupts?.signalName
        if let gate, !results.isPartial {
            gate.warnings(for: results).forEach(console.err)
            do { results = try gated(results, by: gate) } catch {
                console.err("error: \(ErrorText.describe(error))")
                return 2
            }
        }
        do {
            let published = try ReportPublisher(
                root: options.outputRoot, formats: options.formats
            ).publish(results)
            if let comparison = published.results.comparison {
                GateCheck.print(comparison, to: console, annotate: GateCheck.annotates)
            }
            RunSummary(results: published.results).print(
                to: console, directory: published.directory)
            if let profiles = options.callgrindOutput {
                console.out(
                    "callgrind profiles: \(TerminalText.safe(profiles)) (read one with "
                        + "callgrind_annotate FILE | swift demangle --simplified)")
            }
        } catch {
            console.err(ReportPublisher.rescue(results, after: error))
            return 1
        }
        return results.isPartial ? interrupts?.exitCode ?? 130 : (results.isFailed ? 1 : 0)
    }

    /// `results` gated by `gate`; with `--rerun-suspects`, the groups of cases whose
    /// wall time regressed run once more (configurations interleaved as usual) and the
    /// time gates of those cases hold only if the rerun regresses too.
    private func gated(_ results: RunResults, by gate: GateCheck) throws -> RunResults {
        let first = try gate.apply(to: results)
        guard options.rerunsSuspects, let comparison = first.comparison else { return first }
        let suspects = Set(
            comparison.regressions.filter { $0.metric == Metric.wallTime.name }.map(\.key))
        guard !suspects.isEmpty else { return first }
        console.err("re-measuring \(suspects.count) suspected time regressions once")
        let groups = Set(suspects.map { GroupKey(benchmark: $0.benchmark, size: $0.size) })
        let all = suites.flatMap(\.benchmarks)
        var rerun = RunOutcome(cases: [], datasets: [], wasInterrupted: false)
        for group in groups.sorted(by: { "\($0)" < "\($1)" }) {
            let plan = RunPlan(
                benchmarks: all.filter { $0.id == group.benchmark }, sizes: [group.size])
            let outcome = makeRunner(observer: nil, launcher: launcher).run(plan)
            rerun.cases += outcome.cases
            rerun.datasets += outcome.datasets.filter { !rerun.datasets.contains($0) }
        }
        let recheck = try gate.apply(to: assemble(rerun, started: Date()))
        let regressions = recheck.comparison?.regressions ?? []
        let confirmed = Set(regressions.map { "\($0.key) \($0.metric)" })
        var merged = first
        merged.comparison = BaselineComparison(
            baseline: comparison.baseline,
            gates: comparison.gates.map { gate in
                guard gate.fails, suspects.contains(gate.key), gate.metric == Metric.wallTime.name,
                    !confirmed.contains("\(gate.key) \(gate.metric)")
                else { return gate }
                return GateResult(
                    key: gate.key, metric: gate.metric, baseline: gate.baseline,
                    current: gate.current, verdict: .unchanged,
                    message: gate.message + "\nnot confirmed when re-measured once")
            }, added: comparison.added, removed: comparison.removed)
        return merged
    }

    /// A benchmark at one size: what a rerun re-measures.
    private struct GroupKey: Hashable {
        let benchmark: BenchmarkID
        let size: Int
    }

    private func makePlan() -> RunPlan {
        let benchmarks = suites.filter { options.suites.contains($0.name) }.flatMap(\.benchmarks)
        return RunPlan(
            benchmarks: benchmarks, filter: options.filter, sizes: options.sizes,
            shard: options.shard)
    }

    private func makeRunner(observer: (any RunObserver)?, launcher: WorkerLauncher) -> Runner {
        Runner(
            limits: options.limits, seed: options.seed,
            isolation: options.isInProcess ? .inProcess : .childProcess(launcher),
            countsInstructions: options.countsInstructions, stopFlag: stopFlag,
            observer: observer)
    }

    /// The results of `outcome`, as a run started at `started` with these options.
    func assemble(_ outcome: RunOutcome, started: Date) -> RunResults {
        let settings = RunSettings(
            profile: options.profile, limits: options.limits, seed: options.seed,
            isolated: !options.isInProcess, suites: options.suites,
            filter: options.filter?.pattern, sizes: options.sizes, shard: options.shard,
            countsInstructions: options.countsInstructions ? true : nil)
        return RunResults(
            runID: ReportDirectory.name(label: options.label, date: started), label: options.label,
            startedAt: started, finishedAt: Date(), gitCommit: HostFacts.gitCommit(),
            commandLine: CommandLine.arguments,
            environment: RunEnvironment.capture(sqliteVersion: HostFacts.sqliteVersion()),
            settings: settings, outcome: outcome)
    }
}
