import DurableFiles
import Foundation

extension RunResults {
    /// Pretty-printed JSON with sorted keys and ISO 8601 dates, as `results.json` holds.
    /// - Throws: `EncodingError` (only for non-finite numbers, which probes never make).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a `results.json` file.
    /// - Throws: ``ResultsFileError`` naming the file and, for bad content, the JSON
    ///   coding path or the line, column and byte of a syntax error.
    public static func read(from url: URL) throws -> RunResults {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let results = try JSONFile.read(RunResults.self, from: url, decoder: decoder)
        guard results.schemaVersion == currentSchemaVersion else {
            throw ResultsFileError(
                path: url.path,
                reason:
                    "schemaVersion \(results.schemaVersion); this bench reads "
                    + "\(currentSchemaVersion) (regenerate it with this bench)")
        }
        if let reason = results.countOutOfRange() {
            throw ResultsFileError(path: url.path, reason: reason)
        }
        return results
    }

    /// `path`, or `path/results.json` when `path` is a directory (a run directory).
    ///
    /// Cost: one `stat`.
    public static func file(at path: String) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? "\(path)/results.json" : path
    }

    /// A run's ID and its directory's name: `<UTC yyyyMMdd-HHmmss>-<label>`, the label's
    /// characters other than letters, digits, `-` and `.` replaced by `_`, so IDs sort
    /// by time and name no other directory.
    public static func runID(label: String, date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let safe = label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }
        return formatter.string(from: date) + "-" + String(safe)
    }
}

/// A results, baseline or thresholds file that cannot be read, merged or understood:
/// the file and what is wrong with it, including the JSON coding path or the line,
/// column and byte of a syntax error. The same error ``JSONFile`` throws, so a reader
/// passes it on unchanged.
public typealias ResultsFileError = JSONFileError
