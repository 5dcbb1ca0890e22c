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
        traced case's SQL log) and points Reports/latest at the run. With --baseline the results
        are gated as by 'bench compare'. Exit codes: 0 success, 1 a checksum mismatch,
        failed case or failing gate, 2 usage or input error,
        130 interrupted (partial results are still written).
        --model runs the scenarios generated from an Xcode model (suite 'model', see
        bench list --model) on its generated dataset; --scenarios runs the fetch
        scenarios of a JSON file (suite 'scenarios') on --model's dataset, or on social's
        without --model. Either replaces --suite.
        """
    static let options: [OptionSpec] =
        [
            .value("--suite", "NAMES", "comma-separated suites (default: the default suites)"),
            .value(
                "--filter", "GLOB",
                "only benchmarks whose suite/scenario ID matches, e.g. 'selftest/*'"
            ),
            .value(
                "--sizes", "LIST", "sizes to run instead of each benchmark's own, e.g. 10k,100k,1m"),
            .value("--profile", "NAME", "quick, standard (default) or full"),
            .value(
                "--iterations", "N", "at most N timed iterations per case (overrides the profile)"),
            .value(
                "--warmup", "N", "N untimed warm-up iterations per case (overrides the profile)"),
            .value(
                "--max-time", "DURATION",
                "time budget per case, e.g. 2s, 500ms (overrides the profile)"
            ),
            .value("--seed", "N", "seed for generated data and bootstrap statistics (default 42)"),
            .value("--out", "DIR", "directory that holds run directories (default Reports)"),
            SharedOptions.format,
            .flag("--no-progress", "print no progress, only the summary"),
            .value("--shard", "I/N", "run only shard I of N (every N-th scenario x size group)"),
            .flag("--in-process", "run cases in this process (RSS and peak RSS then shared)"),
            .flag(
                "--instructions",
                "count each body's instructions under valgrind's callgrind instead of timing it"),
            .value(
                "--callgrind-out", "DIR",
                "with --instructions, keep each body's callgrind profile in DIR as "
                    + "<suite>/<scenario>--<configuration>--<size>.<iteration>.callgrind"),
            SharedOptions.datasetDir,
            .value("--baseline", "FILE", "gate the results against a baseline (see bench compare)"),
            .value("--thresholds", "FILE", "the gate's thresholds file (docs/GATES.md)"),
            .flag(
                "--allow-dataset-change", "gate even when dataset hashes differ from the baseline"),
            .flag("--rerun-suspects", "re-measure cases whose time regressed once before failing"),
            .value(
                "--against", "REF",
                "A/B with another build, sample by sample: a git ref (built in release in a "
                    + "temporary worktree) or a directory holding a built bench"),
        ] + ModelRunSource.options

    let options: RunOptions
    /// The suite of `--model` or `--scenarios`, when given.
    let source: ModelRunSource?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        source = try ModelRunSource.make(arguments, usage: Self.usage)
        var options = try RunOptions(
            arguments, suites: SuiteCatalog.all + (source.map { [$0.suite] } ?? []),
            values: Self.values)
        if let source {
            if arguments.value("--suite") != nil || options.against != nil {
                throw UsageError(
                    message: "--model and --scenarios choose the suite: they cannot be combined "
                        + "with --suite or --against",
                    usage: Self.usage)
            }
            options.suites = [source.suite.name]
            options.labelName = source.label
        }
        self.options = options
    }

    /// Runs; `--dataset-dir` reaches the suites and their worker processes as
    /// `FAULTLINE_DATASETS`, the variable the dataset cache reads.
    func run(console: Console) -> Int32 {
        if let directory = options.datasetDirectory {
            setenv("FAULTLINE_DATASETS", directory, 1)
        }
        var execution = RunExecution(options: options, console: console)
        if let source {
            execution.suites.append(source.suite)
            execution.launcher = WorkerLauncher.currentExecutable(
                arguments: [WorkerSubcommand.name] + source.workerArguments)
        }
        return execution.execute()
    }
}
