import BenchKit
import BenchReports
import BenchmarkSuites
import Foundation

/// `bench run`: runs benchmarks and writes a report directory.
struct RunCommand: Subcommand {
    static let name = "run"
    static let summary = "Run benchmarks and write results to Reports/<timestamp>-<label>/"
    static let positionalSynopsis = ""
    static let discussion = """
        Runs every configuration of every selected benchmark at every size, interleaving
        configurations, each case in its own child process unless --in-process is given.
        Writes results.json, index.html, summary.md, junit.xml, results.csv,
        samples.csv and sql/<suite>/<scenario>--<configuration>--<size>.log (each
        traced case's SQL log), each --export FORMAT's file (as 'bench export' writes it:
        export.<format>.<json|txt> there, or FILE), and points Reports/latest at the
        run. With --baseline the results
        are gated as by 'bench compare'. Exit codes: 0 success, 1 a checksum mismatch,
        failed case or failing gate, 2 usage or input error,
        130 interrupted (partial results are still written).
        --model runs the scenarios generated from an Xcode model (suite 'model', see
        bench list --model) on its generated dataset; --scenarios runs the fetch
        scenarios of a JSON file (suite 'scenarios') on --model's dataset, or on social's
        without --model. Either replaces --suite. What --model leaves out (attributes
        the dataset does not fill: derived ones, transformables it cannot generate, the
        app's value transformers; templates that could not be made) is printed after
        the run and listed in results.json ("leftOut"), index.html and summary.md.
        """
    static let options: [any CommandOption] = RunOptions.all + ModelRunSource.options

    let options: RunOptions
    /// The suite of `--model` or `--scenarios`, when given.
    let source: ModelRunSource?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        source = try ModelRunSource.make(arguments)
        var options = try RunOptions(
            arguments, suites: SuiteCatalog.all + (source.map { [$0.suite] } ?? []))
        if let source {
            if arguments.contains(RunOptions.suite) || options.against != nil {
                throw Self.usageError(
                    "--model and --scenarios choose the suite: they cannot be combined "
                        + "with --suite or --against")
            }
            options.request.suites = [source.suite.name]
            options.request.name = source.label
        }
        self.options = options
    }

    /// Runs; `--dataset-dir` reaches the suites (``RunExecution/execute()``).
    func run(console: Console) -> ExitCode {
        var execution = RunExecution(options: options, console: console)
        if let source {
            execution.suites.append(source.suite)
            execution.leftOut = (source.dataset?.warnings ?? []) + source.leftOut
            execution.launcher = WorkerLauncher.currentExecutable(
                arguments: [WorkerSubcommand.name] + source.workerArguments)
        }
        return execution.execute()
    }
}
