import BenchKit
import BenchReports
import DurableFiles
import Foundation

/// One `bench run --export FORMAT[=FILE]`: after the run, the results in a benchmark
/// service's format, written as `bench export` writes them (``ExportCommand/render(_:thresholds:format:)``).
struct ExportTarget: Equatable, Sendable {
    /// The format.
    let format: ResultsExport.Format
    /// The file given after `=`; nil writes ``defaultFileName`` in the run directory.
    let file: String?

    /// The file's name in the run directory when no file is given:
    /// `export.bmf.json`, `export.github-action-benchmark.json`, `export.benchfmt.txt`.
    var defaultFileName: String { Self.defaultFileName(format) }

    /// ``defaultFileName`` of `format`.
    static func defaultFileName(_ format: ResultsExport.Format) -> String {
        switch format {
        case .bmf: "export.bmf.json"
        case .githubActionBenchmark: "export.github-action-benchmark.json"
        case .benchfmt: "export.benchfmt.txt"
        }
    }

    /// Reads `FORMAT` or `FORMAT=FILE`.
    /// - Throws: ``OptionValueError`` for an unknown format or an empty file name.
    static func parse(_ text: String, _ option: String) throws(OptionValueError) -> ExportTarget {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let format = ResultsExport.Format(name: name) else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): unknown format '\(name)'; give FORMAT "
                    + "or FORMAT=FILE with FORMAT one of \(ResultsExport.Format.names)")
        }
        guard parts.count == 2 else { return ExportTarget(format: format, file: nil) }
        guard !parts[1].isEmpty else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): the file name after '=' is empty; give "
                    + "\(name)=FILE, or \(name) alone for \(defaultFileName(format)) in the run "
                    + "directory")
        }
        return ExportTarget(format: format, file: String(parts[1]))
    }

    /// Checks the `--export` values together: each format once, each file once.
    /// - Throws: ``OptionValueError`` naming the repeated format or file.
    static func checkDistinct(_ targets: [ExportTarget], option: String)
        throws(OptionValueError)
    {
        for (offset, target) in targets.enumerated() {
            let earlier = targets[..<offset]
            if earlier.contains(where: { $0.format == target.format }) {
                throw OptionValueError(
                    "\(option) \(target.format.rawValue) is given twice: one file per format; "
                        + "keep one (bench export RESULTS --format \(target.format.rawValue) "
                        + "--out FILE writes another copy afterwards)")
            }
            if let file = target.file, earlier.contains(where: { $0.file == file }) {
                throw OptionValueError(
                    "\(option): two formats would write \(file); give each its own file")
            }
        }
    }

    /// Checks, before the run, that an explicit file can be written: its directory
    /// exists and is writable, and the file is not a directory.
    /// - Returns: What is wrong, naming the option; nil when the file can be written.
    func problem(option: String) -> String? {
        guard let file else { return nil }
        let url = URL(fileURLWithPath: file)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        let value = "\(option) \(format.rawValue)=\(file)"
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            return "\(value): \(file) is a directory; give a file name"
        }
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            return "\(value): the directory \(directory) does not exist; create it or give "
                + "another file"
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            return "\(value): the directory \(directory) is not writable; give another file"
        }
        return nil
    }
}
