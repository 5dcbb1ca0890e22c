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
        as --shard-costs), or by case count without it. Prints each shard's predicted
        total and groups, then a GitHub Actions matrix. --out FILE also writes the plan
        as JSON (atomically) for 'bench run --shard-plan FILE --shard I', which runs
        shard I of it and refuses a plan of other cases. Exit codes: 0 printed, 2 usage
        or input error.
        """
    static let shards = ValueOption(
        "--shards", "N", "how many shards (required)", OptionValues.integer(minimum: 1))
    static let from = ValueOption(
        "--from", "RESULTS", "cost groups by this results.json's measured times")
    static let out = ValueOption(
        "--out", "FILE", "also write the plan as JSON for 'bench run --shard-plan FILE'")
    static let options: [any CommandOption] = [
        RunOptions.suite, RunOptions.filter, RunOptions.sizes, shards, from, out,
    ]

    let benchmarks: [Benchmark]
    let count: Int
    let costsPath: String?
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
        filter = try arguments.value(RunOptions.filter)
        sizes = try arguments.value(RunOptions.sizes)
        output = try arguments.value(Self.out)
    }

    func run(console: Console) -> ExitCode {
        let costs: RunResults?
        do {
            costs = try costsPath.map { try RunResults.read(from: URL(fileURLWithPath: $0)) }
        } catch {
            return console.failure(error, .usage)
        }
        let plan = RunPlan.shardPlan(
            benchmarks: benchmarks, filter: filter, sizes: sizes, count: count, costs: costs)
        for line in Self.lines(plan, from: costsPath, file: output) { console.out(line) }
        guard let output else { return .success }
        do {
            try AtomicFile.write(plan.jsonData(), to: URL(fileURLWithPath: output))
        } catch {
            return console.failure(error, .usage)
        }
        return .success
    }

    /// The plan as text: a header, each shard with its groups, the matrix.
    static func lines(_ plan: ShardPlan, from path: String?, file: String? = nil) -> [String] {
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
                ?? "# then: bench run … --shard ${{ matrix.shard }}/\(plan.count)"
                + (path.map { " --shard-costs \($0)" } ?? ""),
        ]
        return lines
    }

    private static func format(_ value: Double) -> String {
        String(format: value == value.rounded() ? "%.0f" : "%.1f", value)
    }
}
