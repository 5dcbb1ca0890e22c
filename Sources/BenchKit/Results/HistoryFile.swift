import DurableFiles
import Foundation

/// A history of runs without a server: NDJSON, one ``HistoryRecord`` a line, oldest
/// first, small enough to commit or cache between CI runs.
///
/// Appending rewrites the file through ``AtomicFile`` (a temporary file renamed into
/// place), so an interrupted append leaves the old history whole, under an exclusive
/// ``FileLock`` on `.<name>.lock` beside it, so concurrent appends (parallel CI jobs)
/// each add their line instead of overwriting one another's. Cost: reading and
/// writing the whole file per append (about 1 KB a case a run).
public enum HistoryFile {
    /// Appends `record` to the file at `url`, creating it when missing; waits while
    /// another process appends to the same file.
    /// - Throws: ``ResultsFileError`` when the existing file is not a history;
    ///   ``FileWriteError`` when it (or its lock file) cannot be written.
    public static func append(_ record: HistoryRecord, to url: URL) throws {
        let lock = try FileLock(path: lockPath(for: url))
        defer { lock.release() }
        let existing = FileManager.default.fileExists(atPath: url.path)
        if existing { _ = try read(from: url) }
        var data = existing ? try Data(contentsOf: url) : Data()
        if let last = data.last, last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
        data.append(try encoder.encode(record))
        data.append(UInt8(ascii: "\n"))
        try AtomicFile.write(data, to: url)
    }

    /// The lock file that serializes appends to `url`: `.<name>.lock` in its directory.
    static func lockPath(for url: URL) -> String {
        url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).lock"
        ).path
    }

    /// The records of the file at `url`, oldest first; records of another schema
    /// version are skipped.
    /// - Throws: ``ResultsFileError`` naming the file, the line and the JSON path of
    ///   the first bad record; a Foundation error when the file cannot be read.
    public static func read(from url: URL) throws -> [HistoryRecord] {
        let data = try Data(contentsOf: url)
        var records: [HistoryRecord] = []
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let bytes = Data(line)
            guard !bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") })
            else { continue }
            let record: HistoryRecord
            do {
                record = try decoder.decode(HistoryRecord.self, from: bytes)
            } catch let error as DecodingError {
                throw ResultsFileError(
                    path: url.path,
                    reason: "line \(index + 1): \(JSONFile.describe(error, in: bytes))")
            }
            if record.schemaVersion == HistoryRecord.currentSchemaVersion {
                records.append(record)
            }
        }
        return records
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
