import BenchKit

/// The options of `bench run`, declared once; ``RunCommand/options`` lists them and
/// ``RunOptions/init(_:suites:)`` reads them.
extension RunOptions {
    static let suite = ValueOption(
        "--suite", "NAMES", "comma-separated suites (default: the default suites)",
        OptionValues.names)
    static let filter = ValueOption(
        "--filter", "GLOB", "only benchmarks whose suite/scenario ID matches, e.g. 'selftest/*'",
        OptionValues.glob)
    static let sizes = ValueOption(
        "--sizes", "LIST", "sizes to run instead of each benchmark's own, e.g. 10k,100k,1m",
        OptionValues.sizes)
    static let profile = ValueOption(
        "--profile", "NAME", "quick, standard (default) or full",
        OptionValues.choice(RunProfile.self))
    static let iterations = ValueOption(
        "--iterations", "N", "at most N timed iterations per case (overrides the profile)",
        OptionValues.integer(minimum: 1))
    static let warmup = ValueOption(
        "--warmup", "N", "N untimed warm-up iterations per case (overrides the profile)",
        OptionValues.integer(minimum: 0))
    static let instrumented = ValueOption(
        "--instrumented", "N",
        "N iterations with allocation, memory and SQL probes per case (overrides the "
            + "profile; 0 leaves them out)",
        OptionValues.integer(minimum: 0))
    static let counted = ValueOption(
        "--counted", "N",
        "with --instructions, N counted iterations per case (default: as many as the "
            + "instrumented ones, at least 1)",
        OptionValues.integer(minimum: 1))
    static let maxTime = ValueOption(
        "--max-time", "DURATION", "time budget per case, e.g. 2s, 500ms (overrides the profile)",
        OptionValues.duration)
    static let seed = ValueOption(
        "--seed", "N", "seed for generated data and bootstrap statistics (default 42)",
        OptionValues.seed)
    static let noProgress = FlagOption("--no-progress", "print no progress, only the summary")
    static let shard = ValueOption(
        "--shard", "I/N|auto|I",
        "run only shard I of N (scenario x size groups balanced by cost); auto reads the CI's "
            + "variables (GitLab, CircleCI, Buildkite; auto/N for a Kubernetes Indexed Job); "
            + "I alone with --shard-plan",
        OptionValues.shard)
    static let shardCosts = ValueOption(
        "--shard-costs", "RESULTS",
        "balance --shard by the measured times in this results.json (case count otherwise)")
    static let shardPlan = ValueOption(
        "--shard-plan", "FILE",
        "run --shard I of the plan 'bench plan --shards N --out FILE' wrote (same cases)")
    static let inProcess = FlagOption(
        "--in-process", "run cases in this process (RSS and peak RSS then shared)")
    static let instructions = FlagOption(
        "--instructions",
        "count each body's instructions under valgrind's callgrind instead of timing it")
    static let callgrindOut = ValueOption(
        "--callgrind-out", "DIR",
        "with --instructions, keep each body's callgrind profile in DIR as "
            + "<suite>/<scenario>--<configuration>--<size>.<iteration>.callgrind",
        OptionValues.absolutePath)
    static let baseline = ValueOption(
        "--baseline", "FILE", "gate the results against a baseline (see bench compare)")
    static let thresholds = ValueOption(
        "--thresholds", "FILE", "the gate's thresholds file (docs/GATES.md)")
    static let allowDatasetChange = FlagOption(
        "--allow-dataset-change", "gate even when dataset hashes differ from the baseline")
    static let rerunSuspects = FlagOption(
        "--rerun-suspects", "re-measure cases whose time regressed once before failing")
    static let export = RepeatedOption(
        "--export", "FORMAT[=FILE]",
        "also write the results as 'bench export --format FORMAT' does (bmf, "
            + "github-action-benchmark, benchfmt) to FILE, else export.<format>.<json|txt> in "
            + "the run directory; once per format",
        ExportTarget.parse)
    static let against = ValueOption(
        "--against", "REF",
        "A/B with another build, sample by sample: a git ref (built in release in a "
            + "temporary worktree) or a directory holding a built bench")

    /// Every option, in help order.
    static let all: [any CommandOption] = [
        suite, filter, sizes, profile, iterations, warmup, instrumented, counted, maxTime, seed,
        SharedOptions.out, SharedOptions.format, export, noProgress, shard, shardCosts, shardPlan,
        inProcess, instructions, callgrindOut,
        SharedOptions.datasetDir, baseline, thresholds, allowDatasetChange,
        SharedOptions.gateAcrossEnvironments,
        rerunSuspects,
        against,
    ]
}
