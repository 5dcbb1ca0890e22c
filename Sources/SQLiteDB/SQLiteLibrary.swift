import CSQLite

/// Facts about the SQLite library this process links.
public enum SQLiteLibrary {
    /// The library's version, such as `3.46.1` (`sqlite3_libversion`): what results
    /// record, so runs on different SQLite builds are told apart.
    ///
    /// Cost: one C call, no I/O.
    ///
    /// Related: https://www.sqlite.org/c3ref/libversion.html
    public static var version: String {
        String(cString: sqlite3_libversion())
    }
}
