import BenchKit
import BenchReports
import Foundation

/// The typed options of `bench run`, validated: what the ``RunSession`` is asked to do
/// (``request``) and what the command does around it.
struct RunOptions: Equatable {
    /// The suites, sizes, limits, seed and isolation of the run.
    var request: RunRequest
    /// `--out`: the directory that holds run directories.
    var outputRoot = "Reports"
    var formats: [ReportFormat] = ReportFormat.allCases
    /// `--export FORMAT[=FILE]`, in the order given: each format once, each file once.
    var exports: [ExportTarget] = []
    var showsProgress = true
    /// `--dataset-dir`: where the suites' datasets are cached, absolute.
    var datasetDirectory: String?
    /// `--baseline`: the baseline to gate against.
    var baseline: String?
    /// `--thresholds`: the gate's rules.
    var thresholds: String?
    /// `--allow-dataset-change`.
    var allowsDatasetChange = false
    /// `--gate-across-environments`.
    var gatesAcrossEnvironments = false
    /// `--callgrind-out DIR`: keep each counted body's callgrind profile there, absolute.
    var callgrindOutput: String?
    /// `--against REF`: a same-machine A/B comparison with the build of REF.
    var against: String?

    /// Reads and checks every option of `arguments`, in the order errors are reported.
    /// - Parameter suites: The suites that exist, to check `--suite` against.
    /// - Throws: ``UsageError`` for the first bad value.
    init(_ arguments: ParsedArguments, suites known: [BenchmarkSuite]) throws(UsageError) {
        let names = try arguments.value(Self.suite)
        request = RunRequest(
            suites: try names.map { names throws(UsageError) in
                try Self.suiteNames(names, known: known, usage: arguments.usage)
            } ?? known.filter(\.isDefault).map(\.name),
            profile: .standard)
        request.filter = try arguments.value(Self.filter)
        request.sizes = try arguments.value(Self.sizes)
        try readLimits(arguments)
        request.seed = try arguments.value(Self.seed) ?? request.seed
        outputRoot = try arguments.value(SharedOptions.out) ?? outputRoot
        formats = try SharedOptions.formats(arguments)
        exports = try arguments.values(Self.export)
        do throws(OptionValueError) {
            try ExportTarget.checkDistinct(exports, option: Self.export.name)
        } catch {
            throw UsageError(message: error.message, usage: arguments.usage)
        }
        showsProgress = !arguments.has(Self.noProgress)
        try readShard(arguments)
        request.isInProcess = arguments.has(Self.inProcess)
        datasetDirectory = try arguments.value(SharedOptions.datasetDir)?.path
        try readGate(arguments)
    }

    /// `--shard` (`auto` resolved from the CI's variables), `--shard-costs` and
    /// `--shard-plan`.
    private mutating func readShard(_ arguments: ParsedArguments) throws(UsageError) {
        let costs = try arguments.value(Self.shardCosts)
        let planPath = try arguments.value(Self.shardPlan)
        func refuse(_ message: String) -> UsageError {
            UsageError(message: message, usage: arguments.usage)
        }
        let choice = try arguments.value(Self.shard)
        if choice == nil {
            if costs != nil { throw refuse("--shard-costs needs --shard") }
            if planPath != nil { throw refuse("--shard-plan needs --shard I") }
            return
        }
        if costs != nil, planPath != nil {
            throw refuse(
                "--shard-costs and --shard-plan exclude each other: the plan has its costs")
        }
        if let planPath {
            try readShardPlan(planPath, choice: choice, refuse)
            return
        }
        switch choice {
        case nil: return
        case .fixed(let shard): request.shard = shard
        case .index(let index):
            throw refuse("--shard \(index) needs --shard-plan FILE (or give --shard \(index)/N)")
        case .auto(let total):
            do {
                request.shard = try ShardEnvironment.shard(
                    from: ProcessInfo.processInfo.environment, total: total)
            } catch {
                throw refuse(error.description)
            }
        }
        guard let costs else { return }
        do {
            request.shardCosts = try RunResults.read(from: URL(fileURLWithPath: costs))
        } catch {
            throw refuse("--shard-costs: cannot read \(costs): \(error)")
        }
    }

    /// Reads the `--shard-plan` file and which of its shards `choice` names: `I`, `I/N`
    /// with N the plan's count, or `auto` (the CI's variables; their total, when they
    /// give one, must be the plan's).
    private mutating func readShardPlan(
        _ path: String, choice: ShardChoice?, _ refuse: (String) -> UsageError
    ) throws(UsageError) {
        let plan: ShardPlan
        do {
            plan = try ShardPlan.read(from: URL(fileURLWithPath: path))
        } catch {
            throw refuse("--shard-plan: cannot read \(error)")
        }
        let index: Int
        switch choice {
        case nil: throw refuse("--shard-plan needs --shard I")
        case .index(let given): index = given
        case .fixed(let shard):
            guard shard.count == plan.count else {
                throw refuse(
                    "--shard \(shard): the plan \(path) has \(plan.count) shards, not \(shard.count)"
                )
            }
            index = shard.index
        case .auto(let total):
            let shard: Shard
            do {
                shard = try ShardEnvironment.shard(
                    from: ProcessInfo.processInfo.environment, total: total ?? plan.count)
            } catch {
                throw refuse(error.description)
            }
            guard shard.count == plan.count else {
                throw refuse(
                    "--shard auto: the CI runs \(shard.count) shards, the plan \(path) has "
                        + "\(plan.count)")
            }
            index = shard.index
        }
        guard (1...plan.count).contains(index) else {
            throw refuse(
                "--shard \(index): the plan \(path) has shards 1 to \(plan.count)")
        }
        request.shard = Shard(index: index, count: plan.count)
        request.shardPlan = plan
    }

    /// `--profile` and the limits that override it.
    private mutating func readLimits(_ arguments: ParsedArguments) throws(UsageError) {
        if let profile = try arguments.value(Self.profile) {
            request.profile = profile
            request.limits = profile.limits
        }
        if let iterations = try arguments.value(Self.iterations) {
            request.limits.maxIterations = iterations
        }
        if let warmup = try arguments.value(Self.warmup) {
            request.limits.warmupIterations = warmup
        }
        if let instrumented = try arguments.value(Self.instrumented) {
            request.limits.instrumentedIterations = instrumented
        }
        if let counted = try arguments.value(Self.counted) {
            request.limits.countedIterations = counted
        }
        if let maxTime = try arguments.value(Self.maxTime) { request.limits.maxTime = maxTime }
    }

    /// The gate, instruction counting and `--against`, and how they combine.
    private mutating func readGate(_ arguments: ParsedArguments) throws(UsageError) {
        baseline = try arguments.value(Self.baseline)
        thresholds = try arguments.value(Self.thresholds)
        allowsDatasetChange = arguments.has(Self.allowDatasetChange)
        gatesAcrossEnvironments = arguments.has(SharedOptions.gateAcrossEnvironments)
        request.rerunsSuspects = arguments.has(Self.rerunSuspects)
        request.countsInstructions = arguments.has(Self.instructions)
        if request.countsInstructions && (request.isInProcess || request.rerunsSuspects) {
            throw UsageError(
                message:
                    "--instructions runs each case in a child under valgrind: it cannot be "
                    + "combined with --in-process or --rerun-suspects",
                usage: arguments.usage)
        }
        if request.limits.countedIterations != nil && !request.countsInstructions {
            throw UsageError(
                message: "--counted sets the counted iterations of an instruction count: it "
                    + "needs --instructions (a timed run's count is --iterations)",
                usage: arguments.usage)
        }
        callgrindOutput = try arguments.value(Self.callgrindOut)
        if callgrindOutput != nil && !request.countsInstructions {
            throw UsageError(
                message: "--callgrind-out keeps the profiles of counted bodies: it needs "
                    + "--instructions", usage: arguments.usage)
        }
        against = try arguments.value(Self.against)
        try checkCombinations(usage: arguments.usage)
    }

    private func checkCombinations(usage: String) throws(UsageError) {
        if baseline == nil && against == nil
            && (thresholds != nil || allowsDatasetChange || request.rerunsSuspects)
        {
            throw UsageError(
                message:
                    "--thresholds, --allow-dataset-change and --rerun-suspects need --baseline",
                usage: usage)
        }
        if against != nil
            && (baseline != nil || request.isInProcess || request.countsInstructions
                || request.rerunsSuspects)
        {
            throw UsageError(
                message:
                    "--against compares with another build sample by sample: it cannot be "
                    + "combined with --baseline, --in-process, --instructions or --rerun-suspects",
                usage: usage)
        }
    }

    /// Checks suite names against `known`, duplicates dropped.
    static func suiteNames(_ names: [String], known: [BenchmarkSuite], usage: String)
        throws(UsageError) -> [String]
    {
        var checked: [String] = []
        for name in names {
            guard known.contains(where: { $0.name == name }) else {
                let list = known.map(\.name).joined(separator: ", ")
                throw UsageError(message: "unknown suite '\(name)' (known: \(list))", usage: usage)
            }
            if !checked.contains(name) { checked.append(name) }
        }
        return checked
    }

    /// The label of the run directory: suites joined by `+`, plus the shard.
    var label: String { request.label }
}
