import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a cached store file must be before its hash is even read: a regular file
/// (not a directory, not a symbolic link, dangling or not) with no hot journal beside
/// it.
///
/// A `-journal` or `-wal` file means some connection wrote to the store and did not
/// finish; SQLite would roll it back (changing the file) on the next open, so the entry
/// is rebuilt rather than trusted. Readers open cached stores read-only in rollback
/// mode, which creates neither file. Cost: three `lstat` calls.
enum StoreFileCheck {
    /// Throws ``DatasetError/corrupt(path:reason:)`` when `path` cannot be trusted.
    static func check(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw DatasetError.corrupt(path: path, reason: "the store file is missing")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let what =
                kind == S_IFDIR
                ? "a directory" : (kind == S_IFLNK ? "a symbolic link" : "not a regular file")
            throw DatasetError.corrupt(path: path, reason: "the store is \(what)")
        }
        for suffix in ["-journal", "-wal"] where lstat(path + suffix, &status) == 0 {
            throw DatasetError.corrupt(
                path: path + suffix,
                reason: "a hot journal beside the store (a write did not finish)")
        }
    }
}
