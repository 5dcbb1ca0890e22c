import BenchKit
import BenchReports
import BenchmarkSuites
import DurableFiles
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
    static let options: [OptionSpec] =
        ModelOptions.options + [
            .flag("--replay", "replay the log's statements on stores generated from --model"),
            .value(
                "--sizes", "LIST", "replay sizes of the model's primary entity (default 10k,100k)"),
            .value("--out", "DIR", "write explain.json, index.html and summary.md into DIR"),
            .value("--format", "FORMAT", "standard output: text (default), json or html"),
            .value("--seed", "N", "seed of the generated stores (default 42)"),
            SharedOptions.datasetDir,
        ]

    /// What standard output shows.
    enum OutputFormat: String, CaseIterable {
        case text, json, html
    }

    let inputs: [LogInput]
    let model: ModelDataset?
    let modelPath: String?
    let replay: LogExplainer.ReplayOptions?
    let output: URL?
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(
                message: "explain-log needs at least one LOG (or - for standard input)",
                usage: Self.usage)
        }
        inputs = arguments.positionals.map(LogInput.init)
        model = try ModelOptions.dataset(arguments, usage: Self.usage)
        modelPath = arguments.value("--model")
        format =
            try arguments.value("--format").map { text throws(UsageError) in
                try Self.values.choice(text, option: "--format", as: OutputFormat.self)
            } ?? .text
        output = arguments.value("--out").map { URL(fileURLWithPath: $0, isDirectory: true) }
        replay = try Self.replayOptions(arguments, hasModel: model != nil)
    }

    private static func replayOptions(_ arguments: ParsedArguments, hasModel: Bool)
        throws(UsageError) -> LogExplainer.ReplayOptions?
    {
        guard arguments.has("--replay") else {
            for flag in ["--sizes", "--seed"] where arguments.value(flag) != nil {
                throw UsageError(message: "\(flag) needs --replay", usage: usage)
            }
            return nil
        }
        guard hasModel else {
            throw UsageError(
                message:
                    "--replay needs --model: the replay generates a store from the app's model",
                usage: usage)
        }
        let sizes = try arguments.value("--sizes").map { text throws(UsageError) in
            try values.sizes(text)
        }
        let seed = try arguments.value("--seed").map(values.seed) ?? 42
        return LogExplainer.ReplayOptions(
            sizes: sizes ?? [10_000, 100_000], cache: SharedOptions.datasetCache(arguments),
            seed: seed)
    }

    func run(console: Console) -> Int32 {
        let explainer = LogExplainer(
            model: model, modelPath: modelPath, replay: replay, progress: { console.err($0) })
        let report: ExplainReport
        do {
            report = try explainer.explain(inputs)
        } catch {
            console.err("error: \(ControlCharacters.escaped(error.description))")
            return 2
        }
        do {
            try show(report, console: console)
            if let output {
                let files = try ExplainReportWriter().write(report, to: output)
                console.err("wrote " + files.map(\.path).joined(separator: ", "))
            }
        } catch {
            console.err("error: \(ControlCharacters.escaped(ErrorText.describe(error)))")
            return 2
        }
        return 0
    }

    private func show(_ report: ExplainReport, console: Console) throws {
        switch format {
        case .text: for line in ExplainSummaryText(report: report).lines { console.out(line) }
        case .json: console.out(String(decoding: try report.encoded(), as: UTF8.self))
        case .html: console.out(ExplainReportWriter().html(report))
        }
    }
}
