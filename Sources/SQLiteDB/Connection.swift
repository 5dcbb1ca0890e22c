import CSQLite
import Synchronization

/// One SQLite database connection: open, configure, prepare, run, trace, close.
///
/// A connection belongs to one thread or serial queue at a time (it is opened with
/// `SQLITE_OPEN_NOMUTEX`); the engine's store coordinator owns one per store.
///
/// ```swift
/// let connection = try Connection(location: .file("/tmp/app.sqlite"))
/// try connection.execute("CREATE TABLE ZUSER (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR)")
/// try connection.execute("INSERT INTO ZUSER (ZNAME) VALUES (\("Alice"))")
/// let names = try connection.fetchAll("SELECT ZNAME FROM ZUSER") { $0.string(at: 0) }
/// ```
///
/// Related: https://www.sqlite.org/c3ref/sqlite3.html
public final class Connection {
    /// A process-unique number that trace events carry.
    public let id: Int
    /// Where the database lives.
    public let location: Location
    /// The options it was opened with.
    public let configuration: Configuration
    /// Whether ``close()`` has succeeded; a closed connection refuses all work.
    public private(set) var isClosed = false

    let handle: OpaquePointer
    var traceSinks: [any TraceSink] = []
    /// Cached `!traceSinks.isEmpty`: the one branch untraced statements pay.
    private(set) var isTracing = false
    /// Whether some sink reads durations (``TraceSink/wantsDurations``): without one,
    /// tracing reads no clock.
    private(set) var isTimingStatements = false
    /// Whether some sink wants statement events (``TraceSink/wantsStatementEvents``):
    /// without one, a finished statement is only counted.
    private(set) var buildsStatementEvents = false
    /// ``isTracing`` and ``isTimingStatements`` again, shared with every statement this
    /// connection prepares, which reads them on each step.
    let traceFlags = TraceFlags()
    /// The statements this connection keeps prepared; see ``StatementCache``.
    public private(set) lazy var statementCache = StatementCache(connection: self)
    var savepointDepth = 0
    /// The WAL hook's counts (``walStatus()``).
    let walCounter = WALCounter()
    /// Runs inside ``commit()`` just before `COMMIT`, only when the transaction holds
    /// the write lock (`sqlite3_txn_state` is `SQLITE_TXN_WRITE`: a deferred transaction
    /// that wrote, or any IMMEDIATE or EXCLUSIVE one, which takes the lock at BEGIN,
    /// written or not): what it throws fails the commit, so
    /// ``transaction(_:_:)`` rolls back. A store that keeps a copy of the database
    /// elsewhere (ObjectGraph's binary store writes its file) writes it here, so the copy
    /// and the database commit together or not at all.
    ///
    /// Cost when nil: one branch per commit. Writes outside a transaction (autocommit
    /// statements, a RELEASE that ends an outermost savepoint) do not run it.
    public var beforeCommittingWrite: ((Connection) throws -> Void)?

    private static let nextID = Atomic<Int>(1)

    /// Opens (and, by default, creates) a database and applies the configuration.
    ///
    /// - Parameters:
    ///   - location: a file, an in-memory database, or a private temporary file.
    ///   - configuration: open mode, busy timeout, journal mode and pragmas.
    ///   - traceSinks: sinks attached before the first statement, so they see the
    ///     `open` event and the configuration pragmas.
    /// - Throws: ``SQLiteError`` (`SQLITE_CANTOPEN`, `SQLITE_NOTADB`, …) naming the path.
    public init(
        location: Location = .memory, configuration: Configuration = Configuration(),
        traceSinks: [any TraceSink] = []
    ) throws {
        self.id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.location = location
        self.configuration = configuration
        self.handle = try Self.open(location.path, flags: configuration.openFlags)
        self.traceSinks = traceSinks
        self.isTracing = !traceSinks.isEmpty
        self.isTimingStatements = traceSinks.contains { $0.wantsDurations }
        self.buildsStatementEvents = traceSinks.contains { $0.wantsStatementEvents }
        refreshTraceFlags()
        emit(.open(connectionID: id, path: location.path))
        do {
            try configure()
        } catch {
            statementCache.removeAll()
            sqlite3_close_v2(handle)
            isClosed = true
            throw error
        }
    }

    deinit {
        traceFlags.bits |= TraceFlags.connectionGone
        if !isClosed {
            statementCache.removeAll()
            sqlite3_close_v2(handle)
        }
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard let pointer else {
            throw SQLiteError(code: .SQLITE_NOMEM, message: "cannot allocate a connection")
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(pointer))
            sqlite3_close_v2(pointer)
            throw SQLiteError(
                code: ResultCode(rawValue: code), message: "\(message): \(path)")
        }
        sqlite3_extended_result_codes(pointer, 1)
        return pointer
    }

    private func configure() throws {
        sqlite3_busy_timeout(handle, Int32(clamping: configuration.busyTimeoutMilliseconds))
        try IntegerListModule.register(on: self)
        // Touch the file so a non-database file fails here, not on first use.
        try execute(script: "SELECT count(*) FROM sqlite_schema")
        for pragma in try configuration.pragmas(for: location) {
            try execute(script: pragma)
        }
        installWALCounter()
    }

    // MARK: - Closing

    /// Closes the connection after finalizing the cached statements.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_BUSY` listing the SQL of statements that are
    ///   still alive elsewhere; the connection then stays open and usable.
    public func close() throws {
        guard !isClosed else { return }
        statementCache.removeAll()
        let code = sqlite3_close(handle)
        guard code == SQLITE_OK else {
            let open = unfinalizedStatements()
            throw SQLiteError(
                code: ResultCode(rawValue: code),
                message: "cannot close: \(open.count) unfinalized statement(s): "
                    + open.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        isClosed = true
        emit(.close(connectionID: id))
    }

    /// The SQL of every statement not yet finalized (`sqlite3_next_stmt`), cached ones
    /// included; tests assert it is empty before closing.
    package func unfinalizedStatements() -> [String] {
        var result: [String] = []
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            result.append(sqlite3_sql(current).map { String(cString: $0) } ?? "")
            statement = sqlite3_next_stmt(handle, current)
        }
        return result
    }

    // MARK: - Errors

    /// The error for result `code`, with the connection's message and error offset.
    func error(code: Int32, sql: String?, arguments: [SQLArgument] = []) -> SQLiteError {
        let resultCode = ResultCode(rawValue: code)
        var message = String(cString: sqlite3_errmsg(handle))
        if resultCode.primary == .SQLITE_BUSY {
            message +=
                " (gave up after the busy timeout of "
                + "\(configuration.effectiveBusyTimeoutMilliseconds) ms; another connection "
                + "holds the lock: let it finish, or raise the busy timeout)"
        }
        let offset = sqlite3_error_offset(handle)
        return SQLiteError(
            code: resultCode, message: message, sql: sql,
            offset: offset >= 0 ? Int(offset) : nil, arguments: arguments)
    }

    func ensureOpen(sql: String?) throws {
        if isClosed { throw SQLiteError.closed(sql: sql) }
    }

    // MARK: - Tracing

    /// Attaches a sink that receives every event of this connection from now on.
    public func addTraceSink(_ sink: any TraceSink) {
        traceSinks.append(sink)
        isTracing = true
        isTimingStatements = traceSinks.contains { $0.wantsDurations }
        buildsStatementEvents = traceSinks.contains { $0.wantsStatementEvents }
        refreshTraceFlags()
    }

    /// Detaches a sink added with ``addTraceSink(_:)``.
    public func removeTraceSink(_ sink: any TraceSink) {
        traceSinks.removeAll { $0 === sink }
        isTracing = !traceSinks.isEmpty
        isTimingStatements = traceSinks.contains { $0.wantsDurations }
        buildsStatementEvents = traceSinks.contains { $0.wantsStatementEvents }
        refreshTraceFlags()
    }

    private func refreshTraceFlags() {
        traceFlags.bits =
            (isTracing ? TraceFlags.tracing : 0) | (isTimingStatements ? TraceFlags.timing : 0)
    }

    func emit(_ event: TraceEvent) {
        for sink in traceSinks { sink.receive(event) }
    }

    /// Hands a finished statement's counts to every sink, when none wants its event.
    func count(
        _ statement: Statement, rowsReturned: Int, rowsChanged: Int, status: StatementStatus
    ) {
        for sink in traceSinks {
            sink.countStatement(
                statement, rowsReturned: rowsReturned, rowsChanged: rowsChanged, status: status)
        }
    }
}

@available(*, unavailable, message: "a connection is confined to one thread or serial queue")
extension Connection: Sendable {}

/// What a statement's step needs to know of its connection, in a box the connection and
/// its statements share: read through the statement's strong reference, it costs two
/// loads, where the statement's `unowned` connection reference costs a retain and a
/// release (about 40 instructions) on every row.
final class TraceFlags {
    /// A trace sink is attached (``Connection/isTracing``).
    static let tracing: UInt8 = 1
    /// A sink reads durations (``Connection/isTimingStatements``).
    static let timing: UInt8 = 2
    /// The connection is gone: a statement used after it traps.
    static let connectionGone: UInt8 = 4

    /// Zero while untraced and alive: the one branch an untraced step pays.
    var bits: UInt8 = 0
}
