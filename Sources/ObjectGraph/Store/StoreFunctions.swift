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
    /// is not documented), the collation `NSCollateFinderlike` (Core Data's for
    /// `localizedStandardCompare:` sorts), and the two functions the derived-attribute triggers of a
    /// store Core Data wrote call (``derivedAttributeFunctions``).
    /// - Parameter connection: The connection to register them on.
    /// - Throws: `SQLiteError` when SQLite refuses a registration.
    package static func register(on connection: Connection) throws {
        for name in derivedAttributeFunctions {
            try connection.createFunction(name, argumentCount: 5) { _ in .null }
        }
        try connection.createFunction("NSCoreDataStringSearch", argumentCount: 4) { arguments in
            guard let op = StringMatching.Operator(rawValue: arguments.int64(at: 3)) else {
                return .null
            }
            return try match(arguments, op)
        }
        try connection.createFunction("NSCoreDataLike", argumentCount: 3) { arguments in
            try match(arguments, .like)
        }
        try connection.createFunction("NSCoreDataMatches", argumentCount: 3) { arguments in
            try match(arguments, .matches)
        }
        try connection.createCollation("NSCollateFinderlike", SortKey.finderlikeOrder)
        try connection.createFunction("ObjectGraphStringOrder", argumentCount: 3) { arguments in
            guard let lhs = arguments.string(at: 0), let rhs = arguments.string(at: 1) else {
                return .null
            }
            let options = StringMatching.Options(rawValue: arguments.int64(at: 2))
            return .integer(Int64(StringMatching.order(lhs, rhs, options).rawValue))
        }
    }

    /// `NSCoreDataDATriggerUpdatedAffectedObjectValue(table, Z_ENT, Z_PK, attribute,
    /// value)` and its `Insert` twin: Core Data's `Z_DA_…` triggers keep a derived
    /// attribute's column up to date with their own `UPDATE`, then call one of these so
    /// Core Data learns which objects changed. Without them every write the triggers
    /// fire on fails ("no such function"). Here they do nothing and return NULL: the
    /// triggers' `UPDATE`s still run, and a context sees the new values when it next
    /// reads the rows (docs/STORES.md).
    package static let derivedAttributeFunctions = [
        "NSCoreDataDATriggerUpdatedAffectedObjectValue",
        "NSCoreDataDATriggerInsertUpdatedAffectedObjectValue",
    ]

    /// One call: ASCII text is matched in place, byte by byte; anything else is decoded
    /// and folded as Unicode. A `MATCHES` past its step budget throws, which fails the
    /// statement with the error's description (``FetchError/matchBudgetExceeded(pattern:valueLength:)``).
    private static func match(_ arguments: FunctionArguments, _ op: StringMatching.Operator)
        throws -> SQLiteValue
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
        return .integer(try StringMatching.matches(value, pattern, op, options) ? 1 : 0)
    }
}
