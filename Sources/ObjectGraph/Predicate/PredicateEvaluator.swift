import Foundation

/// Runs a ``PredicateNode`` against managed objects in memory, with the same meaning
/// as the SQL it compiles to: used for unsaved objects (`includesPendingChanges`).
///
/// Cost: one key-path read per comparison, which may fire faults (row cache or SQL).
enum PredicateEvaluator {
    /// Whether `object` satisfies `node`.
    ///
    /// - Throws: ``KeyValueError`` for unknown key paths.
    static func evaluate(_ node: PredicateNode, on object: ManagedObject) throws -> Bool {
        switch node {
        case .truePredicate: return true
        case .falsePredicate: return false
        case .not(let inner): return !(try evaluate(inner, on: object))
        case .and(let terms): return try terms.allSatisfy { try evaluate($0, on: object) }
        case .or(let terms): return try terms.contains { try evaluate($0, on: object) }
        case .comparison(let comparison):
            let lhs = try value(of: comparison.lhs, on: object)
            let rhs = try value(of: comparison.rhs, on: object)
            return compare(lhs, comparison.op, rhs, options: comparison.options)
        }
    }

    /// The value of an expression on an object.
    static func value(of expression: PredicateExpression, on object: ManagedObject) throws
        -> PredicateValue
    {
        switch expression {
        case .constant(let value): return value
        case .keyPath(let keyPath):
            return PredicateValue(try object.checkedValue(forKeyPath: keyPath)) ?? .null
        }
    }

    /// Whether `lhs op rhs` holds.
    static func compare(
        _ lhs: PredicateValue, _ op: ComparisonOperator, _ rhs: PredicateValue,
        options: StringMatching.Options
    ) -> Bool {
        switch op {
        case .equal: return equal(lhs, rhs, options)
        case .notEqual: return !equal(lhs, rhs, options)
        case .less: return order(lhs, rhs) == .orderedAscending
        case .lessOrEqual: return [.orderedAscending, .orderedSame].contains(order(lhs, rhs))
        case .greater: return order(lhs, rhs) == .orderedDescending
        case .greaterOrEqual: return [.orderedDescending, .orderedSame].contains(order(lhs, rhs))
        case .in:
            guard case .list(let values) = rhs else { return false }
            return values.contains { equal(lhs, $0, options) }
        case .beginsWith, .endsWith, .contains, .like:
            guard case .string(let text) = lhs, case .string(let pattern) = rhs else {
                return false
            }
            return StringMatching.matches(text, pattern, op.stringOperator!, options)
        }
    }

    private static func equal(
        _ lhs: PredicateValue, _ rhs: PredicateValue, _ options: StringMatching.Options
    ) -> Bool {
        if case .string(let left) = lhs, case .string(let right) = rhs, !options.isEmpty {
            return StringMatching.matches(left, right, .equals, options)
        }
        if lhs == .null || rhs == .null { return lhs == rhs }
        return order(lhs, rhs) == .orderedSame
    }

    /// How two values order, as SQLite orders their stored forms; nil when they cannot
    /// be compared (or one is nil).
    static func order(_ lhs: PredicateValue, _ rhs: PredicateValue) -> ComparisonResult? {
        if let left = number(lhs), let right = number(rhs) { return compare(left, right) }
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return compareBytes(Array(left.utf8), Array(right.utf8))
        case (.date(let left), .date(let right)): return compare(left, right)
        case (.data(let left), .data(let right)): return compareBytes(Array(left), Array(right))
        case (.uuid(let left), .uuid(let right)): return compare(left.uuidString, right.uuidString)
        case (.url(let left), .url(let right)):
            return compare(left.absoluteString, right.absoluteString)
        case (.object(let left), .object(let right)): return left == right ? .orderedSame : nil
        default: return nil
        }
    }

    private static func number(_ value: PredicateValue) -> Decimal? {
        switch value {
        case .integer(let int): return Decimal(int)
        case .double(let double): return Decimal(double)
        case .bool(let bool): return bool ? 1 : 0
        case .decimal(let decimal): return decimal
        default: return nil
        }
    }

    private static func compare<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
    }

    private static func compareBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
        if lhs == rhs { return .orderedSame }
        return lhs.lexicographicallyPrecedes(rhs) ? .orderedAscending : .orderedDescending
    }
}
