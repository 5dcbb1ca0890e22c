import CSQLite
import Foundation

extension Connection {
    /// Opens a private in-memory database holding a copy of `image`, the bytes of a
    /// database file, read-only.
    ///
    /// For checking a file's bytes (`PRAGMA quick_check`) before anything uses them,
    /// and for loading them into another connection with ``backup(to:pagesPerStep:)``.
    /// SQLite does not look at the bytes until the first statement: bytes that are not
    /// a database fail there with `SQLITE_NOTADB`, damaged ones with `SQLITE_CORRUPT`
    /// or in `PRAGMA quick_check`.
    ///
    /// Cost: one copy of `image` (`sqlite3_deserialize` takes ownership of it).
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_NOMEM` when the copy cannot be allocated).
    /// - Related: https://www.sqlite.org/c3ref/deserialize.html
    public convenience init(image: Data) throws {
        try self.init(location: .memory)
        let size = max(image.count, 1)
        guard let buffer = sqlite3_malloc64(UInt64(size)) else {
            throw error(code: SQLITE_NOMEM, sql: nil)
        }
        image.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: image.count)
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
        // sqlite3_deserialize frees the buffer itself when it fails (FREEONCLOSE).
        let code = sqlite3_deserialize(
            handle, "main", buffer, Int64(image.count), Int64(size), flags)
        guard code == SQLITE_OK else { throw error(code: code, sql: nil) }
    }

    /// The main database as the bytes of a database file.
    ///
    /// On a plain in-memory database (``Location/memory``) SQLite reads every page
    /// through the pager, so inside a write transaction the image holds the
    /// transaction's own uncommitted changes: what the database will be once it commits.
    /// (A database made by ``init(image:)`` returns its buffer instead, which lacks
    /// uncommitted pages.) Cost: one copy of the whole database.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_NOMEM` when the copy cannot be allocated).
    /// - Related: https://www.sqlite.org/c3ref/serialize.html
    public func serializedImage() throws -> Data {
        try ensureOpen(sql: nil)
        var size: sqlite3_int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &size, 0) else {
            throw error(code: SQLITE_NOMEM, sql: nil)
        }
        return Data(
            bytesNoCopy: bytes, count: Int(size),
            deallocator: .custom { pointer, _ in
                sqlite3_free(pointer)
            })
    }
}
