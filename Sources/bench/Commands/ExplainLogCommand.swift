import BenchKit
import BenchReports
import BenchmarkSuites
import Foundation
import Workloads

/// `bench explain-log`: reads a Core Data / SwiftData SQLDebug console log, groups its
/// statements into operations, finds what is wrong, and with a model replays it at scale.
struct ExplainLogCommand: Subcommand {
    static let name = "explain-log"
    static let summary = "Explain a Core Data / SwiftData SQLDebug log: operations, findings, fixes"
    static let positionalSynopsis = "LOG..."
    static let discussion = """
        Reads each LOG (- for standard input): the console of an app run with
        -com.apple.CoreData.SQLDebug 1 to 4, as Xcode, os_log or log stream print it, or
        this lab's own (FAULTLINE_SQL_DEBUG). Statements are grouped into operations
        (fetches, faults, saves, batch requests, …) and ranked findings say what is wrong,
        where (file:line), how much, and the fix in Core Data's and SwiftData's API.
        --model maps tables and columns to the model's entities and properties;
        --replay then runs each distinct SELECT on stores generated from the model at
        --sizes (default 10k,100k) plus the size the log shows, with the fixes beside
        them. --out writes explain.json, index.html and summary.md; --format picks what
        standard output shows. Lines that are not understood are counted and listed,
        never fatal. Exit codes: 0 explained, 2 usage error or unusable input (an empty,
        binary or unreadable file, no Core Data line, a model without the log's tables).
        docs/EXPLAIN-LOG.md.
        """
    static let replayFlag = FlagOption(
        "--replay", "replay the log's statements on stores generated from --model")
    static let sizes = ValueOption(
        "--sizes", "LIST", "replay sizes of the model's primary entity (default 10k,100k)",
        OptionValues.sizes)
    static let out = ValueOption(
        "--out", "DIR", "write explain.json, index.html and summary.md into DIR",
        OptionValues.absolutePath)
    static let format = ValueOption(
        "--format", "FORMAT", "standard output: text (default), json or html",
        OptionValues.choice(OutputFormat.self))
    static let seed = ValueOption(
        "--seed", "N", "seed of the generated stores (default 42)", OptionValues.seed)
    static let options: [any CommandOption] =
        ModelOptions.options + [replayFlag, sizes, out, format, seed, SharedOptions.datasetDir]

    /// What standard output shows.
    enum OutputFormat: String, CaseIterable, Sendable {
        case text, json, html
    }

    let inputs: [LogInput]
    let model: ModelDataset?
    let modelPath: String?
    let replay: LogExplainer.ReplayOptions?
    let output: URL?
    let outputFormat: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw Self.usageError("explain-log needs at least one LOG (or - for standard input)")
        }
        inputs = arguments.positionals.map(LogInput.init)
        model = try ModelOptions.dataset(arguments)
        modelPath = try arguments.value(ModelOptions.model)
        outputFormat = try arguments.value(Self.format) ?? .text
        output = try arguments.value(Self.out).map { URL(fileURLWithPath: $0, isDirectory: true) }
        replay = try Self.replayOptions(arguments, hasModel: model != nil)
    }

    private static func replayOptions(_ arguments: ParsedArguments, hasModel: Bool)
        throws(UsageError) -> LogExplainer.ReplayOptions?
    {
        guard arguments.has(replayFlag) else {
            if arguments.contains(sizes) { throw usageError("--sizes needs --replay") }
            if arguments.contains(seed) { throw usageError("--seed needs --replay") }
            return nil
        }
        guard hasModel else {
            throw usageError(
                "--replay needs --model: the replay generates a store from the app's model")
        }
        return LogExplainer.ReplayOptions(
            sizes: try arguments.value(sizes) ?? [10_000, 100_000],
            cache: try SharedOptions.datasetCache(arguments),
            seed: try arguments.value(seed) ?? 42)
    }

    /// Explains the logs (``LogExplainer``), prints the chosen format and writes the
    /// report with `--out`; unusable input is exit 2, a report that cannot be written 1.
    func run(console: Console) -> ExitCode {
        let explainer = LogExplainer(
            model: model, modelPath: modelPath, replay: replay, progress: { console.err($0) })
        let report: ExplainLogReport
        do {
            report = try explainer.explain(inputs)
        } catch {
            return console.failure(error, .usage)
        }
        do {
            try show(report, console: console)
            if let output {
                let files = try ExplainLogReportWriter().write(report, to: output)
                console.err("wrote " + files.map(\.path).joined(separator: ", "))
            }
        } catch {
            return console.failure(error, .failure)
        }
        return .success
    }

    private func show(_ report: ExplainLogReport, console: Console) throws {
        switch outputFormat {
        case .text: for line in ExplainSummaryText(report: report).lines { console.out(line) }
        case .json: console.out(String(decoding: try report.encoded(), as: UTF8.self))
        case .html: console.out(ExplainLogReportWriter().html(report))
        }
    }
}
