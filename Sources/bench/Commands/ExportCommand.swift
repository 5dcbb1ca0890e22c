import BenchKit
import BenchReports
import DurableFiles
import Foundation

/// `bench export`: a results file in a benchmark service's format.
struct ExportCommand: Subcommand {
    static let name = "export"
    static let summary =
        "Write a results file as Bencher BMF, github-action-benchmark or Go benchfmt"
    static let positionalSynopsis = "RESULTS"
    static let discussion = """
        RESULTS is a results.json or a run directory holding one. One entry per passed
        case and metric, the metric's median: --format bmf writes Bencher Metric Format
        JSON (bencher run --adapter json --file FILE); github-action-benchmark writes
        the JSON of its customSmallerIsBetter tool (larger-is-better metrics are left
        out, named on standard error); benchfmt writes Go's benchmark format for
        benchstat, with a Unit line per unit and assume=exact on the counters the gates
        compare exactly: gating, zero tolerance and floor under --thresholds FILE (the
        built-in rules without it), never SQLite's cache, checkpoint and sync counters,
        which move between runs of one build. Writes FILE atomically (--out), or
        standard output; 'bench run --export FORMAT[=FILE]' writes the same file after a
        run. docs/CI.md.
        Exit codes: 0 written, 2 usage or input error.
        """
    static let format = ValueOption(
        "--format", "bmf|github-action-benchmark|gab|benchfmt", "the format (required)",
        { text, option throws(OptionValueError) in
            guard let format = ResultsExport.Format(name: text) else {
                throw OptionValueError(
                    "invalid value '\(text)' for \(option): expected one of "
                        + ResultsExport.Format.names)
            }
            return format
        })
    static let out = ValueOption("--out", "FILE", "write to FILE instead of standard output")
    static let thresholds = ValueOption(
        "--thresholds", "FILE", "the gate's thresholds file: which counters are exact")
    static let options: [any CommandOption] = [format, out, thresholds]

    let source: String
    let exportFormat: ResultsExport.Format
    let output: String?
    let thresholdsPath: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw Self.usageError("export needs one results file")
        }
        source = arguments.positionals[0]
        guard let format = try arguments.value(Self.format) else {
            throw Self.usageError("export needs --format bmf, github-action-benchmark or benchfmt")
        }
        exportFormat = format
        output = try arguments.value(Self.out)
        thresholdsPath = try arguments.value(Self.thresholds)
    }

    /// The file's text and what it leaves out (one line each): what `bench export`
    /// writes, and `bench run --export` after a run.
    static func render(
        _ results: RunResults, thresholds: GateThresholds, format: ResultsExport.Format
    ) -> (text: String, notes: [String]) {
        let export = ResultsExport(results, thresholds: thresholds)
        return (export.text(format), export.skipped(in: format))
    }

    func run(console: Console) -> ExitCode {
        do {
            let path = RunResults.file(at: source)
            let thresholds =
                try thresholdsPath.map { try GateThresholds.read(from: URL(fileURLWithPath: $0)) }
                ?? GateThresholds()
            let (text, notes) = Self.render(
                try RunResults.read(from: URL(fileURLWithPath: path)), thresholds: thresholds,
                format: exportFormat)
            for line in notes { console.err("note: \(line)") }
            if let output {
                try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: output))
                console.err("export: \(output) (\(exportFormat.rawValue) from \(path))")
            } else {
                for line in text.split(separator: "\n") { console.out(String(line)) }
            }
            return .success
        } catch {
            return console.failure(error, .usage)
        }
    }
}
