import BenchKit
import BenchReports
import BenchmarkSuites
import DurableFiles
import Foundation
import Workloads

/// What `bench run` does once its options are valid: hands plan, run, gate and reruns
/// to a ``RunSession``, then publishes and prints what it returns.
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
    /// What the suites leave out of what was asked (``RunResults/leftOut``); empty
    /// when nothing is.
    var leftOut: [String] = []

    /// Runs and returns the exit code (success, failure, usage or 128 + the signal).
    ///
    /// `--dataset-dir` reaches the suites run in this process as
    /// `DatasetCache.runDirectory` and the workers as `FAULTLINE_DATASETS` in their
    /// environment; this process's environment is left alone.
    func execute() -> ExitCode {
        guard let directory = options.datasetDirectory else { return executeWithDatasets() }
        var execution = self
        execution.launcher = launcher.adding(environment: Self.datasetEnvironment(directory))
        return DatasetCache.$runDirectory.withValue(
            URL(fileURLWithPath: directory, isDirectory: true)
        ) { execution.executeWithDatasets() }
    }

    /// The variables that give a worker the run's dataset directory.
    static func datasetEnvironment(_ directory: String?) -> [String: String] {
        directory.map { ["FAULTLINE_DATASETS": $0] } ?? [:]
    }

    private func executeWithDatasets() -> ExitCode {
        // Case copies a killed run left in the temporary directory (hundreds of MB).
        ScratchFile.removeAbandoned()
        let session: RunSession
        do throws(RunSessionError) {
            session = try RunSession(options.request, suites: suites, host: HostFacts.current())
        } catch {
            console.err("error: \(error)")
            return .usage
        }
        do throws(UsageError) {
            try ReportPublisher.checkRoot(options.outputRoot, usage: RunCommand.usage)
        } catch {
            return console.usageError(error)
        }
        if let problem = options.exports.lazy.compactMap({
            $0.problem(option: RunOptions.export.name)
        }).first {
            return console.usageError(RunCommand.usageError(problem))
        }
        let gate: GateCheck?
        let exportThresholds: GateThresholds
        let callgrind: CallgrindWorkers?
        do {
            gate = try options.baseline.map { path in
                var check = try GateCheck(
                    baseline: path, thresholds: options.thresholds,
                    allowsDatasetChange: options.allowsDatasetChange)
                check.gatesAcrossEnvironments = options.gatesAcrossEnvironments
                return check
            }
            // The rules benchfmt marks exact counters by: the gate's (--thresholds,
            // read here for --against too), else the built-in ones.
            if let gate {
                exportThresholds = gate.thresholds
            } else if let path = options.thresholds, !options.exports.isEmpty {
                exportThresholds = try GateThresholds.read(from: URL(fileURLWithPath: path))
            } else {
                exportThresholds = GateThresholds()
            }
            callgrind = try options.request.countsInstructions ? makeCallgrindWorkers() : nil
        } catch {
            return console.failure(error, .usage)
        }
        defer { callgrind?.remove() }
        return run(
            session, gate: gate, exportThresholds: exportThresholds,
            workers: callgrind?.launcher ?? launcher)
    }

    /// Runs `session` with `workers`, handling interrupts and showing progress, then
    /// gates, publishes and prints. Once the cases are done, signals no longer end the
    /// process (``InterruptHandler/beginPublishing()``): the results reach disk first.
    private func run(
        _ session: RunSession, gate: GateCheck?, exportThresholds: GateThresholds,
        workers: WorkerLauncher
    ) -> ExitCode {
        let interrupts =
            handlesInterrupts ? InterruptHandler(stopFlag: stopFlag, console: console) : nil
        defer { interrupts?.cancel() }
        let progress = ProgressReporter.make(enabled: options.showsProgress, console: console)
        let started = Date()
        let runner = session.runner(workers: workers, stopFlag: stopFlag)
        var results: RunResults
        do {
            var judge = gate
            let outcome: RunOutcome
            if let reference = options.against {
                // A repeated signal must not abort the build half-way: the worktree and
                // the build's processes are removed first.
                interrupts?.deferAborts(true)
                (outcome, judge) = try runAgainst(reference, session: session, observer: progress)
            } else {
                outcome = session.run(runner, observer: progress)
            }
            interrupts?.beginPublishing()
            PublishPause.wait()
            results = session.results(of: outcome, started: started)
            results.interruption = outcome.wasInterrupted ? interrupts?.signalName : nil
            if !leftOut.isEmpty { results.leftOut = leftOut }
            results = try session.gated(results, by: judge, rerunningWith: runner) { event in
                GateTable.print(event, to: console)
            }
        } catch {
            // Stopped by a signal (during --against's reference build): 128 + the signal.
            let code = console.failure(error, .usage)
            return interrupts?.exitCode ?? code
        }
        guard publish(results, exportThresholds: exportThresholds) else { return .failure }
        if let reference = options.against, let problem = Self.unanswered(reference, results) {
            console.err("error: \(problem)")
            return interrupts?.exitCode ?? .failure
        }
        // A signal that came after the cases ended still ends the process as signalled,
        // now that its results are written.
        if let signalled = interrupts?.exitCode { return signalled }
        if results.isPartial { return .interrupted }
        return results.isFailed ? .failure : .success
    }

    /// Why an `--against` run compared nothing, when it did not: the reference side
    /// produced no passing case (every one failed there) while this side did. No gate
    /// must not read as a pass.
    static func unanswered(_ reference: String, _ results: RunResults) -> String? {
        guard let comparison = results.comparison, comparison.gates.isEmpty,
            results.cases.contains(where: { $0.status == .passed })
        else { return nil }
        return "--against \(reference): nothing was compared (the reference produced no "
            + "result to gate); check that it is a Faultline bench with these suites, and "
            + "read the reference's failures in the report"
    }

    /// Writes the report directory (with the `--export` files that go there) and
    /// prints the gate table and the summary, then writes the `--export` files given a
    /// name; false when the report or an export could not be written (the results are
    /// then saved elsewhere, or are in the report).
    private func publish(_ results: RunResults, exportThresholds: GateThresholds) -> Bool {
        var exported: [(target: ExportTarget, text: String)] = []
        do {
            let published = try ReportPublisher(
                root: options.outputRoot, formats: options.formats
            ).publish(results) { written in
                exported = options.exports.map { target in
                    let (text, notes) = ExportCommand.render(
                        written, thresholds: exportThresholds, format: target.format)
                    for line in notes { console.err("note: \(line)") }
                    return (target, text)
                }
                return exported.filter { $0.target.file == nil }.map {
                    ($0.target.defaultFileName, Data($0.text.utf8))
                }
            }
            if let comparison = published.results.comparison {
                GateTable.print(comparison, to: console, annotate: GateTable.annotates)
            }
            RunSummary(results: published.results).print(
                to: console, directory: published.directory)
            if let profiles = options.callgrindOutput {
                console.out(
                    "callgrind profiles: \(TerminalText.safe(profiles)) (read one with "
                        + "callgrind_annotate FILE | swift demangle --simplified)")
            }
            return writeExports(exported, directory: published.directory)
        } catch {
            console.err(ReportPublisher.rescue(results, after: error))
            return false
        }
    }

    /// Writes the `--export` files given a name (temporary file, then rename) and names
    /// every export written; false when one could not be written (the report holds the
    /// results, and the message says how to export them again).
    private func writeExports(
        _ exported: [(target: ExportTarget, text: String)], directory: URL
    ) -> Bool {
        var written = true
        for (target, text) in exported {
            let format = target.format.rawValue
            guard let file = target.file else {
                let path = directory.appendingPathComponent(target.defaultFileName).path
                console.out("export: \(TerminalText.safe(path)) (\(format))")
                continue
            }
            do {
                try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: file))
                console.out("export: \(TerminalText.safe(file)) (\(format))")
            } catch {
                console.err(
                    "error: --export \(format)=\(TerminalText.safe(file)): "
                        + "\(ErrorText.describe(error)); the results are in "
                        + "\(TerminalText.safe(directory.path)) (bench export "
                        + "\(TerminalText.safe(directory.path)) --format \(format) --out FILE)")
                written = false
            }
        }
        return written
    }

    /// The workers of `--instructions`, keeping profiles in `--callgrind-out` if given.
    private func makeCallgrindWorkers() throws -> CallgrindWorkers {
        try CallgrindWorkers(
            wrapping: launcher,
            keepingProfilesIn: options.callgrindOutput.map {
                URL(fileURLWithPath: $0, isDirectory: true)
            })
    }
}
