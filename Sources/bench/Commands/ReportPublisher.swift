import BenchKit
import BenchReports
import Foundation

/// Writes a run's reports into a fresh run directory and points `latest` at it.
///
/// Shared by `bench run` and `bench merge`.
struct ReportPublisher {
    let root: String
    let formats: [ReportFormat]

    /// Creates `<root>/<runID>/`, writes every format, updates `<root>/latest`.
    /// - Returns: The run directory.
    /// - Throws: File system errors.
    func publish(_ results: RunResults) throws -> URL {
        let reports = ReportDirectory(root: URL(fileURLWithPath: root))
        let directory = try reports.create(label: results.label, date: results.startedAt)
        for format in formats {
            _ = try format.writer.write(results, to: directory)
        }
        try reports.updateLatest(to: directory)
        return directory
    }
}
