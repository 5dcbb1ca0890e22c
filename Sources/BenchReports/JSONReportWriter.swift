import BenchKit
import DurableFiles
import Foundation

/// Writes `results.json`, the complete record, and beside it `findings.json`, the
/// run's findings (``FindingsDocument``, the schema `bench explain-log` writes too);
/// schemas in docs/RESULTS.md and docs/FINDINGS.md.
///
/// Cost: encodes every raw sample (about 30 bytes per sample), then one pass of
/// ``RunFindings`` over the traces.
public struct JSONReportWriter: ReportWriter {
    /// Makes the writer.
    public init() {}

    /// ``ReportFormat/json``.
    public var format: ReportFormat { .json }

    /// Writes `results.json`, then `findings.json`.
    public func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        let url = directory.appendingPathComponent("results.json")
        try AtomicFile.write(results.jsonData(), to: url)
        let findings = directory.appendingPathComponent(Self.findingsFile)
        try AtomicFile.write(FindingsDocument(run: results).encoded(), to: findings)
        return [url, findings]
    }

    /// `findings.json`.
    public static let findingsFile = "findings.json"
}
