import BenchKit
import BenchmarkSuites
import DurableFiles
import Foundation

/// `bench plan`: the balanced shard plan `--shard I/N` runs, printed with each shard's
/// predicted time and a GitHub Actions matrix.
struct PlanCommand: Subcommand {
    static let name = "plan"
    static let summary = "Print the balanced shard plan of a run and a GitHub Actions matrix"
    static let positionalSynopsis = ""
    static let discussion = """
        Assigns each scenario x size group of the selected suites to one of --shards N
        shards, longest first to the least loaded, exactly as 'bench run --shard I/N'
        does: costed by the measured times of --from RESULTS (pass the same file to run
        as --shard-costs), or by --history FILE ('bench history add''s file: each case
        the median of its elapsed time over its last 5 runs of the newest record's
        environment; write the plan with --out and run it with --shard-plan), or by
        case count without either. A group the costs lack costs the mean of those they
        have. Prints each shard's predicted total and groups, then a GitHub Actions
        matrix. --out FILE also writes the plan as JSON (atomically) for 'bench run
        --shard-plan FILE --shard I', which runs shard I of it and refuses a plan of
        other cases. Exit codes: 0 printed, 2 usage or input error.
        """
    static let shards = ValueOption(
        "--shards", "N", "how many shards (required)", OptionValues.integer(minimum: 1))
    static let from = ValueOption(
        "--from", "RESULTS", "cost groups by this results.json's measured times")
    static let history = ValueOption(
        "--history", "FILE",
        "cost groups by the median elapsed times of this history's recent runs")
    static let out = ValueOption(
        "--out", "FILE", "also write the plan as JSON for 'bench run --shard-plan FILE'")
    static let options: [any CommandOption] = [
        RunOptions.suite, RunOptions.filter, RunOptions.sizes, shards, from, history, out,
    ]

    let benchmarks: [Benchmark]
    let count: Int
    let costsPath: String?
    let historyPath: String?
    let filter: Glob?
    let sizes: [Int]?
    let output: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let known = SuiteCatalog.all
        let names =
            try arguments.value(RunOptions.suite).map { names throws(UsageError) in
                try RunOptions.suiteNames(names, known: known, usage: arguments.usage)
            } ?? known.filter(\.isDefault).map(\.name)
        benchmarks = known.filter { names.contains($0.name) }.flatMap(\.benchmarks)
        guard let count = try arguments.value(Self.shards) else {
            throw Self.usageError("plan needs --shards N")
        }
        self.count = count
        costsPath = try arguments.value(Self.from)
        historyPath = try arguments.value(Self.history)
        if costsPath != nil, historyPath != nil {
            throw Self.usageError(
                "--from and --history exclude each other: give --from RESULTS (one run's "
                    + "measured times) or --history FILE (the median of recent runs)")
        }
        filter = try arguments.value(RunOptions.filter)
        sizes = try arguments.value(RunOptions.sizes)
        output = try arguments.value(Self.out)
    }

    func run(console: Console) -> ExitCode {
        let plan: ShardPlan
        do {
            if let historyPath {
                let history: [HistoryRecord]
                do {
                    history = try HistoryFile.read(from: URL(fileURLWithPath: historyPath))
                } catch {
                    console.err("error: --history: \(ErrorText.describe(error))")
                    return .usage
                }
                plan = RunPlan.shardPlan(
                    benchmarks: benchmarks, filter: filter, sizes: sizes, count: count,
                    history: history)
            } else {
                let costs = try costsPath.map {
                    try RunResults.read(from: URL(fileURLWithPath: $0))
                }
                plan = RunPlan.shardPlan(
                    benchmarks: benchmarks, filter: filter, sizes: sizes, count: count,
                    costs: costs)
            }
        } catch {
            return console.failure(error, .usage)
        }
        let lines = Self.lines(
            plan, from: costsPath ?? historyPath.map { "median of history \($0)" },
            file: output, isHistory: historyPath != nil)
        for line in lines { console.out(line) }
        guard let output else { return .success }
        do {
            try AtomicFile.write(plan.jsonData(), to: URL(fileURLWithPath: output))
        } catch {
            return console.failure(error, .usage)
        }
        return .success
    }

    /// The plan as text: a header, each shard with its groups, the matrix.
    /// - Parameters:
    ///   - path: What the costs came from, printed in the header.
    ///   - file: The plan file `--out` writes.
    ///   - isHistory: The costs came from a history, which `bench run` cannot read: the
    ///     matrix then runs the plan file.
    static func lines(
        _ plan: ShardPlan, from path: String?, file: String? = nil, isHistory: Bool = false
    ) -> [String] {
        let unit = plan.unit == "cases" ? "cases" : "s"
        var lines = [
            "shard plan: \(plan.entries.count) groups over \(plan.count) shards, costed by "
                + plan.unit + (path.map { " (\($0))" } ?? "")
        ]
        for (offset, total) in plan.predictedTotals.enumerated() {
            let mine = plan.entries.filter { $0.shard == offset + 1 }
            lines.append(
                "shard \(offset + 1)/\(plan.count): \(format(total)) \(unit), \(mine.count) groups")
            lines += mine.map {
                "  \($0.benchmark) @\(SizeFormat.short($0.size))  \(format($0.cost))"
            }
        }
        let list = (1...plan.count).map(String.init).joined(separator: ", ")
        lines += [
            "", "# GitHub Actions", "strategy:", "  matrix:", "    shard: [\(list)]",
            file.map { "# then: bench run … --shard-plan \($0) --shard ${{ matrix.shard }}" }
                ?? (isHistory
                    ? "# then: add --out FILE, and bench run … --shard-plan FILE --shard "
                        + "${{ matrix.shard }}"
                    : "# then: bench run … --shard ${{ matrix.shard }}/\(plan.count)"
                        + (path.map { " --shard-costs \($0)" } ?? "")),
        ]
        return lines
    }

    private static func format(_ value: Double) -> String {
        String(format: value == value.rounded() ? "%.0f" : "%.1f", value)
    }
}
