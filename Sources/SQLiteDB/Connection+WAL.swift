import CSQLite

extension Connection {
    /// The WAL counters since the connection opened (``WALStatus``); all zero for a
    /// connection that is not in WAL mode.
    ///
    /// They stop if `PRAGMA wal_autocheckpoint` is run after the connection opened
    /// (SQLite then installs its own hook in place of the counting one); set it with
    /// ``Configuration/pragmas`` instead. Cost: a copy of four integers, no I/O.
    /// - Throws: ``SQLiteError`` `SQLITE_MISUSE` after ``close()``.
    public func walStatus() throws -> WALStatus {
        guard !isClosed else { throw SQLiteError.closed(sql: nil) }
        return walCounter.status
    }

    /// Replaces SQLite's automatic-checkpoint hook with one that does the same (a
    /// passive checkpoint once the log holds `wal_autocheckpoint` frames or more) and
    /// counts commits and checkpoints. Run after the configuration pragmas, so a
    /// threshold set there is kept.
    func installWALCounter() {
        walCounter.threshold = autocheckpointThreshold()
        let context = Unmanaged.passUnretained(walCounter).toOpaque()
        sqlite3_wal_hook(handle, walHook, context)
    }

    /// `PRAGMA wal_autocheckpoint`, read without tracing (it is the engine's business,
    /// not the workload's statements); SQLite's default, 1000, if it cannot be read.
    private func autocheckpointThreshold() -> Int32 {
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v2(handle, "PRAGMA wal_autocheckpoint", -1, &statement, nil)
                == SQLITE_OK
        else { return 1000 }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return 1000 }
        return Int32(clamping: sqlite3_column_int64(statement, 0))
    }
}

/// The counts behind ``Connection/walStatus()``; owned by the connection, which
/// outlives every call of its hook. Touched only by the connection's thread (the hook
/// runs inside a commit on it).
final class WALCounter {
    var status = WALStatus(commits: 0, checkpoints: 0, checkpointedFrames: 0, framesInLog: 0)
    /// `wal_autocheckpoint`; 0 or less disables automatic checkpoints.
    var threshold: Int32 = 1000
}

/// `sqlite3_wal_hook`'s callback: count the commit, then checkpoint as SQLite's default
/// hook does, ignoring the checkpoint's result (a blocked checkpoint is retried after a
/// later commit; the commit itself has succeeded).
private func walHook(
    context: UnsafeMutableRawPointer?, database: OpaquePointer?, schema: UnsafePointer<CChar>?,
    frames: Int32
) -> Int32 {
    guard let context else { return SQLITE_OK }
    let counter = Unmanaged<WALCounter>.fromOpaque(context).takeUnretainedValue()
    counter.status.commits += 1
    counter.status.framesInLog = Int64(frames)
    guard counter.threshold > 0, frames >= counter.threshold else { return SQLITE_OK }
    var logFrames: Int32 = 0
    var copied: Int32 = 0
    sqlite3_wal_checkpoint_v2(database, schema, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied)
    counter.status.checkpoints += 1
    counter.status.checkpointedFrames += Int64(max(copied, 0))
    return SQLITE_OK
}
