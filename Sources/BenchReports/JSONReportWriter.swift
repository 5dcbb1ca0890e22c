import BenchKit
import DurableFiles
import Foundation

/// Writes `results.json`: the complete record, schema in docs/RESULTS.md.
///
/// Cost: encodes every raw sample; about 30 bytes per sample.
public struct JSONReportWriter: ReportWriter {
    /// Makes the writer.
    public init() {}

    /// ``ReportFormat/json``.
    public var format: ReportFormat { .json }

    /// Writes `results.json`.
    public func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        let url = directory.appendingPathComponent("results.json")
        try AtomicFile.write(results.jsonData(), to: url)
        return [url]
    }
}
