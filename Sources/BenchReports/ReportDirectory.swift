import Foundation

/// Creates `Reports/<timestamp>-<label>/` for a run and points `Reports/latest` at it.
///
/// The timestamp is UTC, `yyyyMMdd-HHmmss`, so directories sort by time. `latest` is
/// a relative symbolic link, replaced atomically (made under a temporary name, then
/// renamed over the old one). Cost: a few file system calls.
public struct ReportDirectory: Sendable {
    /// The directory holding all runs, such as `Reports`.
    public let root: URL

    /// Makes a handle on `root`; nothing is created until ``create(label:date:)``.
    public init(root: URL) {
        self.root = root
    }

    /// The directory name for a run: `<timestamp>-<label>`.
    public static func name(label: String, date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let safe = label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }
        return formatter.string(from: date) + "-" + String(safe)
    }

    /// Creates the run directory (adding `-2`, `-3` ... if the name is taken).
    /// - Throws: File system errors.
    public func create(label: String, date: Date) throws -> URL {
        let base = Self.name(label: label, date: date)
        var url = root.appendingPathComponent(base)
        var attempt = 1
        while FileManager.default.fileExists(atPath: url.path) {
            attempt += 1
            url = root.appendingPathComponent("\(base)-\(attempt)")
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Points `root/latest` at `directory` (which must be inside `root`).
    /// - Throws: File system errors.
    public func updateLatest(to directory: URL) throws {
        let manager = FileManager.default
        let latest = root.appendingPathComponent("latest")
        let temporary = root.appendingPathComponent(".latest-\(UUID().uuidString)")
        try manager.createSymbolicLink(
            atPath: temporary.path, withDestinationPath: directory.lastPathComponent)
        guard rename(temporary.path, latest.path) == 0 else {
            try? manager.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: latest.path])
        }
    }
}
