import DurableFiles
import Foundation
import Workloads

/// `bench generate`: makes (or reuses) a cached dataset and prints its manifest.
struct GenerateCommand: Subcommand {
    static let name = "generate"
    static let summary = "Generate or reuse a seeded synthetic dataset and print its manifest"
    static let positionalSynopsis = ""
    static let discussion = """
        Datasets are cached under --dataset-dir (default $FAULTLINE_DATASETS, else
        .faultline/datasets), keyed by schema, size, seed and generator version. A valid
        cached dataset is reused; a corrupt or unfinished one is rebuilt. Concurrent
        generations of one dataset wait for each other and reuse its result. Ctrl-C
        (or SIGTERM, SIGHUP) removes the unfinished dataset and exits 130 (143, 129).
        --describe also prints the selectivity of the predicates the suites use.
        --model generates data for your own Xcode model instead of a schema: values of
        each attribute's type within its bounds, composites field by field,
        relationships with Zipf fan-out; derived attributes, expression and R-tree
        indexes, and transformables other than archived string lists are left out with
        a warning. --size is the row count of the entity with the most to-one
        relationships; --entity sets others.
        """
    static let options: [OptionSpec] =
        [
            .value("--schema", "NAME", "dataset schema (default social)"),
            .value(
                "--size", "N", "records of the primary entity, e.g. 10k, 100k, 1m (default 10k)"),
            .value("--seed", "N", "generator seed (default 42)"),
            SharedOptions.datasetDir,
            .flag("--describe", "print the selectivity of the schema's probe predicates"),
            .value(
                "--writer", "KIND", "batch-insert (default) or raw, for a newly generated dataset"),
            .flag(
                "--compare-raw",
                "also write the same rows with raw SQLiteDB inserts (into a temporary file) and "
                    + "print both row rates"),
        ] + ModelOptions.options

    let schema: DatasetSchema
    let size: Int
    let seed: UInt64
    let cache: DatasetCache
    let describe: Bool
    let writer: DatasetWriterKind
    let compareRaw: Bool
    /// What was left out of a `--model` model, printed before the dataset.
    let warnings: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let modelDataset = try ModelOptions.dataset(arguments, usage: Self.usage)
        if modelDataset != nil, arguments.value("--schema") != nil {
            throw UsageError(message: "give --schema or --model, not both", usage: Self.usage)
        }
        do {
            schema =
                try modelDataset?.schema
                ?? DatasetSchema.named(arguments.value("--schema") ?? "social")
            size = try DatasetKey.parseSize(arguments.value("--size") ?? "10k")
        } catch {
            throw UsageError(message: "\(error)", usage: Self.usage)
        }
        warnings = modelDataset?.warnings ?? []
        seed = try arguments.value("--seed").map(Self.values.seed) ?? 42
        cache = SharedOptions.datasetCache(arguments)
        describe = arguments.has("--describe")
        writer =
            try arguments.value("--writer").map { text throws(UsageError) in
                try Self.values.choice(text, option: "--writer", as: DatasetWriterKind.self)
            } ?? .batchInsert
        compareRaw = arguments.has("--compare-raw")
    }

    func run(console: Console) -> Int32 {
        let cache = cache
        let interrupts = SignalCleanup(console: console) {
            cache.removeTemporaries(ofProcess: getpid())
            return "stopped; the unfinished dataset was removed"
        }
        defer { interrupts.cancel() }
        for warning in warnings { console.err("warning: \(warning)") }
        do {
            let dataset = try cache.dataset(schema: schema, size: size, seed: seed, writer: writer)
            for line in DatasetReport.lines(dataset) { console.out(line) }
            if compareRaw {
                let comparison = try WriterComparison(schema: schema, size: size, seed: seed)
                for line in DatasetReport.lines(comparison) { console.out(line) }
            }
            if describe {
                let description = try DatasetDescription(schema: schema, dataset: dataset)
                for line in DatasetReport.lines(description) { console.out(line) }
            }
            return 0
        } catch {
            console.err("error: \(ErrorText.describe(error))")
            return 1
        }
    }
}
