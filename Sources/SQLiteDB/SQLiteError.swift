/// An error reported by SQLite, with everything needed to see what failed and where.
///
/// `description` is one line: `SQLite error 19 (SQLITE_CONSTRAINT_UNIQUE): UNIQUE
/// constraint failed: ZUSER.ZEMAIL while executing "INSERT …"`. Bound arguments are kept
/// in ``arguments`` but not printed, since they may hold user data; logs at level 3 and
/// up print them.
///
/// Match a family in `catch`:
/// ```swift
/// do { try connection.execute(insert) }
/// catch SQLiteError.SQLITE_CONSTRAINT { /* any constraint failure */ }
/// ```
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code.
    public let code: ResultCode
    /// SQLite's message (`sqlite3_errmsg`), or ours for misuse SQLite cannot see.
    public let message: String
    /// The statement being prepared or run, if any.
    public let sql: String?
    /// The byte offset in ``sql`` where a syntax error was found (`sqlite3_error_offset`).
    public let offset: Int?
    /// The bound arguments at the time of the error.
    public let arguments: [SQLArgument]

    /// Builds an error; SQLiteDB fills it from the connection, tests and callers may too.
    public init(
        code: ResultCode, message: String, sql: String? = nil, offset: Int? = nil,
        arguments: [SQLArgument] = []
    ) {
        self.code = code
        self.message = message
        self.sql = sql
        self.offset = offset
        self.arguments = arguments
    }

    public var description: String {
        var text = "SQLite error \(code.rawValue) (\(code.name)): \(message)"
        if let sql {
            text += " while executing \"\(sql)\""
            if let offset { text += " at offset \(offset)" }
        }
        return text
    }

    /// The error for using a connection after ``Connection/close()``.
    static func closed(sql: String?) -> SQLiteError {
        SQLiteError(code: .SQLITE_MISUSE, message: "the connection is closed", sql: sql)
    }
}

extension SQLiteError {
    /// Lets `catch SQLiteError.SQLITE_BUSY` and friends name codes as in SQLite's docs.
    public static let SQLITE_ERROR = ResultCode.SQLITE_ERROR
    public static let SQLITE_BUSY = ResultCode.SQLITE_BUSY
    public static let SQLITE_BUSY_TIMEOUT = ResultCode.SQLITE_BUSY_TIMEOUT
    public static let SQLITE_LOCKED = ResultCode.SQLITE_LOCKED
    public static let SQLITE_READONLY = ResultCode.SQLITE_READONLY
    public static let SQLITE_IOERR = ResultCode.SQLITE_IOERR
    public static let SQLITE_CORRUPT = ResultCode.SQLITE_CORRUPT
    public static let SQLITE_CANTOPEN = ResultCode.SQLITE_CANTOPEN
    public static let SQLITE_CONSTRAINT = ResultCode.SQLITE_CONSTRAINT
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode.SQLITE_CONSTRAINT_UNIQUE
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode.SQLITE_CONSTRAINT_NOTNULL
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode.SQLITE_CONSTRAINT_PRIMARYKEY
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode.SQLITE_CONSTRAINT_CHECK
    public static let SQLITE_MISMATCH = ResultCode.SQLITE_MISMATCH
    public static let SQLITE_MISUSE = ResultCode.SQLITE_MISUSE
    public static let SQLITE_RANGE = ResultCode.SQLITE_RANGE
    public static let SQLITE_NOTADB = ResultCode.SQLITE_NOTADB
    public static let SQLITE_FULL = ResultCode.SQLITE_FULL
    public static let SQLITE_TOOBIG = ResultCode.SQLITE_TOOBIG
    public static let SQLITE_INTERRUPT = ResultCode.SQLITE_INTERRUPT
    public static let SQLITE_ABORT = ResultCode.SQLITE_ABORT
}

/// Matches an error against a result code: a primary code matches its whole family,
/// an extended code only itself. Non-SQLite errors never match.
public func ~= (code: ResultCode, error: any Error) -> Bool {
    guard let error = error as? SQLiteError else { return false }
    return code.matches(error.code)
}
