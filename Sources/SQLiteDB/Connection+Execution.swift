import CSQLite

extension Connection {
    // MARK: - Preparing

    /// Prepares one statement that you own; it is finalized when released.
    ///
    /// Prefer ``execute(_:)``, the fetch helpers or ``withCachedStatement(_:_:)`` for SQL
    /// that runs more than once: they reuse a cached prepared statement.
    ///
    /// - Throws: ``SQLiteError`` with the error offset for bad SQL, or `SQLITE_MISUSE`
    ///   when the text holds more than one statement.
    public func prepare(_ text: String) throws -> Statement {
        try makeStatement(text, persistent: false)
    }

    func makeStatement(_ text: String, persistent: Bool) throws -> Statement {
        try ensureOpen(sql: text)
        let start = isTimingStatements ? MonotonicClock.now() : 0
        var pointer: OpaquePointer?
        var hasTrailingStatement = false
        let flags = UInt32(persistent ? SQLITE_PREPARE_PERSISTENT : 0)
        let code = text.withCString { cText in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, cText, -1, flags, &pointer, &tail)
            // The tail points into cText, so it is read before cText goes away.
            hasTrailingStatement =
                tail.map { !String(cString: $0).allSatisfy(\.isWhitespace) } ?? false
            return code
        }
        guard code == SQLITE_OK else { throw error(code: code, sql: text) }
        guard let pointer else {
            throw SQLiteError(code: .SQLITE_MISUSE, message: "no statement in the text", sql: text)
        }
        if hasTrailingStatement {
            sqlite3_finalize(pointer)
            throw SQLiteError(
                code: .SQLITE_MISUSE,
                message: "the text holds more than one statement; use execute(script:)",
                sql: text)
        }
        let elapsed = isTimingStatements ? MonotonicClock.now() &- start : 0
        return Statement(handle: pointer, connection: self, sql: text, prepareNanoseconds: elapsed)
    }

    // MARK: - Running

    /// Runs one statement with its bound arguments through the statement cache.
    ///
    /// - Returns: the rows it inserted, updated or deleted.
    @discardableResult
    public func execute(_ sql: SQL) throws -> Int {
        let statement = try checkedOutStatement(for: sql)
        defer { checkIn(statement) }
        return try statement.run()
    }

    /// Runs every statement of a script (DDL, migrations), uncached and without
    /// arguments. Each statement is traced on its own.
    public func execute(script: String) throws {
        try ensureOpen(sql: script)
        var remaining = Substring(script)
        while !remaining.allSatisfy(\.isWhitespace) {
            let (statement, rest) = try prepareFirst(of: remaining)
            remaining = rest
            guard let statement else { continue }
            try statement.run()
        }
    }

    private func prepareFirst(of text: Substring) throws
        -> (Statement?, Substring)
    {
        var utf8 = Array(text.utf8)
        utf8.append(0)
        var pointer: OpaquePointer?
        var consumed = 0
        let code = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, chars.baseAddress, -1, &pointer, &tail)
                consumed = tail.map { $0 - chars.baseAddress! } ?? chars.count - 1
                return code
            }
        }
        let statementText = String(decoding: utf8[..<consumed], as: UTF8.self)
        guard code == SQLITE_OK else { throw error(code: code, sql: statementText) }
        let rest = Substring(String(decoding: utf8[consumed..<(utf8.count - 1)], as: UTF8.self))
        guard let pointer else { return (nil, rest) }
        let trimmed = statementText.trimmingWhitespace()
        return (
            Statement(handle: pointer, connection: self, sql: trimmed, prepareNanoseconds: 0), rest
        )
    }

    /// Runs `body` with the cached statement for `sql`, its arguments bound; resets the
    /// statement and clears its bindings afterwards, even when `body` throws.
    ///
    /// A statement already in use further up the stack (a nested call with the same SQL)
    /// is not shared: a fresh one is prepared for the inner call.
    public func withCachedStatement<T>(_ sql: SQL, _ body: (Statement) throws -> T) throws -> T {
        let statement = try checkedOutStatement(for: sql)
        defer { checkIn(statement) }
        return try body(statement)
    }

    /// ``withCachedStatement(_:_:)`` for SQL its maker keeps and runs with another first
    /// argument each time: `first` is bound in place of `sql`'s first argument
    /// (``Statement/bind(_:first:)``), so no copy of the argument array is made per run.
    ///
    /// Cost: as ``withCachedStatement(_:_:)``, less an allocation and a free.
    package func withCachedStatement<T>(
        _ sql: SQL, first: SQLiteValue, _ body: (Statement) throws -> T
    ) throws -> T {
        let statement = try checkedOutStatement(for: sql, first: first)
        defer { checkIn(statement) }
        return try body(statement)
    }

    private func checkedOutStatement(for sql: SQL, first: SQLiteValue? = nil) throws
        -> Statement
    {
        try ensureOpen(sql: sql.text)
        var statement =
            if let key = sql.statementKey {
                try statementCache.statement(for: sql.text, key: key)
            } else {
                try statementCache.statement(for: sql.text)
            }
        if statement.isCheckedOut {
            statement = try makeStatement(sql.text, persistent: false)
        }
        statement.isCheckedOut = true
        do {
            if let first {
                try statement.bind(sql.arguments, first: first)
            } else {
                try statement.bind(sql.arguments)
            }
        } catch {
            checkIn(statement)
            throw error
        }
        return statement
    }

    private func checkIn(_ statement: Statement) {
        statement.reset()
        statement.clearBindings()
        statement.isCheckedOut = false
    }

    // MARK: - Reading

    /// Every row of a query, each turned into a value by `row`.
    ///
    /// Cost: one execution of a cached statement; `row` runs once per row. Inlinable, so
    /// it is specialized for the caller's `T`: unspecialized, each `append` asked the
    /// runtime for `Array<T>`'s metadata (about 330 instructions a row, a tenth of the
    /// engine's own cost of a fetched row).
    @inlinable
    public func fetchAll<T>(_ sql: SQL, _ row: (Statement) throws -> T) throws -> [T] {
        try withCachedStatement(sql) { statement in
            var result: [T] = []
            while try statement.step() { result.append(try row(statement)) }
            return result
        }
    }

    /// The first row of a query turned into a value, or nil when there is none.
    @inlinable
    public func fetchOne<T>(_ sql: SQL, _ row: (Statement) throws -> T) throws -> T? {
        try withCachedStatement(sql) { statement in
            try statement.step() ? try row(statement) : nil
        }
    }

    /// Calls `body` for each row of a query, without collecting anything.
    @inlinable
    public func forEachRow(_ sql: SQL, _ body: (Statement) throws -> Void) throws {
        try withCachedStatement(sql) { statement in
            while try statement.step() { try body(statement) }
        }
    }

    // MARK: - Connection state

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open (not in autocommit mode).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

extension String {
    func trimmingWhitespace() -> String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<max(start, end)])
    }
}
