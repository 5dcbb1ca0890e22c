import SQLiteDB

/// The file operations the fault-injecting VFS counts and can fail.
package enum IOCall: String, CaseIterable, Sendable, Hashable {
    /// `xRead` on a database, journal or WAL file.
    case read
    /// `xWrite`.
    case write
    /// `xSync` (fsync).
    case sync
    /// `xTruncate`.
    case truncate
    /// `xLock` on the database file and the acquiring `xShmLock` calls of WAL mode.
    case lock
    /// `xFileSize` (fstat).
    case fileSize

    /// The faults this call can suffer on a real system.
    package var faults: [InjectedFault] {
        switch self {
        case .write: [.ioError, .diskFull, .shortWrite]
        case .lock: [.ioError, .busy]
        case .read, .sync, .truncate, .fileSize: [.ioError]
        }
    }

    /// The extended `SQLITE_IOERR_*` code the unix VFS returns when this call fails.
    var ioErrorCode: ResultCode {
        switch self {
        case .read: .SQLITE_IOERR_READ
        case .write: .SQLITE_IOERR_WRITE
        case .sync: .SQLITE_IOERR_FSYNC
        case .truncate: .SQLITE_IOERR_TRUNCATE
        case .lock: .SQLITE_IOERR_LOCK
        case .fileSize: .SQLITE_IOERR_FSTAT
        }
    }
}

/// What an injected fault does to the call it hits.
package enum InjectedFault: String, CaseIterable, Sendable, Hashable {
    /// The call's `SQLITE_IOERR_*` code (`SQLITE_IOERR_WRITE` for a write, …).
    case ioError
    /// `SQLITE_FULL`, with nothing written.
    case diskFull
    /// `SQLITE_BUSY`: another process holds the lock.
    case busy
    /// The first half of the buffer reaches the file, then `SQLITE_FULL` (a disk that
    /// filled up during the write, as the unix VFS reports a short `write(2)`).
    case shortWrite
}

/// Which call to fail and how: the `number`th call of kind `call` (counting from 1,
/// over the files under one directory) gets `fault`; with `isPersistent`, every later
/// call of that kind too (a disk that stays full).
package struct FaultPlan: Sendable, Hashable, CustomStringConvertible {
    package var call: IOCall
    package var number: Int
    package var fault: InjectedFault
    package var isPersistent: Bool

    /// A plan failing the `number`th `call` with `fault`.
    package init(call: IOCall, number: Int, fault: InjectedFault, isPersistent: Bool = false) {
        precondition(number >= 1, "calls are counted from 1")
        precondition(call.faults.contains(fault), "\(call) cannot fail with \(fault)")
        self.call = call
        self.number = number
        self.fault = fault
        self.isPersistent = isPersistent
    }

    /// For example `write #3 shortWrite` or `sync #1+ ioError` (persistent).
    package var description: String {
        "\(call) #\(number)\(isPersistent ? "+" : "") \(fault)"
    }

    /// The result code the faulted call returns.
    var resultCode: ResultCode {
        switch fault {
        case .ioError: call.ioErrorCode
        case .diskFull, .shortWrite: .SQLITE_FULL
        case .busy: .SQLITE_BUSY
        }
    }
}
