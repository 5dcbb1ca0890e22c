import BenchKit
import BenchReports
import BenchmarkSuites
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
        let interrupts =
            handlesInterrupts ? InterruptHandler(stopFlag: stopFlag, console: console) : nil
        let progress = ProgressReporter.make(enabled: options.showsProgress, console: console)
        let started = Date()
        let outcome = makeRunner(observer: progress).run(plan)
        interrupts?.cancel()
        let results = assemble(outcome, started: started)
        do {
            let directory = try ReportPublisher(root: options.outputRoot, formats: options.formats)
                .publish(results)
            RunSummary(results: results).print(to: console, directory: directory)
        } catch {
            console.err("error: cannot write the report: \(error)")
            return 1
        }
        return results.isPartial ? 130 : (results.isFailed ? 1 : 0)
    }

    private func makePlan() -> RunPlan {
        let benchmarks = suites.filter { options.suites.contains($0.name) }.flatMap(\.benchmarks)
        return RunPlan(
            benchmarks: benchmarks, filter: options.filter, sizes: options.sizes,
            shard: options.shard)
    }

    private func makeRunner(observer: (any RunObserver)?) -> Runner {
        Runner(
            limits: options.limits, seed: options.seed,
            isolation: options.isInProcess ? .inProcess : .childProcess(launcher),
            stopFlag: stopFlag, observer: observer)
    }

    private func assemble(_ outcome: RunOutcome, started: Date) -> RunResults {
        let settings = RunSettings(
            profile: options.profile, limits: options.limits, seed: options.seed,
            isolated: !options.isInProcess, suites: options.suites,
            filter: options.filter?.pattern, sizes: options.sizes, shard: options.shard)
        return RunResults(
            runID: ReportDirectory.name(label: options.label, date: started), label: options.label,
            startedAt: started, finishedAt: Date(), gitCommit: HostFacts.gitCommit(),
            commandLine: CommandLine.arguments,
            environment: RunEnvironment.capture(sqliteVersion: HostFacts.sqliteVersion()),
            settings: settings, outcome: outcome)
    }
}
