import CSQLite

extension Connection {
    /// Copies this whole database into `destination` with SQLite's online backup,
    /// replacing what the destination held.
    ///
    /// The lab copies a cached dataset this way before every mutating iteration: it is a
    /// page copy, far faster than re-running inserts. A destination in WAL mode gets
    /// every page as a WAL frame, so the copy ends with a passive checkpoint: without it
    /// the next commit on the destination would checkpoint (and fsync) the whole
    /// database, charging the copy to whatever write came next (measured on a 131 MB
    /// dataset: a batch delete took 1.00 s instead of 0.55 s).
    ///
    /// Cost: reads every page once and writes it twice (WAL, then database file), with
    /// the checkpoint's fsync.
    ///
    /// - Parameter pagesPerStep: pages copied per step; -1 copies everything in one step.
    /// - Throws: ``SQLiteError`` (for example `SQLITE_BUSY` when the destination is in use).
    /// - Related: https://www.sqlite.org/backup.html
    public func backup(to destination: Connection, pagesPerStep: Int32 = -1) throws {
        try ensureOpen(sql: nil)
        try destination.ensureOpen(sql: nil)
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(code: sqlite3_extended_errcode(destination.handle), sql: nil)
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, pagesPerStep)
        } while code == SQLITE_OK
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            throw destination.error(code: code == SQLITE_DONE ? finish : code, sql: nil)
        }
        // A passive checkpoint never waits for readers; frames it cannot copy now stay
        // in the WAL, as they would have without it.
        let checkpoint = sqlite3_wal_checkpoint_v2(
            destination.handle, "main", SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        guard checkpoint == SQLITE_OK else {
            throw destination.error(code: checkpoint, sql: nil)
        }
    }

    /// Copies the database file at `source` to `destination` (created or replaced),
    /// consistently even while other connections use the source.
    public static func copyDatabase(from source: String, to destination: String)
        throws
    {
        var readOnly = Configuration()
        readOnly.openMode = .readOnly
        let from = try Connection(location: .file(source), configuration: readOnly)
        let to = try Connection(location: .file(destination))
        try from.backup(to: to)
        try to.close()
        try from.close()
    }
}
