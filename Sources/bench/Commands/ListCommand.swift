import BenchKit
import BenchmarkSuites
import DurableFiles
import Foundation
import Workloads

/// `bench list`: prints suites, benchmarks, configurations and sizes.
struct ListCommand: Subcommand {
    static let name = "list"
    static let summary = "List suites and benchmarks with their configurations and sizes"
    static let positionalSynopsis = ""
    static let discussion = """
        Prints each suite, then each benchmark ID with its description, configurations
        and default sizes; a configuration notes when it is the raw floor (hand-written
        SQL) or runs only up to some size. Suites marked (explicit) run only when named
        with --suite.
        --datasets lists the cached datasets instead. --model lists the dataset
        `bench generate --model` would make for that Xcode model at --size: entities with
        their row counts, attributes with their value recipes, and what is left out; then
        the scenarios `bench run --model` runs (suite 'model') and the templates left out.
        --scenarios lists the scenarios of that file instead (suite 'scenarios').
        """
    static let suite = ValueOption(
        "--suite", "NAMES", "comma-separated suites (default: all)", OptionValues.names)
    static let filter = ValueOption(
        "--filter", "GLOB", "only benchmarks whose suite/scenario ID matches", OptionValues.glob)
    static let datasets = FlagOption(
        "--datasets", "list cached datasets (in --dataset-dir) instead")
    static let size = ValueOption(
        "--size", "N", "with --model: the dataset size to plan (default 10k)",
        OptionValues.datasetSize)
    static let options: [any CommandOption] =
        [suite, filter, datasets, SharedOptions.datasetDir, size] + ModelRunSource.options

    let suites: [BenchmarkSuite]
    let filter: Glob?
    /// The cache to list, when `--datasets` was given.
    let datasets: DatasetCache?
    /// The model to plan a dataset for, and the size, when `--model` was given.
    let model: (dataset: ModelDataset, size: Int)?
    /// The suite of `--model` or `--scenarios`, listed instead of the catalogue.
    let source: ModelRunSource?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        source = try ModelRunSource.make(arguments)
        let size = try arguments.value(Self.size) ?? 10_000
        model = source?.dataset.map { ($0, size) }
        let all = source.map { [$0.suite] } ?? SuiteCatalog.all
        if let names = try arguments.value(Self.suite) {
            let checked = try RunOptions.suiteNames(names, known: all, usage: arguments.usage)
            suites = all.filter { checked.contains($0.name) }
        } else {
            suites = all
        }
        filter = try arguments.value(Self.filter)
        datasets =
            arguments.has(Self.datasets) ? try SharedOptions.datasetCache(arguments) : nil
    }

    func run(console: Console) -> ExitCode {
        if let (dataset, size) = model {
            do {
                for line in try ModelPlanReport.lines(dataset, size: size) { console.out(line) }
            } catch {
                return console.failure(error, .failure)
            }
        }
        if let source {
            for line in lines() + source.leftOut.map({ "  " + $0 }) { console.out(line) }
            return .success
        }
        if let datasets {
            let manifests = datasets.list()
            if manifests.isEmpty { console.out("no cached datasets in \(datasets.directory.path)") }
            for manifest in manifests {
                console.out(manifest.key)
                for line in DatasetReport.summary(manifest) { console.out("  " + line) }
            }
            return .success
        }
        for line in lines() { console.out(line) }
        return .success
    }

    /// The listing, one line per item.
    func lines() -> [String] {
        suites.flatMap { suite -> [String] in
            let benchmarks = suite.benchmarks.filter { filter?.matches($0.id.description) ?? true }
            guard !benchmarks.isEmpty else { return [] }
            let header = "\(suite.name)\(suite.isDefault ? "" : " (explicit)")  \(suite.summary)"
            return [header] + benchmarks.flatMap(describe)
        }
    }

    private func describe(_ benchmark: Benchmark) -> [String] {
        let sizes = benchmark.sizes.map(SizeFormat.short).joined(separator: ",")
        return ["  \(benchmark.id)  \(benchmark.summary)  sizes \(sizes)"]
            + benchmark.configurations.map { configuration in
                let notes =
                    (configuration.kind == .raw ? ["raw floor"] : [])
                    + (configuration.sizeLimit.map {
                        ["sizes up to \(SizeFormat.short($0.largest))"]
                    } ?? [])
                return "    [\(configuration.name)] \(configuration.summary)"
                    + (notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))")
            }
    }
}
