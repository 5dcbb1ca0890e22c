import CSQLite
import Foundation

extension Statement {
    /// Binds every parameter at once, first argument to the first `?`.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_RANGE` when the count does not match
    ///   ``parameterCount``, or what SQLite reports.
    public func bind(_ arguments: [SQLArgument]) throws {
        try checkCount(of: arguments)
        for (offset, argument) in arguments.enumerated() {
            try bind(argument, at: Int32(offset + 1))
        }
    }

    /// ``bind(_:)`` with `first` bound in place of the first argument: for SQL its maker
    /// keeps and runs again and again with another first value (a to-many fault's
    /// SELECT, keyed by its owner), so the caller does not copy the argument array to
    /// change one element (an allocation and a free per run).
    ///
    /// - Throws: ``SQLiteError`` as ``bind(_:)`` does (`SQLITE_RANGE` when `arguments`
    ///   is empty).
    package func bind(_ arguments: [SQLArgument], first: SQLiteValue) throws {
        try checkCount(of: arguments)
        try bind(first, at: 1)
        for offset in arguments.indices.dropFirst() {
            try bind(arguments[offset], at: Int32(offset + 1))
        }
    }

    /// Inlined: as a call it cost every bind about 20 instructions.
    @inline(__always)
    private func checkCount(of arguments: [SQLArgument]) throws {
        guard arguments.count == Int(parameterCount) else {
            throw SQLiteError(
                code: .SQLITE_RANGE,
                message: "statement has \(parameterCount) parameters but \(arguments.count) "
                    + "arguments were given", sql: sql, arguments: arguments)
        }
    }

    /// Binds one argument to the parameter at `index` (1-based, as in SQLite).
    public func bind(_ argument: SQLArgument, at index: Int32) throws {
        switch argument {
        case .value(let value): try bind(value, at: index)
        case .integerList(let list): try bind(list, at: index)
        }
    }

    /// Binds one value to the parameter at `index` (1-based).
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
        case .real(let double): code = sqlite3_bind_double(handle, index, double)
        case .text(let text): code = bindText(text, at: index)
        case .blob(let data): code = bindBlob(data, at: index)
        }
        try checkBind(code, .value(value), at: index)
    }

    /// Binds a list of integer keys as one pointer parameter, read in SQL through
    /// ``IntegerList/tableFunction``.
    public func bind(_ list: IntegerList, at index: Int32) throws {
        let box = Unmanaged.passRetained(IntegerListBox(list.keys)).toOpaque()
        let code = sqlite3_bind_pointer(
            handle, index, box, faultline_intarray_pointer_type(),
            { pointer in
                if let pointer { Unmanaged<IntegerListBox>.fromOpaque(pointer).release() }
            })
        try checkBind(code, .integerList(list), at: index)
    }

    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // A NULL pointer would bind SQL NULL: an empty string needs a real one.
            guard !bytes.isEmpty else {
                return sqlite3_bind_text64(
                    handle, index, "", 0, faultline_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
            return bytes.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text64(
                    handle, index, chars.baseAddress, UInt64(chars.count),
                    faultline_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }

    private func bindBlob(_ data: Data, at index: Int32) -> Int32 {
        data.withUnsafeBytes { bytes in
            // A zero-length blob must still bind as a blob, not NULL.
            guard let base = bytes.baseAddress else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(
                handle, index, base, UInt64(bytes.count), faultline_sqlite_transient())
        }
    }

    private func checkBind(_ code: Int32, _ argument: SQLArgument, at index: Int32)
        throws
    {
        guard code == SQLITE_OK else {
            throw connection.error(code: code, sql: sql, arguments: arguments)
        }
        let slot = Int(index) - 1
        if arguments.count < Int(parameterCount) {
            arguments = Array(repeating: .value(.null), count: Int(parameterCount))
        }
        arguments[slot] = argument
    }
}

/// A bound integer list's keys in memory of their own, so the `_Z_intarray0` cursor can
/// read them by address; freed when SQLite releases the pointer.
final class IntegerListBox {
    let storage: UnsafeMutableBufferPointer<Int64>

    init(_ keys: [Int64]) {
        storage = .allocate(capacity: keys.count)
        _ = storage.initialize(from: keys)
    }

    deinit {
        storage.deallocate()
    }
}
