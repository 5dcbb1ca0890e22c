import BenchKit
import BenchReports
import DurableFiles
import Foundation

/// `bench report`: re-renders every report format from a results file.
///
/// Reads `results.json` (or a run directory holding one) and writes the formats into
/// `--out` (default: the directory the results file is in), copying the run's `sql/`
/// logs when `--out` is elsewhere. It never runs a benchmark:
/// rendering only reads results, so a report can be redone after a writer improves.
struct ReportCommand: Subcommand {
    static let name = "report"
    static let summary = "Re-render the reports (HTML, Markdown, JUnit, CSV) from results.json"
    static let positionalSynopsis = "RESULTS"
    static let discussion = """
        RESULTS is a results.json file or a run directory holding one. Writes index.html,
        summary.md, junit.xml, results.csv, samples.csv and findings.json (and a
        byte-for-byte copy of results.json and of the run's sql/ logs when --out names
        another directory; results.json itself is never rewritten). Exit codes: 0 success, 2 usage or input
        error (missing file, malformed JSON, other schema version), 1 cannot write.
        """
    static let out = ValueOption(
        "--out", "DIR", "directory to write into (default: the results file's directory)")
    static let history = ValueOption(
        "--history", "FILE", "add trend charts per case from a history file (bench history)")
    static let options: [any CommandOption] = [out, SharedOptions.format, history]

    /// The format names, for help texts.
    static var formatList: String {
        ReportFormat.allCases.map(\.rawValue).joined(separator: ",")
    }

    let input: String
    let output: String?
    let formats: [ReportFormat]
    /// `--history FILE`: trend charts from a history file in `index.html`.
    let history: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw Self.usageError("report needs exactly one results file")
        }
        input = arguments.positionals[0]
        output = try arguments.value(Self.out)
        formats = try SharedOptions.formats(arguments)
        history = try arguments.value(Self.history)
    }

    func run(console: Console) -> ExitCode {
        let file = URL(fileURLWithPath: RunResults.file(at: input))
        let results: RunResults
        let records: [HistoryRecord]
        do {
            results = try RunResults.read(from: file)
            records = try history.map { try HistoryFile.read(from: URL(fileURLWithPath: $0)) } ?? []
        } catch {
            return console.failure(error, .usage)
        }
        let source = file.deletingLastPathComponent()
        let directory = output.map { URL(fileURLWithPath: $0) } ?? source
        do throws(UsageError) {
            if let output { try ReportPublisher.checkRoot(output, usage: Self.usage) }
        } catch {
            return console.usageError(error)
        }
        do {
            let written =
                try copyResults(file, into: directory) + writeFindings(results, into: directory)
                + SQLLogFiles.copy(results, from: source, to: directory)
                + formats.filter { $0 != .json }.flatMap {
                    let writer = $0 == .html ? HTMLReportWriter(history: records) : $0.writer
                    return try writer.write(results, to: directory)
                }
            for url in written { console.out("wrote \(url.path)") }
        } catch {
            console.err("error: cannot write the report: \(ErrorText.describe(error))")
            return .failure
        }
        return .success
    }

    /// `findings.json` is a rendering of `results.json` (``FindingsDocument``), so it is
    /// written again with the json format, by this build's rules.
    private func writeFindings(_ results: RunResults, into directory: URL) throws -> [URL] {
        guard formats.contains(.json) else { return [] }
        let url = directory.appendingPathComponent(JSONReportWriter.findingsFile)
        try AtomicFile.write(FindingsDocument(run: results).encoded(), to: url)
        return [url]
    }

    /// `results.json` is the record, not a rendering: it is never re-encoded (that
    /// would drop fields this build does not know), only copied byte for byte when
    /// `--out` names another directory.
    private func copyResults(_ file: URL, into directory: URL) throws -> [URL] {
        let destination = directory.appendingPathComponent("results.json")
        guard formats.contains(.json),
            destination.standardizedFileURL.resolvingSymlinksInPath()
                != file.standardizedFileURL.resolvingSymlinksInPath()
        else { return [] }
        try AtomicFile.write(Data(contentsOf: file), to: destination)
        return [destination]
    }

}
