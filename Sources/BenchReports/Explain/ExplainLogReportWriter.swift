import BenchKit
import DurableFiles
import Foundation

/// Writes an ``ExplainLogReport`` as `explain.json`, `index.html` and `summary.md`, each
/// to a temporary name renamed into place; or renders one of them.
///
/// Cost: string building; a few hundred KB for a large log.
public struct ExplainLogReportWriter {
    /// Makes the writer.
    public init() {}

    /// Writes the three files into `directory` (created if needed).
    /// - Returns: The files written.
    /// - Throws: File system errors; `EncodingError` never in practice.
    public func write(_ report: ExplainLogReport, to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = directory.appendingPathComponent("explain.json")
        let html = directory.appendingPathComponent("index.html")
        let markdown = directory.appendingPathComponent("summary.md")
        try AtomicFile.write(try report.encoded(), to: json)
        try AtomicFile.write(self.html(report), to: html)
        try AtomicFile.write(self.markdown(report), to: markdown)
        return [json, html, markdown]
    }

    /// The page's text.
    public func html(_ report: ExplainLogReport) -> String {
        ExplainPage(report: report).html.description
    }

    /// The Markdown summary's text.
    public func markdown(_ report: ExplainLogReport) -> String {
        ExplainMarkdown(report: report).text
    }
}
