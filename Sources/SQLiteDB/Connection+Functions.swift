import CSQLite
import Foundation

/// The arguments of one call of a Swift SQL function; valid only during that call.
public struct FunctionArguments {
    let values: UnsafeMutablePointer<OpaquePointer?>?
    /// How many arguments the call has.
    public let count: Int

    /// Argument `index` (0-based) as whichever value it holds.
    public func value(at index: Int) -> SQLiteValue {
        let value = raw(index)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT: return .text(string(at: index) ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard count > 0, let bytes = sqlite3_value_blob(value) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    /// Whether argument `index` is NULL.
    public func isNull(at index: Int) -> Bool {
        sqlite3_value_type(raw(index)) == SQLITE_NULL
    }

    /// Argument `index` as text (numbers are converted), or nil when NULL.
    public func string(at index: Int) -> String? {
        withUTF8(at: index) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with argument `index`'s UTF-8 text (numbers are converted), or nil when
    /// NULL, without copying it into a String: for functions called once per row.
    public func withUTF8<Result>(
        at index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
    ) rethrows -> Result {
        let value = raw(index)
        guard let text = sqlite3_value_text(value) else { return try body(nil) }
        return try body(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
    }

    /// Argument `index` as an integer (NULL is 0).
    public func int64(at index: Int) -> Int64 {
        sqlite3_value_int64(raw(index))
    }

    /// Argument `index` as a Double (NULL is 0).
    public func double(at index: Int) -> Double {
        sqlite3_value_double(raw(index))
    }

    private func raw(_ index: Int) -> OpaquePointer? {
        precondition(index >= 0 && index < count, "function argument \(index) out of range")
        return values?[index]
    }
}

/// Owns a Swift SQL function's closure for as long as SQLite keeps the function.
private final class FunctionBox {
    let body: (FunctionArguments) throws -> SQLiteValue
    init(_ body: @escaping (FunctionArguments) throws -> SQLiteValue) { self.body = body }
}

/// Owns a Swift collation's closure for as long as SQLite keeps the collation.
private final class CollationBox {
    let compare: (String, String) -> ComparisonResult
    init(_ compare: @escaping (String, String) -> ComparisonResult) { self.compare = compare }
}

extension Connection {
    /// Registers a scalar SQL function implemented in Swift (the engine registers Core
    /// Data's `NSCoreDataLike`, `NSCoreDataStringSearch` and friends this way).
    ///
    /// Cost: one Swift call per row the function is evaluated on; a thrown error becomes
    /// an SQL error carrying its description.
    ///
    /// - Parameters:
    ///   - argumentCount: the arity, or -1 for any.
    ///   - isDeterministic: lets SQLite use the function in indexes and factor it out.
    /// - Related: https://www.sqlite.org/c3ref/create_function.html
    public func createFunction(
        _ name: String, argumentCount: Int32 = -1, isDeterministic: Bool = true,
        _ body: @escaping (FunctionArguments) throws -> SQLiteValue
    ) throws {
        try ensureOpen(sql: nil)
        let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        let flags = SQLITE_UTF8 | (isDeterministic ? SQLITE_DETERMINISTIC : 0)
        let code = sqlite3_create_function_v2(
            handle, name, argumentCount, flags, box,
            { context, count, values in
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context))
                    .takeUnretainedValue()
                do {
                    let result = try box.body(FunctionArguments(values: values, count: Int(count)))
                    Connection.setResult(result, context)
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            }, nil, nil,
            { box in box.map { Unmanaged<FunctionBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw self.error(code: code, sql: nil) }
    }

    /// Registers a collation implemented in Swift, usable as `COLLATE name`.
    public func createCollation(
        _ name: String, _ compare: @escaping (String, String) -> ComparisonResult
    ) throws {
        try ensureOpen(sql: nil)
        let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        let code = sqlite3_create_collation_v2(
            handle, name, SQLITE_UTF8, box,
            { box, leftCount, left, rightCount, right in
                let collation = Unmanaged<CollationBox>.fromOpaque(box!).takeUnretainedValue()
                let lhs = Connection.decode(left, Int(leftCount))
                let rhs = Connection.decode(right, Int(rightCount))
                switch collation.compare(lhs, rhs) {
                case .orderedAscending: return -1
                case .orderedSame: return 0
                case .orderedDescending: return 1
                }
            },
            { box in box.map { Unmanaged<CollationBox>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw self.error(code: code, sql: nil) }
    }

    private static func decode(_ bytes: UnsafeRawPointer?, _ count: Int) -> String {
        guard let bytes else { return "" }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
        return String(decoding: buffer, as: UTF8.self)
    }

    fileprivate static func setResult(_ value: SQLiteValue, _ context: OpaquePointer?) {
        switch value {
        case .null: sqlite3_result_null(context)
        case .integer(let int): sqlite3_result_int64(context, int)
        case .real(let double): sqlite3_result_double(context, double)
        case .text(let text) where text.isEmpty:
            sqlite3_result_text64(context, "", 0, faultline_sqlite_transient(), UInt8(SQLITE_UTF8))
        case .text(let text):
            var text = text
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    sqlite3_result_text64(
                        context, chars.baseAddress, UInt64(chars.count),
                        faultline_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data) where data.isEmpty:
            sqlite3_result_zeroblob(context, 0)
        case .blob(let data):
            data.withUnsafeBytes { bytes in
                sqlite3_result_blob64(
                    context, bytes.baseAddress, UInt64(bytes.count), faultline_sqlite_transient())
            }
        }
    }
}
