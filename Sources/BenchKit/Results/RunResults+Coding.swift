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
}

/// A results, baseline or thresholds file that cannot be read, merged or understood:
/// the file and what is wrong with it, including the JSON coding path or the line,
/// column and byte of a syntax error. The same error ``JSONFile`` throws, so a reader
/// passes it on unchanged.
public typealias ResultsFileError = JSONFileError
