import BenchKit
import BenchReports
import Foundation

/// The typed options of `bench run`, validated.
struct RunOptions: Equatable {
    var suites: [String]
    var filter: Glob?
    var sizes: [Int]?
    var profile: RunProfile = .standard
    var limits: RunLimits
    var seed: UInt64 = 42
    var outputRoot: String = "Reports"
    var formats: [ReportFormat] = ReportFormat.allCases
    var showsProgress = true
    var shard: Shard?
    var isInProcess = false
    /// `--dataset-dir`: where the suites' datasets are cached, absolute.
    var datasetDirectory: String?
    /// `--baseline`: the baseline to gate against.
    var baseline: String?
    /// `--thresholds`: the gate's rules.
    var thresholds: String?
    /// `--allow-dataset-change`.
    var allowsDatasetChange = false
    /// `--rerun-suspects`: re-measure cases whose time regressed once before failing.
    var rerunsSuspects = false
    /// `--instructions`: count instructions under callgrind instead of timing.
    var countsInstructions = false
    /// `--callgrind-out DIR`: keep each counted body's callgrind profile there, absolute.
    var callgrindOutput: String?
    /// `--against REF`: a same-machine A/B comparison with the build of REF.
    var against: String?
    /// What the run directory is named after instead of the suites (`--model`'s model).
    var labelName: String?

    /// Reads and checks every option of `arguments`.
    /// - Parameter suites: The suites that exist, to check `--suite` against.
    /// - Throws: ``UsageError`` for the first bad value.
    init(_ arguments: ParsedArguments, suites known: [BenchmarkSuite], values: ValueParsers)
        throws(UsageError)
    {
        suites = try Self.suites(arguments.value("--suite"), known: known, values: values)
        filter = arguments.value("--filter").map(Glob.init)
        sizes = try arguments.value("--sizes").map { text throws(UsageError) in
            try values.sizes(text)
        }
        if let text = arguments.value("--profile") {
            profile = try values.choice(text, option: "--profile", as: RunProfile.self)
        }
        limits = profile.limits
        try readLimits(arguments, values: values)
        if let text = arguments.value("--seed") { seed = try values.seed(text) }
        outputRoot = arguments.value("--out") ?? outputRoot
        formats = try SharedOptions.formats(arguments, values: values)
        showsProgress = !arguments.has("--no-progress")
        shard = try arguments.value("--shard").map { text throws(UsageError) in
            try values.shard(text)
        }
        isInProcess = arguments.has("--in-process")
        datasetDirectory = SharedOptions.datasetDirectory(arguments)?.path
        baseline = arguments.value("--baseline")
        thresholds = arguments.value("--thresholds")
        allowsDatasetChange = arguments.has("--allow-dataset-change")
        rerunsSuspects = arguments.has("--rerun-suspects")
        countsInstructions = arguments.has("--instructions")
        if countsInstructions && (isInProcess || rerunsSuspects) {
            throw UsageError(
                message:
                    "--instructions runs each case in a child under valgrind: it cannot be "
                    + "combined with --in-process or --rerun-suspects",
                usage: values.usage)
        }
        callgrindOutput = arguments.value("--callgrind-out").map {
            URL(fileURLWithPath: $0).standardizedFileURL.path
        }
        if callgrindOutput != nil && !countsInstructions {
            throw UsageError(
                message: "--callgrind-out keeps the profiles of counted bodies: it needs "
                    + "--instructions", usage: values.usage)
        }
        against = arguments.value("--against")
        try checkCombinations(usage: values.usage)
    }

    private func checkCombinations(usage: String) throws(UsageError) {
        if baseline == nil && against == nil
            && (thresholds != nil || allowsDatasetChange || rerunsSuspects)
        {
            throw UsageError(
                message:
                    "--thresholds, --allow-dataset-change and --rerun-suspects need --baseline",
                usage: usage)
        }
        if against != nil
            && (baseline != nil || isInProcess || countsInstructions || rerunsSuspects)
        {
            throw UsageError(
                message:
                    "--against compares with another build sample by sample: it cannot be "
                    + "combined with --baseline, --in-process, --instructions or --rerun-suspects",
                usage: usage)
        }
    }

    private mutating func readLimits(_ arguments: ParsedArguments, values: ValueParsers)
        throws(UsageError)
    {
        if let text = arguments.value("--iterations") {
            limits.maxIterations = try values.integer(text, option: "--iterations", minimum: 1)
        }
        if let text = arguments.value("--warmup") {
            limits.warmupIterations = try values.integer(text, option: "--warmup", minimum: 0)
        }
        if let text = arguments.value("--max-time") {
            limits.maxTime = try values.duration(text, option: "--max-time")
        }
    }

    private static func suites(
        _ text: String?, known: [BenchmarkSuite], values: ValueParsers
    ) throws(UsageError) -> [String] {
        guard let text else { return known.filter(\.isDefault).map(\.name) }
        return try suiteNames(text, known: known, values: values)
    }

    /// Checks a comma-separated list of suite names against `known`.
    static func suiteNames(
        _ text: String, known: [BenchmarkSuite], values: ValueParsers
    ) throws(UsageError) -> [String] {
        var names: [String] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard known.contains(where: { $0.name == name }) else {
                let list = known.map(\.name).joined(separator: ", ")
                throw UsageError(
                    message: "unknown suite '\(name)' (known: \(list))", usage: values.usage)
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// What the run is asked to do, for the ``RunSession``.
    var request: RunRequest {
        var request = RunRequest(suites: suites, profile: profile)
        request.filter = filter
        request.sizes = sizes
        request.shard = shard
        request.limits = limits
        request.seed = seed
        request.isInProcess = isInProcess
        request.countsInstructions = countsInstructions
        request.rerunsSuspects = rerunsSuspects
        request.name = labelName
        return request
    }

    /// The label of the run directory: suites joined by `+`, plus the shard.
    var label: String { request.label }
}
