import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Names for the private copies benchmark cases and commands make in the temporary
/// directory (case stores, migration stores, explain copies), with the owning
/// process's pid in the name, so a later start can remove what a killed process left.
///
/// A SIGKILLed run cannot remove its copies (hundreds of megabytes at 10k); each copy
/// is named `faultline-<kind>-<pid>-<UUID><suffix>`, and ``removeAbandoned(in:)``
/// removes those whose process no longer runs, as dataset caches sweep their killed
/// generations. Cost: a listing of the temporary directory and one `kill(pid, 0)` per
/// entry.
public enum ScratchFile {
    /// The kinds of copies made, each a name part: `faultline-case-…`.
    public static let kinds = ["case", "copy", "migration", "replay", "writers"]

    /// Copies without a pid, made before pids were added, older than this are removed.
    static let legacyAge: TimeInterval = 24 * 60 * 60

    /// A fresh name in the temporary directory for a copy of `kind` owned by this
    /// process: `faultline-<kind>-<pid>-<UUID><suffix>`.
    public static func url(_ kind: String, suffix: String = "") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "faultline-\(kind)-\(getpid())-\(UUID().uuidString)\(suffix)")
    }

    /// Removes the copies (files or directories, with SQLite's `-wal`, `-shm` and
    /// `-journal` files) of processes that no longer run; copies of live processes stay,
    /// and a pid reused by an unrelated process only postpones the removal.
    /// - Returns: The names removed.
    @discardableResult
    public static func removeAbandoned(
        in directory: URL = FileManager.default.temporaryDirectory
    ) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [String] = []
        for name in names where isAbandoned(name, in: directory) {
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)))
                != nil
            {
                removed.append(name)
            }
        }
        return removed
    }

    private static func isAbandoned(_ name: String, in directory: URL) -> Bool {
        guard let kind = kinds.first(where: { name.hasPrefix("faultline-\($0)-") }) else {
            return false
        }
        let rest = name.dropFirst("faultline-\(kind)-".count)
        let first = rest.prefix { $0 != "-" }
        // `<pid>-<UUID>`: a pid has at most 7 digits (pid_max is at most 4,194,304);
        // a UUID's first group has 8 hex digits.
        if first.count <= 7, let pid = pid_t(first), pid > 0 {
            return kill(pid, 0) != 0 && errno == ESRCH
        }
        let path = directory.appendingPathComponent(name).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else { return false }
        return Date().timeIntervalSince(modified) > legacyAge
    }
}
