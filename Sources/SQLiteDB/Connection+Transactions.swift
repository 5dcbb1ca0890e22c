import CSQLite

/// How a transaction takes its locks.
///
/// Related: https://www.sqlite.org/lang_transaction.html
public enum TransactionKind: String, Hashable, Sendable {
    /// Locks are taken on first read or write.
    case deferred = "DEFERRED"
    /// The write lock is taken at BEGIN: the usual choice for a write transaction.
    case immediate = "IMMEDIATE"
    /// As immediate; in WAL mode the two are the same. Core Data's saves use it.
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws
    /// (then rethrows the error unchanged).
    ///
    /// Emits `begin` and `commit` or `rollback` trace events rather than statement
    /// events. Cost: two extra statements, and the fsync of the commit.
    ///
    /// - Throws: what `body` throws, or ``SQLiteError`` from BEGIN or COMMIT.
    @discardableResult
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T)
        throws -> T
    {
        try begin(kind)
        let result: T
        do {
            result = try body()
            try commit()
        } catch {
            if isInTransaction { try? rollback() }
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to (and
    /// released) when it throws. Savepoints nest, inside or outside a transaction.
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "faultline_savepoint_\(savepointDepth)"
        try execute(script: "SAVEPOINT \(name)")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute(script: "ROLLBACK TO \(name); RELEASE \(name)")
            throw error
        }
        try execute(script: "RELEASE \(name)")
        return result
    }

    /// Opens a transaction. Prefer ``transaction(_:_:)``, which cannot leave one open.
    public func begin(_ kind: TransactionKind = .deferred) throws {
        let start = isTracing ? MonotonicClock.now() : 0
        try control("BEGIN \(kind.rawValue) TRANSACTION")
        if isTracing {
            emit(
                .begin(
                    connectionID: id, kind: kind,
                    durationNanoseconds: MonotonicClock.now() &- start))
        }
    }

    /// Commits the open transaction, after ``beforeCommittingWrite`` when the
    /// transaction holds the write lock.
    ///
    /// - Throws: ``SQLiteError``, or what ``beforeCommittingWrite`` throws; the
    ///   transaction is then still open (``transaction(_:_:)`` rolls it back).
    public func commit() throws {
        if let beforeCommittingWrite, hasWriteTransaction { try beforeCommittingWrite(self) }
        let start = isTracing ? MonotonicClock.now() : 0
        try control("COMMIT TRANSACTION")
        if isTracing {
            emit(.commit(connectionID: id, durationNanoseconds: MonotonicClock.now() &- start))
        }
    }

    /// Rolls the open transaction back.
    public func rollback() throws {
        let start = isTracing ? MonotonicClock.now() : 0
        try control("ROLLBACK TRANSACTION")
        if isTracing {
            emit(.rollback(connectionID: id, durationNanoseconds: MonotonicClock.now() &- start))
        }
    }

    /// Whether a transaction is open and holds the write lock (`SQLITE_TXN_WRITE`):
    /// a deferred one that wrote, or an IMMEDIATE or EXCLUSIVE one.
    public var hasWriteTransaction: Bool {
        !isClosed && sqlite3_txn_state(handle, nil) == SQLITE_TXN_WRITE
    }

    /// Runs a transaction-control statement without a statement event.
    private func control(_ text: String) throws {
        try ensureOpen(sql: text)
        let code = sqlite3_exec(handle, text, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code: code, sql: text) }
    }
}
