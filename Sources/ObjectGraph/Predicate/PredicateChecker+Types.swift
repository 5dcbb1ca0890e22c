extension PredicateChecker {
    /// Whether the two sides can be compared by `op`, as the SQL compiler binds them:
    /// a constant must have a storage form in the other side's column type (nil always
    /// does), a string operator needs strings on both sides, `IN` and `BETWEEN` a list
    /// (or, for `IN`, a string), `BETWEEN` two bounds, and two key paths values of one
    /// kind.
    ///
    /// - Throws: ``FetchError/typeMismatch(entity:keyPath:expected:actual:)`` or
    ///   ``FetchError/unsupportedComparison(_:)``.
    func checkTypes(
        _ lhs: Side, _ op: ComparisonOperator, _ rhs: Side, _ options: StringMatching.Options
    ) throws {
        if case .constant = lhs.kind, case .constant = rhs.kind { return }
        switch op {
        case .beginsWith, .endsWith, .contains, .like, .matches:
            try checkString(lhs, other: rhs)
            try checkString(rhs, other: lhs)
        case .in, .between:
            try checkCollection(lhs, op, rhs)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if case .object = lhs.kind { throw unsupported(lhs, op, rhs) }
            if case .object = rhs.kind { throw unsupported(lhs, op, rhs) }
            try checkPair(lhs, rhs)
        case .equal, .notEqual:
            try checkPair(lhs, rhs)
        }
    }

    /// Two sides of `==`, `!=` or an ordering.
    private func checkPair(_ lhs: Side, _ rhs: Side) throws {
        switch (lhs.kind, rhs.kind) {
        case (.constant(let value), _): try checkConstant(value, for: rhs)
        case (_, .constant(let value)): try checkConstant(value, for: lhs)
        default: try checkColumns(lhs, rhs)
        }
    }

    /// A constant compared with a column: it must have a storage form there.
    private func checkConstant(_ value: PredicateValue, for column: Side) throws {
        switch column.kind {
        case _ where value == .null: return
        case .attribute(let type):
            guard value.storage(for: type) == nil else { return }
            throw mismatch(column, expected: type.swiftTypeName, actual: value.description)
        case .object(let destination):
            if case .object(let id) = value, destination.includes(id.entity) { return }
            throw mismatch(column, expected: destination.name, actual: value.description)
        case .constant: return
        }
    }

    /// Two key paths: values of one kind (numbers and dates, strings, data, objects of
    /// related entities), as memory can compare only those and SQLite would otherwise
    /// convert one side by column affinity.
    private func checkColumns(_ lhs: Side, _ rhs: Side) throws {
        switch (lhs.kind, rhs.kind) {
        case (.attribute(let left), .attribute(let right)):
            guard left.predicateFamily != right.predicateFamily else { return }
            throw mismatch(lhs, expected: left.swiftTypeName, actual: rhs.keyPath)
        case (.object(let left), .object(let right)):
            guard !left.includes(right), !right.includes(left) else { return }
            throw mismatch(lhs, expected: left.name, actual: rhs.keyPath)
        case (.attribute(let type), _):
            throw mismatch(lhs, expected: type.swiftTypeName, actual: rhs.keyPath)
        case (.object(let entity), _):
            throw mismatch(lhs, expected: entity.name, actual: rhs.keyPath)
        default: return
        }
    }

    /// One side of a string operator: a string column, or a string (or nil) constant.
    private func checkString(_ side: Side, other: Side) throws {
        switch side.kind {
        case .constant(.string), .constant(.null), .attribute(.string), .attribute(.uri):
            return
        case .constant(let value):
            throw mismatch(other, expected: "String", actual: value.description)
        case .attribute(let type):
            throw mismatch(side, expected: "String", actual: type.swiftTypeName)
        case .object(let entity):
            throw mismatch(side, expected: "String", actual: entity.name)
        }
    }

    /// `IN` and `BETWEEN`: a column on the left, a list (or a string for `IN`) on the
    /// right, each element comparable with the column, and two bounds for `BETWEEN`.
    private func checkCollection(_ lhs: Side, _ op: ComparisonOperator, _ rhs: Side) throws {
        guard case .constant(let value) = rhs.kind else { throw unsupported(lhs, op, rhs) }
        if case .constant = lhs.kind { throw unsupported(lhs, op, rhs) }
        if op == .in, case .string = value { return try checkString(lhs, other: rhs) }
        guard case .list(let values) = value else {
            throw mismatch(lhs, expected: "a collection", actual: value.description)
        }
        for element in values { try checkConstant(element, for: lhs) }
        if op == .between {
            if case .object = lhs.kind { throw unsupported(lhs, op, rhs) }
            guard values.count == 2 else {
                throw mismatch(lhs, expected: "{lower, upper}", actual: value.description)
            }
        }
    }

    private func mismatch(_ side: Side, expected: String, actual: String) -> FetchError {
        .typeMismatch(entity: root.name, keyPath: side.keyPath, expected: expected, actual: actual)
    }

    private func unsupported(_ lhs: Side, _ op: ComparisonOperator, _ rhs: Side) -> FetchError {
        .unsupportedComparison("\(lhs.keyPath) \(op.rawValue) \(rhs.keyPath)")
    }
}

extension AttributeType {
    /// The kinds of value the predicate language compares with each other: numbers,
    /// booleans and dates (all numbers in SQLite), strings and URIs, data, UUIDs,
    /// decimals.
    var predicateFamily: Int {
        switch self {
        case .integer16, .integer32, .integer64, .double, .float, .boolean, .date: return 0
        case .string, .uri: return 1
        case .binary: return 2
        case .uuid: return 3
        case .decimal: return 4
        }
    }

    /// Whether values are numbers `@sum`, `@avg` and arithmetic can take.
    var isNumeric: Bool {
        switch self {
        case .integer16, .integer32, .integer64, .double, .float, .boolean: return true
        default: return false
        }
    }
}
