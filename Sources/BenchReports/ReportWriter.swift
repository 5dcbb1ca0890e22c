import BenchKit
import Foundation

/// Writes one report format from a run's results into a report directory.
///
/// Each format has its own writer in its own file; `bench run`, `bench merge` and
/// `bench report` pick writers by ``ReportFormat``. Rendering only reads
/// ``RunResults``: it never runs anything. Cost: depends on the format.
public protocol ReportWriter: Sendable {
    /// The format this writer produces.
    var format: ReportFormat { get }
    /// Writes the report files into `directory`.
    /// - Returns: The files written.
    /// - Throws: File system errors.
    func write(_ results: RunResults, to directory: URL) throws -> [URL]
}

/// The report formats `--format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable, Codable {
    /// `results.json`: the complete versioned record.
    case json
    /// `results.csv` (statistics) and `samples.csv` (raw samples), tidy long format.
    case csv
    /// `index.html`: the self-contained page with charts, SQL panels and findings.
    case html
    /// `summary.md`: findings and a table per suite, for CI summaries and PR comments.
    case markdown
    /// `junit.xml`: a test case per benchmark case and per gate.
    case junit

    /// The writer for this format.
    public var writer: any ReportWriter {
        switch self {
        case .json: JSONReportWriter()
        case .csv: CSVReportWriter()
        case .html: HTMLReportWriter()
        case .markdown: MarkdownReportWriter()
        case .junit: JUnitReportWriter()
        }
    }
}
