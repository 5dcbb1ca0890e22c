import CSQLite

extension Connection {
    /// Where a database lives.
    public enum Location: Hashable, Sendable {
        /// A private in-memory database, gone when the connection closes.
        case memory
        /// A database file at a path.
        case file(String)
        /// A private on-disk database SQLite deletes when the connection closes.
        case temporary

        /// The path passed to `sqlite3_open_v2`.
        public var path: String {
            switch self {
            case .memory: return ":memory:"
            case .file(let path): return path
            case .temporary: return ""
            }
        }
    }

    /// How a database file may be used.
    public enum OpenMode: Sendable {
        case readOnly
        case readWrite
        case readWriteCreate
    }

    /// SQLite's journal modes (`PRAGMA journal_mode`).
    public enum JournalMode: String, Sendable {
        case delete = "DELETE"
        case truncate = "TRUNCATE"
        case persist = "PERSIST"
        case memory = "MEMORY"
        case wal = "WAL"
        case off = "OFF"
    }

    /// Options applied when a connection opens.
    public struct Configuration: Sendable {
        /// Read-only, read-write, or read-write creating the file (the default).
        public var openMode: OpenMode = .readWriteCreate
        /// How long a statement waits for another connection's lock before it fails
        /// with `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds = 5_000
        /// The journal mode; nil means WAL for files and SQLite's default otherwise.
        public var journalMode: JournalMode?
        /// Further pragmas, run in order after the journal mode.
        public var pragmas: [Pragma] = []

        /// The defaults: create if missing, 5 s busy timeout, WAL for files.
        public init() {}

        /// The busy timeout in force once the pragmas ran: the last `busy_timeout`
        /// pragma's value when one sets it, else ``busyTimeoutMilliseconds``.
        var effectiveBusyTimeoutMilliseconds: Int {
            pragmas.last { $0.name.lowercased() == "busy_timeout" }.flatMap { Int($0.value) }
                ?? busyTimeoutMilliseconds
        }

        var openFlags: Int32 {
            let mode: Int32
            switch openMode {
            case .readOnly: mode = SQLITE_OPEN_READONLY
            case .readWrite: mode = SQLITE_OPEN_READWRITE
            case .readWriteCreate: mode = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
            return mode | SQLITE_OPEN_NOMUTEX
        }

        func pragmas(for location: Location) throws -> [String] {
            var statements: [String] = []
            let isFile: Bool
            if case .file = location { isFile = true } else { isFile = false }
            if let mode = journalMode ?? (isFile && openMode != .readOnly ? .wal : nil) {
                statements.append("PRAGMA journal_mode = \(mode.rawValue)")
            }
            for pragma in pragmas {
                statements.append(try pragma.statement())
            }
            return statements
        }
    }

    /// A `PRAGMA name = value` to run at open.
    ///
    /// SQLite cannot bind pragma values, so both parts are checked instead: the name must
    /// be an identifier and the value a number or an identifier.
    public struct Pragma: Hashable, Sendable {
        public var name: String
        public var value: String

        /// A pragma, for example `Pragma("cache_size", "-20000")`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }

        func statement() throws -> String {
            guard Self.isIdentifier(name), Self.isIdentifier(value) || Self.isNumber(value)
            else {
                throw SQLiteError(
                    code: .SQLITE_MISUSE,
                    message: "pragma \"\(name)\" = \"\(value)\" is not an identifier and a "
                        + "number or identifier")
            }
            return "PRAGMA \(name) = \(value)"
        }

        private static func isIdentifier(_ text: String) -> Bool {
            guard let first = text.unicodeScalars.first, first == "_" || first.isASCIILetter
            else { return false }
            return text.unicodeScalars.allSatisfy {
                $0 == "_" || $0.isASCIILetter || $0.isASCIIDigit
            }
        }

        private static func isNumber(_ text: String) -> Bool {
            Double(text) != nil
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }

    fileprivate var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }
}
