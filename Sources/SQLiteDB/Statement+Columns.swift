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

extension Statement {
    /// The bytes of a text or blob column in the current row, without decoding them:
    /// SQLite's own buffer, valid only inside `body` (and until the next step).
    ///
    /// Cost: no copy and no UTF-8 check; what `body` copies is the only cost. Text
    /// comes back as SQLite stored it (UTF-8 in this engine's stores).
    package func withColumnBytes<Result>(
        at index: Int32, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        let bytes = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return body(UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: count))
    }

    /// The byte length of a text or blob column in the current row.
    package func columnByteCount(at index: Int32) -> Int {
        Int(sqlite3_column_bytes(handle, index))
    }
}
