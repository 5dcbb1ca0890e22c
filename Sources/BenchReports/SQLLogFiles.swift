import BenchKit
import DurableFiles
import Foundation

/// The `sql/` folder of a run directory: one level-1 SQL log per traced case, at
/// `sql/<suite>/<scenario>--<configuration>--<size>.log` (size as `10k`, `1m`).
///
/// Not a ``ReportFormat``: the lines live only in memory (``CaseResult/sqlLog``), so
/// only `bench run` can write them; `bench report` and `bench merge` copy the files of
/// the run directories they read. The HTML report links each SQL panel to its file.
/// Cost: one file of at most ``SQLLog/lineLimit`` lines per traced case.
public enum SQLLogFiles {
    /// The folder's name inside a run directory.
    public static let folder = "sql"

    /// The log file of `key`, relative to the run directory, such as
    /// `sql/faulting/posts-with-author--raw--10k.log`. A `/` in a configuration name
    /// becomes `_` so the file stays in its scenario's folder.
    public static func path(for key: CaseKey) -> String {
        "\(folder)/\(key.fileStem).log"
    }

    /// Writes the log of every case that carries one (``CaseResult/sqlLog``).
    /// - Returns: The files written.
    /// - Throws: File system errors.
    public static func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        try results.cases.compactMap { result in
            guard let log = result.sqlLog else { return nil }
            let url = directory.appendingPathComponent(path(for: result.key))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(log.text, to: url)
            return url
        }
    }

    /// Copies the log files of `results`' cases found in `source` (a run directory)
    /// into `directory`, leaving files already there alone; missing ones are skipped.
    /// - Returns: The files copied.
    /// - Throws: File system errors other than a missing source file.
    public static func copy(
        _ results: RunResults, from source: URL, to directory: URL
    ) throws -> [URL] {
        let manager = FileManager.default
        guard source.standardizedFileURL != directory.standardizedFileURL else { return [] }
        return try results.cases.compactMap { result in
            guard result.sqlLogLineCount != nil else { return nil }
            let from = source.appendingPathComponent(path(for: result.key))
            let to = directory.appendingPathComponent(path(for: result.key))
            guard manager.fileExists(atPath: from.path), !manager.fileExists(atPath: to.path)
            else { return nil }
            try manager.createDirectory(
                at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Data(contentsOf: from), to: to)
            return to
        }
    }
}
