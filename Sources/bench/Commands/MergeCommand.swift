import BenchKit
import BenchReports
import DurableFiles
import Foundation

/// `bench merge`: joins the results of shards into one report.
struct MergeCommand: Subcommand {
    static let name = "merge"
    static let summary = "Merge the results of shards (--shard i/n) into one report"
    static let positionalSynopsis = "RESULTS..."
    static let discussion = """
        Each RESULTS is a results.json file or a run directory holding one. The parts
        must come from runs with the same settings and must not repeat a case. Checksums
        are compared again across all parts. Writes a new run directory labelled
        'merged', with the parts' sql/ logs copied into it. A merge missing a shard
        is refused, naming the shards missing. Exit codes: 0 success, 1 a checksum
        mismatch or failed case, 2 usage or input error.
        """
    static let options: [any CommandOption] = [SharedOptions.out, SharedOptions.format]

    let inputs: [String]
    let outputRoot: String
    let formats: [ReportFormat]

    /// Makes the command from already checked values.
    init(inputs: [String], outputRoot: String, formats: [ReportFormat]) {
        self.inputs = inputs
        self.outputRoot = outputRoot
        self.formats = formats
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw Self.usageError("merge needs at least one results file")
        }
        inputs = arguments.positionals
        outputRoot = try arguments.value(SharedOptions.out) ?? "Reports"
        formats = try SharedOptions.formats(arguments)
    }

    func run(console: Console) -> ExitCode {
        let merged: RunResults
        let parts: [(path: String, results: RunResults)]
        do throws(UsageError) {
            try ReportPublisher.checkRoot(outputRoot, usage: Self.usage)
        } catch {
            return console.usageError(error)
        }
        do {
            parts = try inputs.map(Self.load)
            merged = try RunResults.merged(parts)
        } catch {
            return console.failure(error, .usage)
        }
        let missing = merged.missingShards()
        guard missing.isEmpty else {
            let count = merged.shards.first?.count ?? 0
            console.err(
                "error: \(missing.count == 1 ? "shard" : "shards") "
                    + missing.joined(separator: ", ") + " of \(count) missing from the merge "
                    + "(given: \(merged.shards.map(\.description).joined(separator: ", "))); "
                    + "pass every shard's results.json")
            return .usage
        }
        var relabelled = merged
        relabelled.label = "merged"
        do {
            let sources = parts.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent() }
            let published = try ReportPublisher(root: outputRoot, formats: formats).publish(
                relabelled, logSources: sources)
            RunSummary(results: published.results).print(
                to: console, directory: published.directory)
        } catch {
            console.err(ReportPublisher.rescue(relabelled, after: error))
            return .failure
        }
        return relabelled.isFailed ? .failure : .success
    }

    private static func load(_ path: String) throws -> (path: String, results: RunResults) {
        let file = RunResults.file(at: path)
        return (file, try RunResults.read(from: URL(fileURLWithPath: file)))
    }
}
