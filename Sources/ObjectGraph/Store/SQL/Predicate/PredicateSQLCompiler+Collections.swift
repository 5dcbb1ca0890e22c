import SQLiteDB

extension PredicateSQLCompiler {
    /// `x IN {…}`, `x IN 'text'` and `x BETWEEN {low, high}` in SQL, with the answers
    /// the evaluator gives: nil in a list matches a nil value (`x IS NULL`), `[c]` and
    /// `[d]` fold each string element (`NSCoreDataStringSearch(…, 5)` per element) and
    /// the bounds of a string `BETWEEN`, and `IN` a string is a substring test of it.
    ///
    /// Cost: linear in the list; a plain list stays one `IN (?, ?)` an index can use.
    ///
    /// - Throws: ``FetchError`` for a right side that is not a constant list (or a
    ///   string for `IN`), a `BETWEEN` without two bounds, or elements of another type.
    func collectionComparison(
        _ lhs: Operand, _ op: ComparisonOperator, _ rhs: Operand,
        _ options: StringMatching.Options
    ) throws -> SQL {
        guard case .constant(let value) = rhs.kind, !isConstant(lhs) else {
            throw FetchError.unsupportedComparison("\(lhs.keyPath) \(op.rawValue) \(rhs.keyPath)")
        }
        if op == .in, case .string = value { return try stringSearch(rhs, .contains, lhs, options) }
        guard case .list(let values) = value else {
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: lhs.keyPath, expected: "a collection",
                actual: value.description)
        }
        guard op == .between else { return try membership(lhs, values, options) }
        let bound = try values.map { try storage($0, for: lhs) }
        guard bound.count == 2 else {
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: lhs.keyPath, expected: "{lower, upper}",
                actual: value.description)
        }
        guard !options.isEmpty, isString(lhs) else {
            return "\(lhs.sql) BETWEEN \(bound[0]) AND \(bound[1])"
        }
        let low = try foldedOrder(lhs, .greaterOrEqual, constant(values[0]), options)
        let high = try foldedOrder(lhs, .lessOrEqual, constant(values[1]), options)
        return "(\(low) AND \(high))"
    }

    /// `x IN {…}`: the non-nil elements as one `IN (…)` (or one folded search each under
    /// options), `OR x IS NULL` when the list holds nil, `0` for an empty list.
    private func membership(
        _ lhs: Operand, _ values: [PredicateValue], _ options: StringMatching.Options
    ) throws -> SQL {
        let present = values.filter { $0 != .null }
        var terms: [SQL] = []
        if !options.isEmpty, isString(lhs) {
            terms = try present.map { try stringSearch(lhs, .equals, constant($0), options) }
        } else if !present.isEmpty {
            let bound = try present.map { try storage($0, for: lhs) }
            terms = ["\(lhs.sql) IN (\(bound.joined(separator: ", ")))"]
        }
        if present.count < values.count { terms.append("\(lhs.sql) IS NULL") }
        guard terms.count > 1 else { return terms.first ?? "0" }
        return "(\(terms.joined(separator: " OR ")))"
    }

    /// `lhs op rhs` for strings under `[c]` or `[d]`: both folded by
    /// `ObjectGraphStringOrder`, the function ``StringMatching/order(_:_:_:)`` backs.
    func foldedOrder(
        _ lhs: Operand, _ op: ComparisonOperator, _ rhs: Operand,
        _ options: StringMatching.Options
    ) throws -> SQL {
        let (left, right) = try bind(lhs, rhs)
        // The option bits and the operator are engine constants; only values are bound.
        return "ObjectGraphStringOrder(\(left), \(right), \(raw: String(options.rawValue))) "
            + "\(raw: op.rawValue) 0"
    }

    /// Whether a side is the constant nil.
    func isNull(_ side: Operand) -> Bool {
        if case .constant(.null) = side.kind { return true }
        return false
    }

    private func constant(_ value: PredicateValue) -> Operand {
        Operand(constant: value)
    }
}
