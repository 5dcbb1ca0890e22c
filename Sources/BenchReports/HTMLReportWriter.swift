import BenchKit
import DurableFiles
import Foundation

/// Writes `index.html`: the report people read, one self-contained file.
///
/// Header with the run's facts and a summary of the findings, failures and
/// regressions, N+1 findings, then per scenario the verdicts, charts, a table of every
/// metric and the SQL panels. Everything from the results is HTML-escaped (``HTML``).
/// Cost: string building; a few hundred KB for a run with SQL traces.
public struct HTMLReportWriter: ReportWriter {
    /// Runs from a history file (`bench report --history`), drawn as trend charts.
    public var history: [HistoryRecord]

    /// Makes the writer; with `history`, the page ends with its trend charts.
    public init(history: [HistoryRecord] = []) {
        self.history = history
    }

    /// ``ReportFormat/html``.
    public var format: ReportFormat { .html }

    /// Writes `index.html`.
    public func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        let url = directory.appendingPathComponent("index.html")
        try AtomicFile.write(render(results), to: url)
        return [url]
    }

    /// The page's text.
    public func render(_ results: RunResults) -> String {
        HTMLPage(results: results, history: history).html.description
    }
}
