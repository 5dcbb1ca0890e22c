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
    static let schema = ValueOption(
        "--schema", "NAME", "dataset schema (default social)", OptionValues.schema)
    static let size = ValueOption(
        "--size", "N", "records of the primary entity, e.g. 10k, 100k, 1m (default 10k)",
        OptionValues.datasetSize)
    static let seed = ValueOption(
        "--seed", "N", "generator seed (default 42)", OptionValues.seed)
    static let describe = FlagOption(
        "--describe", "print the selectivity of the schema's probe predicates")
    static let writer = ValueOption(
        "--writer", "KIND", "batch-insert (default) or raw, for a newly generated dataset",
        OptionValues.choice(DatasetWriterKind.self))
    static let compareRaw = FlagOption(
        "--compare-raw",
        "also write the same rows with raw SQLiteDB inserts (into a temporary file) and "
            + "print both row rates")
    static let options: [any CommandOption] =
        [
            schema, size, seed, SharedOptions.datasetDir, describe,
            writer, compareRaw,
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
        let modelDataset = try ModelOptions.dataset(arguments)
        if modelDataset != nil, arguments.contains(Self.schema) {
            throw Self.usageError("give --schema or --model, not both")
        }
        if let modelDataset {
            schema = modelDataset.schema
        } else {
            schema = try arguments.value(Self.schema) ?? .social
        }
        size = try arguments.value(Self.size) ?? 10_000
        warnings = modelDataset?.warnings ?? []
        seed = try arguments.value(Self.seed) ?? 42
        cache = try SharedOptions.datasetCache(arguments)
        describe = arguments.has(Self.describe)
        writer = try arguments.value(Self.writer) ?? .batchInsert
        compareRaw = arguments.has(Self.compareRaw)
    }

    func run(console: Console) -> ExitCode {
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
            return .success
        } catch {
            return console.failure(error, .failure)
        }
    }
}
