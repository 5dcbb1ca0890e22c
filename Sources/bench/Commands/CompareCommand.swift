import BenchKit
import BenchReports
import DurableFiles
import Foundation

/// `bench compare`: gates a run's results against a baseline.
struct CompareCommand: Subcommand {
    static let name = "compare"
    static let summary = "Compare results with a baseline and fail on regressions"
    static let positionalSynopsis = "BASELINE CURRENT"
    static let discussion = """
        BASELINE and CURRENT are results.json files (a baseline from 'bench baseline
        update' is one) or run directories holding one. Cases are matched by benchmark
        ID, configuration and size. Counters (SQL statements by kind, rows, full scans,
        allocations) must match exactly or within the tolerance; time and memory fail
        only when the median moves beyond the threshold (10%) and the change is
        significant. Rules come from --thresholds (docs/GATES.md). Prints a table,
        writes a report directory with summary.md and junit.xml, and '::error' lines
        when GITHUB_ACTIONS=true. Exit codes: 0 no failing gate, 1 a regression or
        changed checksum, 2 usage or input error.
        """
    static let thresholds = ValueOption(
        "--thresholds", "FILE", "thresholds file (default: the built-in rules)")
    static let allowDatasetChange = FlagOption(
        "--allow-dataset-change", "compare even when dataset hashes differ")
    static let options: [any CommandOption] = [
        thresholds, allowDatasetChange, SharedOptions.gateAcrossEnvironments, SharedOptions.out,
        SharedOptions.format,
    ]

    let baseline: String
    let current: String
    let thresholds: String?
    let allowsDatasetChange: Bool
    let gatesAcrossEnvironments: Bool
    let outputRoot: String
    let formats: [ReportFormat]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 2 else {
            throw Self.usageError("compare needs BASELINE and CURRENT")
        }
        baseline = arguments.positionals[0]
        current = arguments.positionals[1]
        thresholds = try arguments.value(Self.thresholds)
        allowsDatasetChange = arguments.has(Self.allowDatasetChange)
        gatesAcrossEnvironments = arguments.has(SharedOptions.gateAcrossEnvironments)
        outputRoot = try arguments.value(SharedOptions.out) ?? "Reports"
        formats = try SharedOptions.formats(arguments)
    }

    func run(console: Console) -> ExitCode {
        let gated: RunResults
        do throws(UsageError) {
            try ReportPublisher.checkRoot(outputRoot, usage: Self.usage)
        } catch {
            return console.usageError(error)
        }
        do {
            var check = try GateCheck(
                baseline: baseline, thresholds: thresholds,
                allowsDatasetChange: allowsDatasetChange)
            check.gatesAcrossEnvironments = gatesAcrossEnvironments
            let path = RunResults.file(at: current)
            let results = try RunResults.read(from: URL(fileURLWithPath: path))
            for rule in check.unmatchedRules(in: results) {
                GateTable.print(
                    .unmatchedRule(thresholds: check.thresholdsPath ?? "", path: rule), to: console)
            }
            gated = try check.apply(to: results)
        } catch {
            return console.failure(error, .usage)
        }
        guard let comparison = gated.comparison else { return .usage }
        GateTable.print(comparison, to: console, annotate: GateTable.annotates)
        var report = gated
        report.label = "compare"
        do {
            let published = try ReportPublisher(root: outputRoot, formats: formats).publish(report)
            console.out("report: \(published.directory.path)")
        } catch {
            console.err(ReportPublisher.rescue(report, after: error))
            return .usage
        }
        return comparison.regressions.isEmpty ? .success : .failure
    }
}
