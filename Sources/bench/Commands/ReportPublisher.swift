import BenchKit
import BenchReports
import Foundation

/// Writes a run's reports and SQL logs into a fresh run directory and points `latest`
/// at it.
///
/// Shared by `bench run` (logs from memory) and `bench merge` (logs copied from the
/// run directories it read).
struct ReportPublisher {
    let root: String
    let formats: [ReportFormat]

    /// Creates `<root>/<runID>/`, writes the SQL logs (``SQLLogFiles``) and every
    /// format, updates `<root>/latest`.
    /// - Parameter logSources: Run directories whose `sql/` files to copy as well.
    /// - Returns: The run directory.
    /// - Throws: File system errors.
    func publish(_ results: RunResults, logSources: [URL] = []) throws -> URL {
        let reports = ReportDirectory(root: URL(fileURLWithPath: root))
        let directory = try reports.create(label: results.label, date: results.startedAt)
        _ = try SQLLogFiles.write(results, to: directory)
        for source in logSources {
            _ = try SQLLogFiles.copy(results, from: source, to: directory)
        }
        for format in formats {
            _ = try format.writer.write(results, to: directory)
        }
        try reports.updateLatest(to: directory)
        return directory
    }
}
