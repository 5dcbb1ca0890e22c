import BenchKit
import DurableFiles
import Foundation

/// `bench baseline update`: turns a run's results into a committed baseline.
struct BaselineCommand: Subcommand {
    static let name = "baseline"
    static let summary = "Write Benchmarks/Baselines/<name>.json from a run's results"
    static let positionalSynopsis = "update"
    static let discussion = """
        'bench baseline update' reads RESULTS (default Reports/latest/results.json) and
        writes DIR/NAME.json keeping what gates need: summary statistics, counters,
        checksums, SQL traces, environment and dataset hashes; raw samples only with
        --keep-samples. Partial runs and runs with failed cases are refused. When the
        baseline exists and was made from other datasets (content hash or seed) or with
        another schema version, it is kept unless --allow-dataset-change. The file is
        replaced atomically: a failed write leaves the old baseline whole. Baselines of
        several environments (toolchain, SQLite, libc, allocator, architecture) live
        side by side: DIR/NAME.json and DIR/NAME.env-<id>.json; update replaces the one
        recorded in the run's environment (NAME.json when it is, or when it is the
        only one and records no environment), or adds NAME.env-<id>.json, and keeps
        the others; compare picks by environment (docs/GATES.md). Exit codes: 0
        written, 2 usage or input error.
        """
    static let from = ValueOption(
        "--from", "RESULTS", "results.json or run directory (default Reports/latest)")
    static let baselineName = ValueOption(
        "--name", "NAME", "baseline name (default ci)", OptionValues.fileName)
    static let dir = ValueOption(
        "--dir", "DIR", "baseline directory (default Benchmarks/Baselines)")
    static let keepSamples = FlagOption(
        "--keep-samples", "keep raw samples (for significance tests against the baseline)")
    static let allowDatasetChange = FlagOption(
        "--allow-dataset-change", "replace a baseline made from other datasets")
    static let options: [any CommandOption] = [
        from, baselineName, dir, keepSamples, allowDatasetChange,
    ]

    let source: String
    let destination: String
    let keepsSamples: Bool
    let allowsDatasetChange: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals == ["update"] else {
            throw Self.usageError("the only baseline action is 'update'")
        }
        let name = try arguments.value(Self.baselineName) ?? "ci"
        source = try arguments.value(Self.from) ?? "Reports/latest"
        destination = (try arguments.value(Self.dir) ?? "Benchmarks/Baselines") + "/\(name).json"
        keepsSamples = arguments.has(Self.keepSamples)
        allowsDatasetChange = arguments.has(Self.allowDatasetChange)
    }

    func run(console: Console) -> ExitCode {
        do {
            let file = RunResults.file(at: source)
            let results = try RunResults.read(from: URL(fileURLWithPath: file))
            if results.isPartial || results.cases.contains(where: { $0.status != .passed }) {
                throw ResultsFileError(
                    path: file, reason: "partial run or failed cases; not a baseline")
            }
            let (target, others) = try Self.target(for: results, primary: destination)
            try checkExisting(target, against: results)
            let url = URL(fileURLWithPath: target)
            try AtomicFile.createDirectory(url.deletingLastPathComponent())
            try AtomicFile.write(
                Baseline.make(from: results, keepSamples: keepsSamples).jsonData(), to: url)
            console.out("baseline: \(target) (\(results.cases.count) cases from \(file))")
            console.out("environment: \(CounterEnvironment(results.environment))")
            if !others.isEmpty {
                console.out("kept, other environments: " + others.joined(separator: ", "))
            }
            return .success
        } catch {
            return console.failure(error, .usage)
        }
    }

    /// The file to write for `results`' environment among `primary` and its
    /// siblings, and the others' paths: the primary when it is missing or recorded in
    /// this environment (or in no recorded environment that differs), else the sibling
    /// of this environment, new or existing.
    static func target(for results: RunResults, primary: String) throws
        -> (path: String, others: [String])
    {
        let environment = CounterEnvironment(results.environment)
        guard FileManager.default.fileExists(atPath: primary) else {
            return (primary, BaselineSet.siblings(of: primary))
        }
        let set = try BaselineSet(
            primary: primary, results: RunResults.read(from: URL(fileURLWithPath: primary)))
        let path =
            set.members.first { $0.environment == environment }?.path
            ?? set.members.first {
                environment.differences(fromBaseline: $0.environment).isEmpty
            }?.path
            ?? BaselineSet.path(for: environment, beside: primary)
        return (path, set.members.map(\.path).filter { $0 != path })
    }

    /// Refuses to replace a baseline of other datasets or schema unless allowed.
    private func checkExisting(_ destination: String, against results: RunResults) throws {
        guard !allowsDatasetChange, FileManager.default.fileExists(atPath: destination) else {
            return
        }
        let existing = try RunResults.read(from: URL(fileURLWithPath: destination))
        let changes = Baseline.datasetChanges(baseline: existing, current: results)
        guard changes.isEmpty else {
            throw ResultsFileError(
                path: destination,
                reason: changes.joined(separator: "; ") + " (pass --allow-dataset-change)")
        }
    }
}
