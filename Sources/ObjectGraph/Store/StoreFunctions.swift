import SQLiteDB

/// The SQL functions Core Data registers on its connections, under the same names, so
/// string predicates compile to the same SQL and defeat indexes the same way. Visible to
/// the package so the lab can plan or run the engine's SQL on its own connections
/// (`bench explain`, raw configurations, log replay); not public API.
package enum StoreFunctions {
    /// Registers `NSCoreDataStringSearch(value, needle, options, operator)`,
    /// `NSCoreDataLike(value, pattern, options)`, `NSCoreDataMatches(value, regex,
    /// options)` and `ObjectGraphStringOrder(lhs, rhs, options)` (-1, 0 or 1; the
    /// engine's own, for `<[c]` and the other orderings with options, whose Core Data SQL
    /// is not documented).
    /// - Parameter connection: The connection to register them on.
    /// - Throws: `SQLiteError` when SQLite refuses a registration.
    package static func register(on connection: Connection) throws {
        try connection.createFunction("NSCoreDataStringSearch", argumentCount: 4) { arguments in
            guard let op = StringMatching.Operator(rawValue: arguments.int64(at: 3)) else {
                return .null
            }
            return match(arguments, op)
        }
        try connection.createFunction("NSCoreDataLike", argumentCount: 3) { arguments in
            match(arguments, .like)
        }
        try connection.createFunction("NSCoreDataMatches", argumentCount: 3) { arguments in
            match(arguments, .matches)
        }
        try connection.createFunction("ObjectGraphStringOrder", argumentCount: 3) { arguments in
            guard let lhs = arguments.string(at: 0), let rhs = arguments.string(at: 1) else {
                return .null
            }
            let options = StringMatching.Options(rawValue: arguments.int64(at: 2))
            return .integer(Int64(StringMatching.order(lhs, rhs, options).rawValue))
        }
    }

    /// One call: ASCII text is matched in place, byte by byte; anything else is decoded
    /// and folded as Unicode.
    private static func match(_ arguments: FunctionArguments, _ op: StringMatching.Operator)
        -> SQLiteValue
    {
        let options = StringMatching.Options(rawValue: arguments.int64(at: 2))
        let ascii: Bool? = arguments.withUTF8(at: 0) { value in
            arguments.withUTF8(at: 1) { pattern in
                guard let value, let pattern else { return nil }
                return StringMatching.asciiMatches(value, pattern, op, options)
            }
        }
        if let ascii { return .integer(ascii ? 1 : 0) }
        guard let value = arguments.string(at: 0), let pattern = arguments.string(at: 1) else {
            return .null
        }
        return .integer(StringMatching.matches(value, pattern, op, options) ? 1 : 0)
    }
}
