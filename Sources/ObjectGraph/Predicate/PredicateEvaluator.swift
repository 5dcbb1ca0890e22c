import Foundation

/// Runs a ``PredicateNode`` against managed objects in memory, with the same meaning
/// as the SQL it compiles to: used for unsaved objects (`includesPendingChanges`).
///
/// Cost: one key-path read per comparison, which may fire faults (row cache or SQL).
enum PredicateEvaluator {
    /// `SUBQUERY` variables bound to the member being tested.
    typealias Variables = [String: ManagedObject]

    /// Whether `object` satisfies `node`.
    ///
    /// - Throws: ``KeyValueError`` for unknown keys, ``FetchError`` for a key path through
    ///   a to-many without `ANY`/`ALL`/`NONE`, an aggregate of a to-one, or an unbound
    ///   variable.
    static func evaluate(
        _ node: PredicateNode, on object: ManagedObject, variables: Variables = [:]
    ) throws -> Bool {
        switch node {
        case .truePredicate: return true
        case .falsePredicate: return false
        case .not(let inner): return !(try evaluate(inner, on: object, variables: variables))
        case .and(let terms):
            return try terms.allSatisfy { try evaluate($0, on: object, variables: variables) }
        case .or(let terms):
            return try terms.contains { try evaluate($0, on: object, variables: variables) }
        case .comparison(let comparison):
            return try evaluate(comparison, on: object, variables: variables)
        }
    }

    private static func evaluate(
        _ comparison: Comparison, on object: ManagedObject, variables: Variables
    ) throws -> Bool {
        if let model = object.managedObjectContext?.coordinator.model,
            let resolved = comparison.resolved(from: object.entity, in: model)
        {
            return try evaluate(resolved, on: object, variables: variables)
        }
        let rhs = try value(of: comparison.rhs, on: object, variables)
        let test = { (lhs: PredicateValue) throws(FetchError) in
            try compare(lhs, comparison.op, rhs, options: comparison.options)
        }
        guard comparison.modifier != .direct else {
            return try test(try value(of: comparison.lhs, on: object, variables))
        }
        let keyPath = try comparison.collectionKeyPath()
        let values = try KeyPathReader(root: object, variables: variables).values(keyPath)
        switch comparison.modifier {
        case .all: return try values.allSatisfy(test)
        case .none: return !(try values.contains(where: test))
        default: return try values.contains(where: test)
        }
    }

    /// The value of an expression on an object.
    static func value(
        of expression: PredicateExpression, on object: ManagedObject, _ variables: Variables = [:]
    ) throws -> PredicateValue {
        let reader = KeyPathReader(root: object, variables: variables)
        switch expression {
        case .constant(let value): return value
        case .evaluatedObject: return .object(object.objectID)
        case .variable(let name):
            guard let bound = variables[name] else { throw FetchError.unboundVariable(name) }
            return .object(bound.objectID)
        case .keyPath(let keyPath): return try reader.value(keyPath)
        case .aggregate(let function, let collection, let key):
            return try reader.aggregate(function, of: collection, key: key)
        case .subquery(let collection, _, _):
            throw FetchError.unsupportedComparison("SUBQUERY(\(collection), …) without @count")
        case .arithmetic(let op, let lhs, let rhs):
            return PredicateArithmetic.apply(
                op, try value(of: lhs, on: object, variables),
                try value(of: rhs, on: object, variables))
        case .list:
            throw FetchError.unboundVariable(expression.firstVariable ?? "")
        }
    }

    /// Whether `lhs op rhs` holds.
    ///
    /// Nil is equal only to nil and orders with nothing; `IN` a string is a substring
    /// test; a string operator with nil on either side is false; `[c]` and `[d]` fold
    /// strings for equality, ordering, `IN` and `BETWEEN` too.
    /// - Throws: ``FetchError/matchBudgetExceeded(pattern:valueLength:)`` for a
    ///   `MATCHES` that runs past its step budget.
    static func compare(
        _ lhs: PredicateValue, _ op: ComparisonOperator, _ rhs: PredicateValue,
        options: StringMatching.Options
    ) throws(FetchError) -> Bool {
        switch op {
        case .equal: return try equal(lhs, rhs, options)
        case .notEqual: return !(try equal(lhs, rhs, options))
        case .less: return order(lhs, rhs, options) == .orderedAscending
        case .lessOrEqual:
            return [.orderedAscending, .orderedSame].contains(order(lhs, rhs, options))
        case .greater: return order(lhs, rhs, options) == .orderedDescending
        case .greaterOrEqual:
            return [.orderedDescending, .orderedSame].contains(order(lhs, rhs, options))
        case .in:
            if case .string = rhs { return try compare(rhs, .contains, lhs, options: options) }
            guard case .list(let values) = rhs else { return false }
            for value in values where try equal(lhs, value, options) { return true }
            return false
        case .between:
            guard case .list(let bounds) = rhs, bounds.count == 2 else { return false }
            guard try compare(lhs, .greaterOrEqual, bounds[0], options: options) else {
                return false
            }
            return try compare(lhs, .lessOrEqual, bounds[1], options: options)
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard case .string(let text) = lhs, case .string(let pattern) = rhs else {
                return false
            }
            return try StringMatching.matches(text, pattern, op.stringOperator!, options)
        }
    }

    /// ``order(_:_:)``, with strings folded by `[c]` and `[d]`.
    private static func order(
        _ lhs: PredicateValue, _ rhs: PredicateValue, _ options: StringMatching.Options
    ) -> ComparisonResult? {
        if !options.isEmpty, case .string(let left) = lhs, case .string(let right) = rhs {
            return StringMatching.order(left, right, options)
        }
        return order(lhs, rhs)
    }

    private static func equal(
        _ lhs: PredicateValue, _ rhs: PredicateValue, _ options: StringMatching.Options
    ) throws(FetchError) -> Bool {
        if case .string(let left) = lhs, case .string(let right) = rhs, !options.isEmpty {
            return try StringMatching.matches(left, right, .equals, options)
        }
        if lhs == .null || rhs == .null { return lhs == rhs }
        return order(lhs, rhs) == .orderedSame
    }

    /// How two values order, as SQLite orders their stored forms; nil when they cannot
    /// be compared (or one is nil).
    static func order(_ lhs: PredicateValue, _ rhs: PredicateValue) -> ComparisonResult? {
        if let numeric = compareNumbers(lhs, rhs) { return numeric }
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return compareBytes(Array(left.utf8), Array(right.utf8))
        case (.data(let left), .data(let right)): return compareBytes(Array(left), Array(right))
        case (.uuid(let left), .uuid(let right)): return compare(left.uuidString, right.uuidString)
        case (.url(let left), .url(let right)):
            return compare(left.absoluteString, right.absoluteString)
        case (.object(let left), .object(let right)): return left == right ? .orderedSame : nil
        default: return nil
        }
    }

    /// Integers compare exactly; any other pair of numbers compares as doubles, as
    /// SQLite compares an INTEGER with a REAL (NaN, which SQLite stores as NULL, orders
    /// with nothing). Dates are their seconds since 2001, as stored.
    private static func compareNumbers(_ lhs: PredicateValue, _ rhs: PredicateValue)
        -> ComparisonResult??
    {
        if let left = lhs.integerValue, let right = rhs.integerValue { return compare(left, right) }
        guard let left = real(lhs), let right = real(rhs) else { return .none }
        guard !left.isNaN, !right.isNaN else { return .some(nil) }
        return compare(left, right)
    }

    private static func real(_ value: PredicateValue) -> Double? {
        switch value {
        case .date(let date): return date.timeIntervalSinceReferenceDate
        case .double(let double): return double
        case .decimal(let decimal): return NSDecimalNumber(decimal: decimal).doubleValue
        default: return value.integerValue.map(Double.init)
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
