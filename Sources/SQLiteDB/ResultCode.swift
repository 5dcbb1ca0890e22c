// Generated from sqlite3.h (SQLite 3.40): every primary and extended result code.

/// An SQLite result code, primary or extended, spelled as in SQLite's documentation.
///
/// Compare a thrown ``SQLiteError`` against a primary code to match the whole family:
/// `catch SQLiteError.SQLITE_CONSTRAINT` catches `SQLITE_CONSTRAINT_UNIQUE` too, while
/// `catch SQLiteError.SQLITE_CONSTRAINT_UNIQUE` matches that extended code only.
///
/// Related: https://www.sqlite.org/rescode.html
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value (`int`), extended codes included.
    public let rawValue: Int32

    /// Wraps a C result code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low 8 bits, shared by a family of extended codes.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is a primary code (no extended bits).
    public var isPrimary: Bool { rawValue == primary.rawValue }

    /// The C name, for example `SQLITE_CONSTRAINT_UNIQUE`; unknown codes print as numbers.
    public var name: String { Self.names[rawValue] ?? "SQLITE_UNKNOWN_\(rawValue)" }

    public var description: String { name }

    /// Whether `other` is this code, or belongs to this code's family when this code is primary.
    public func matches(_ other: ResultCode) -> Bool {
        isPrimary ? other.primary == self : other == self
    }

    public static let SQLITE_OK = ResultCode(rawValue: 0)
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    public static let SQLITE_DONE = ResultCode(rawValue: 101)
    public static let SQLITE_ERROR_MISSING_COLLSEQ = ResultCode(rawValue: 257)
    public static let SQLITE_ERROR_RETRY = ResultCode(rawValue: 513)
    public static let SQLITE_ERROR_SNAPSHOT = ResultCode(rawValue: 769)
    public static let SQLITE_IOERR_READ = ResultCode(rawValue: 266)
    public static let SQLITE_IOERR_SHORT_READ = ResultCode(rawValue: 522)
    public static let SQLITE_IOERR_WRITE = ResultCode(rawValue: 778)
    public static let SQLITE_IOERR_FSYNC = ResultCode(rawValue: 1034)
    public static let SQLITE_IOERR_DIR_FSYNC = ResultCode(rawValue: 1290)
    public static let SQLITE_IOERR_TRUNCATE = ResultCode(rawValue: 1546)
    public static let SQLITE_IOERR_FSTAT = ResultCode(rawValue: 1802)
    public static let SQLITE_IOERR_UNLOCK = ResultCode(rawValue: 2058)
    public static let SQLITE_IOERR_RDLOCK = ResultCode(rawValue: 2314)
    public static let SQLITE_IOERR_DELETE = ResultCode(rawValue: 2570)
    public static let SQLITE_IOERR_BLOCKED = ResultCode(rawValue: 2826)
    public static let SQLITE_IOERR_NOMEM = ResultCode(rawValue: 3082)
    public static let SQLITE_IOERR_ACCESS = ResultCode(rawValue: 3338)
    public static let SQLITE_IOERR_CHECKRESERVEDLOCK = ResultCode(rawValue: 3594)
    public static let SQLITE_IOERR_LOCK = ResultCode(rawValue: 3850)
    public static let SQLITE_IOERR_CLOSE = ResultCode(rawValue: 4106)
    public static let SQLITE_IOERR_DIR_CLOSE = ResultCode(rawValue: 4362)
    public static let SQLITE_IOERR_SHMOPEN = ResultCode(rawValue: 4618)
    public static let SQLITE_IOERR_SHMSIZE = ResultCode(rawValue: 4874)
    public static let SQLITE_IOERR_SHMLOCK = ResultCode(rawValue: 5130)
    public static let SQLITE_IOERR_SHMMAP = ResultCode(rawValue: 5386)
    public static let SQLITE_IOERR_SEEK = ResultCode(rawValue: 5642)
    public static let SQLITE_IOERR_DELETE_NOENT = ResultCode(rawValue: 5898)
    public static let SQLITE_IOERR_MMAP = ResultCode(rawValue: 6154)
    public static let SQLITE_IOERR_GETTEMPPATH = ResultCode(rawValue: 6410)
    public static let SQLITE_IOERR_CONVPATH = ResultCode(rawValue: 6666)
    public static let SQLITE_IOERR_VNODE = ResultCode(rawValue: 6922)
    public static let SQLITE_IOERR_AUTH = ResultCode(rawValue: 7178)
    public static let SQLITE_IOERR_BEGIN_ATOMIC = ResultCode(rawValue: 7434)
    public static let SQLITE_IOERR_COMMIT_ATOMIC = ResultCode(rawValue: 7690)
    public static let SQLITE_IOERR_ROLLBACK_ATOMIC = ResultCode(rawValue: 7946)
    public static let SQLITE_IOERR_DATA = ResultCode(rawValue: 8202)
    public static let SQLITE_IOERR_CORRUPTFS = ResultCode(rawValue: 8458)
    public static let SQLITE_LOCKED_SHAREDCACHE = ResultCode(rawValue: 262)
    public static let SQLITE_LOCKED_VTAB = ResultCode(rawValue: 518)
    public static let SQLITE_BUSY_RECOVERY = ResultCode(rawValue: 261)
    public static let SQLITE_BUSY_SNAPSHOT = ResultCode(rawValue: 517)
    public static let SQLITE_BUSY_TIMEOUT = ResultCode(rawValue: 773)
    public static let SQLITE_CANTOPEN_NOTEMPDIR = ResultCode(rawValue: 270)
    public static let SQLITE_CANTOPEN_ISDIR = ResultCode(rawValue: 526)
    public static let SQLITE_CANTOPEN_FULLPATH = ResultCode(rawValue: 782)
    public static let SQLITE_CANTOPEN_CONVPATH = ResultCode(rawValue: 1038)
    public static let SQLITE_CANTOPEN_DIRTYWAL = ResultCode(rawValue: 1294)
    public static let SQLITE_CANTOPEN_SYMLINK = ResultCode(rawValue: 1550)
    public static let SQLITE_CORRUPT_VTAB = ResultCode(rawValue: 267)
    public static let SQLITE_CORRUPT_SEQUENCE = ResultCode(rawValue: 523)
    public static let SQLITE_CORRUPT_INDEX = ResultCode(rawValue: 779)
    public static let SQLITE_READONLY_RECOVERY = ResultCode(rawValue: 264)
    public static let SQLITE_READONLY_CANTLOCK = ResultCode(rawValue: 520)
    public static let SQLITE_READONLY_ROLLBACK = ResultCode(rawValue: 776)
    public static let SQLITE_READONLY_DBMOVED = ResultCode(rawValue: 1032)
    public static let SQLITE_READONLY_CANTINIT = ResultCode(rawValue: 1288)
    public static let SQLITE_READONLY_DIRECTORY = ResultCode(rawValue: 1544)
    public static let SQLITE_ABORT_ROLLBACK = ResultCode(rawValue: 516)
    public static let SQLITE_CONSTRAINT_CHECK = ResultCode(rawValue: 275)
    public static let SQLITE_CONSTRAINT_COMMITHOOK = ResultCode(rawValue: 531)
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = ResultCode(rawValue: 787)
    public static let SQLITE_CONSTRAINT_FUNCTION = ResultCode(rawValue: 1043)
    public static let SQLITE_CONSTRAINT_NOTNULL = ResultCode(rawValue: 1299)
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = ResultCode(rawValue: 1555)
    public static let SQLITE_CONSTRAINT_TRIGGER = ResultCode(rawValue: 1811)
    public static let SQLITE_CONSTRAINT_UNIQUE = ResultCode(rawValue: 2067)
    public static let SQLITE_CONSTRAINT_VTAB = ResultCode(rawValue: 2323)
    public static let SQLITE_CONSTRAINT_ROWID = ResultCode(rawValue: 2579)
    public static let SQLITE_CONSTRAINT_PINNED = ResultCode(rawValue: 2835)
    public static let SQLITE_CONSTRAINT_DATATYPE = ResultCode(rawValue: 3091)
    public static let SQLITE_NOTICE_RECOVER_WAL = ResultCode(rawValue: 283)
    public static let SQLITE_NOTICE_RECOVER_ROLLBACK = ResultCode(rawValue: 539)
    public static let SQLITE_WARNING_AUTOINDEX = ResultCode(rawValue: 284)
    public static let SQLITE_AUTH_USER = ResultCode(rawValue: 279)
    public static let SQLITE_OK_LOAD_PERMANENTLY = ResultCode(rawValue: 256)
    public static let SQLITE_OK_SYMLINK = ResultCode(rawValue: 512)

    private static let names: [Int32: String] = [
        0: "SQLITE_OK",
        1: "SQLITE_ERROR",
        2: "SQLITE_INTERNAL",
        3: "SQLITE_PERM",
        4: "SQLITE_ABORT",
        5: "SQLITE_BUSY",
        6: "SQLITE_LOCKED",
        7: "SQLITE_NOMEM",
        8: "SQLITE_READONLY",
        9: "SQLITE_INTERRUPT",
        10: "SQLITE_IOERR",
        11: "SQLITE_CORRUPT",
        12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL",
        14: "SQLITE_CANTOPEN",
        15: "SQLITE_PROTOCOL",
        16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA",
        18: "SQLITE_TOOBIG",
        19: "SQLITE_CONSTRAINT",
        20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE",
        22: "SQLITE_NOLFS",
        23: "SQLITE_AUTH",
        24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE",
        26: "SQLITE_NOTADB",
        27: "SQLITE_NOTICE",
        28: "SQLITE_WARNING",
        100: "SQLITE_ROW",
        101: "SQLITE_DONE",
        257: "SQLITE_ERROR_MISSING_COLLSEQ",
        513: "SQLITE_ERROR_RETRY",
        769: "SQLITE_ERROR_SNAPSHOT",
        266: "SQLITE_IOERR_READ",
        522: "SQLITE_IOERR_SHORT_READ",
        778: "SQLITE_IOERR_WRITE",
        1034: "SQLITE_IOERR_FSYNC",
        1290: "SQLITE_IOERR_DIR_FSYNC",
        1546: "SQLITE_IOERR_TRUNCATE",
        1802: "SQLITE_IOERR_FSTAT",
        2058: "SQLITE_IOERR_UNLOCK",
        2314: "SQLITE_IOERR_RDLOCK",
        2570: "SQLITE_IOERR_DELETE",
        2826: "SQLITE_IOERR_BLOCKED",
        3082: "SQLITE_IOERR_NOMEM",
        3338: "SQLITE_IOERR_ACCESS",
        3594: "SQLITE_IOERR_CHECKRESERVEDLOCK",
        3850: "SQLITE_IOERR_LOCK",
        4106: "SQLITE_IOERR_CLOSE",
        4362: "SQLITE_IOERR_DIR_CLOSE",
        4618: "SQLITE_IOERR_SHMOPEN",
        4874: "SQLITE_IOERR_SHMSIZE",
        5130: "SQLITE_IOERR_SHMLOCK",
        5386: "SQLITE_IOERR_SHMMAP",
        5642: "SQLITE_IOERR_SEEK",
        5898: "SQLITE_IOERR_DELETE_NOENT",
        6154: "SQLITE_IOERR_MMAP",
        6410: "SQLITE_IOERR_GETTEMPPATH",
        6666: "SQLITE_IOERR_CONVPATH",
        6922: "SQLITE_IOERR_VNODE",
        7178: "SQLITE_IOERR_AUTH",
        7434: "SQLITE_IOERR_BEGIN_ATOMIC",
        7690: "SQLITE_IOERR_COMMIT_ATOMIC",
        7946: "SQLITE_IOERR_ROLLBACK_ATOMIC",
        8202: "SQLITE_IOERR_DATA",
        8458: "SQLITE_IOERR_CORRUPTFS",
        262: "SQLITE_LOCKED_SHAREDCACHE",
        518: "SQLITE_LOCKED_VTAB",
        261: "SQLITE_BUSY_RECOVERY",
        517: "SQLITE_BUSY_SNAPSHOT",
        773: "SQLITE_BUSY_TIMEOUT",
        270: "SQLITE_CANTOPEN_NOTEMPDIR",
        526: "SQLITE_CANTOPEN_ISDIR",
        782: "SQLITE_CANTOPEN_FULLPATH",
        1038: "SQLITE_CANTOPEN_CONVPATH",
        1294: "SQLITE_CANTOPEN_DIRTYWAL",
        1550: "SQLITE_CANTOPEN_SYMLINK",
        267: "SQLITE_CORRUPT_VTAB",
        523: "SQLITE_CORRUPT_SEQUENCE",
        779: "SQLITE_CORRUPT_INDEX",
        264: "SQLITE_READONLY_RECOVERY",
        520: "SQLITE_READONLY_CANTLOCK",
        776: "SQLITE_READONLY_ROLLBACK",
        1032: "SQLITE_READONLY_DBMOVED",
        1288: "SQLITE_READONLY_CANTINIT",
        1544: "SQLITE_READONLY_DIRECTORY",
        516: "SQLITE_ABORT_ROLLBACK",
        275: "SQLITE_CONSTRAINT_CHECK",
        531: "SQLITE_CONSTRAINT_COMMITHOOK",
        787: "SQLITE_CONSTRAINT_FOREIGNKEY",
        1043: "SQLITE_CONSTRAINT_FUNCTION",
        1299: "SQLITE_CONSTRAINT_NOTNULL",
        1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
        1811: "SQLITE_CONSTRAINT_TRIGGER",
        2067: "SQLITE_CONSTRAINT_UNIQUE",
        2323: "SQLITE_CONSTRAINT_VTAB",
        2579: "SQLITE_CONSTRAINT_ROWID",
        2835: "SQLITE_CONSTRAINT_PINNED",
        3091: "SQLITE_CONSTRAINT_DATATYPE",
        283: "SQLITE_NOTICE_RECOVER_WAL",
        539: "SQLITE_NOTICE_RECOVER_ROLLBACK",
        284: "SQLITE_WARNING_AUTOINDEX",
        279: "SQLITE_AUTH_USER",
        256: "SQLITE_OK_LOAD_PERMANENTLY",
        512: "SQLITE_OK_SYMLINK",
    ]
}
