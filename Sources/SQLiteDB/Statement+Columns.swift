import CSQLite
import Foundation

/// The storage class of a column value in the current row.
public enum ColumnType: Sendable {
    case integer
    case real
    case text
    case blob
    case null
}

extension Statement {
    /// The name of result column `index` (0-based).
    public func columnName(at index: Int32) -> String {
        String(cString: sqlite3_column_name(handle, index))
    }

    /// The storage class of column `index` in the current row.
    public func columnType(at index: Int32) -> ColumnType {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// Whether column `index` is NULL in the current row.
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as an integer (SQLite converts other storage classes; NULL is 0).
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as a Double (SQLite converts; NULL is 0).
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` as text, decoded straight from SQLite's UTF-8 buffer (one copy).
    public func string(at index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes (one copy out of SQLite's buffer).
    public func data(at index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Column `index` as whichever value its storage class holds.
    public func value(at index: Int32) -> SQLiteValue {
        switch columnType(at: index) {
        case .integer: return .integer(int64(at: index))
        case .real: return .real(double(at: index))
        case .text: return .text(string(at: index))
        case .blob: return .blob(data(at: index))
        case .null: return .null
        }
    }

    /// Every column of the current row.
    public func row() -> [SQLiteValue] {
        (0..<columnCount).map { value(at: $0) }
    }
}

/// One column of the current row as SQLite holds it, read once: its storage class and
/// its number, or its bytes in SQLite's own buffer (valid until the statement steps or
/// resets). What an engine copies into its row cache.
package struct RawColumn {
    /// The storage class.
    package let type: ColumnType
    /// The integer (`.integer`) or the real's bit pattern (`.real`); 0 otherwise.
    package let bits: UInt64
    /// The bytes of `.text` (UTF-8) and `.blob`; empty otherwise.
    package let bytes: UnsafeRawBufferPointer
}

extension Statement {
    /// Column `index` of the current row, through one `sqlite3_column_value` and the
    /// `sqlite3_value_*` readers.
    ///
    /// Why: each `sqlite3_column_*` call looks the column up and passes the
    /// connection's mutex and error check again; reading a text column's type, length
    /// and bytes that way took four of them. The value it returns is "unprotected",
    /// which SQLite allows reading on the connection's own thread, the only one a
    /// connection is used on (it is opened `SQLITE_OPEN_NOMUTEX`). Cost: one column
    /// lookup, no copy, no UTF-8 check.
    package func rawColumn(at index: Int32) -> RawColumn {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return RawColumn(
                type: .integer, bits: UInt64(bitPattern: sqlite3_value_int64(value)),
                bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        case SQLITE_FLOAT:
            return RawColumn(
                type: .real, bits: sqlite3_value_double(value).bitPattern,
                bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        case SQLITE_TEXT:
            // Text first, then its length: the documented order, so no conversion
            // invalidates the pointer.
            let start = UnsafeRawPointer(sqlite3_value_text(value))
            let count = Int(sqlite3_value_bytes(value))
            return RawColumn(
                type: .text, bits: 0,
                bytes: UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count))
        case SQLITE_BLOB:
            let start = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            return RawColumn(
                type: .blob, bits: 0,
                bytes: UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count))
        default:
            return RawColumn(
                type: .null, bits: 0, bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }
}
