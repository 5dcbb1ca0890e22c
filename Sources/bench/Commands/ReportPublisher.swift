import BenchKit
import BenchReports
import DurableFiles
import Foundation

/// Writes a run's reports and SQL logs into a fresh run directory, published by
/// rename, and points `latest` at it (``ReportDirectory``).
///
/// Shared by `bench run` (logs from memory), `bench merge` (logs copied from the run
/// directories it read) and `bench compare`. `results.json` is written first, so the
/// record survives whichever later file fails; the run ID becomes the directory's
/// name, unique in the root.
struct ReportPublisher {
    let root: String
    let formats: [ReportFormat]

    /// Checks `--out` before any case runs.
    /// - Throws: ``UsageError`` saying why `root` cannot hold run directories.
    static func checkRoot(_ root: String, usage: String) throws(UsageError) {
        do throws(FileWriteError) {
            try ReportDirectory(root: URL(fileURLWithPath: root)).checkWritable()
        } catch {
            if error.code == EEXIST, error.path.hasSuffix("/latest") {
                throw UsageError(
                    message:
                        "--out \(root): \(error.path) is not the symbolic link bench keeps "
                        + "there (it points latest at the newest run), so it would be "
                        + "replaced; move it away or give another directory", usage: usage)
            }
            throw UsageError(
                message:
                    "--out \(root) cannot hold run directories: \(error.reason); "
                    + "give a writable directory", usage: usage)
        }
    }

    /// Publishes `results` (with its run ID set to the directory's name).
    /// - Parameters:
    ///   - logSources: Run directories whose `sql/` files to copy as well.
    ///   - extraFiles: Further files to write into the directory before it is
    ///     published: each file's name and its bytes, made from the results as written.
    /// - Returns: The run directory and the results as written.
    /// - Throws: ``FileWriteError`` and the writers' errors; nothing is published then.
    func publish(
        _ results: RunResults, logSources: [URL] = [],
        extraFiles: (RunResults) -> [(name: String, data: Data)] = { _ in [] }
    ) throws -> (directory: URL, results: RunResults) {
        var written = results
        let reports = ReportDirectory(root: URL(fileURLWithPath: root))
        let directory = try reports.publish(label: results.label, date: results.startedAt) {
            directory, name in
            written.runID = name
            if formats.contains(.json) { _ = try JSONReportWriter().write(written, to: directory) }
            _ = try SQLLogFiles.write(written, to: directory)
            for source in logSources {
                _ = try SQLLogFiles.copy(written, from: source, to: directory)
            }
            for format in formats where format != .json {
                _ = try format.writer.write(written, to: directory)
            }
            for file in extraFiles(written) {
                try AtomicFile.write(file.data, to: directory.appendingPathComponent(file.name))
            }
        }
        return (directory, written)
    }

    /// Saves `results` as `bench-results-<runID>.json` in the temporary directory,
    /// for when the report could not be written, and says where.
    /// - Returns: The line to print.
    static func rescue(_ results: RunResults, after error: any Error) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-results-\(results.runID).json")
        let failure = "error: cannot write the report: \(ErrorText.describe(error))"
        do {
            try AtomicFile.write(results.jsonData(), to: file)
            return failure
                + "; the results are saved in \(file.path) (render them with 'bench report "
                + "\(file.path) --out DIR')"
        } catch {
            return failure
                + "; saving the results elsewhere failed too: \(ErrorText.describe(error))"
        }
    }
}
