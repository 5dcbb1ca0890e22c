import SQLiteDB

/// Compiles a ``PredicateNode`` to an SQL condition with every constant bound as a
/// parameter, resolving key paths (and their joins) through a ``JoinPlanner``.
///
/// String operators call the functions Core Data registers (`NSCoreDataStringSearch`,
/// `NSCoreDataLike`), so they behave like Core Data's: exact, option-aware, and unable
/// to use an index. `!=` is `IS NOT`, so nil values match it as they do in memory.
struct PredicateSQLCompiler {
    private var planner: JoinPlanner

    init(planner: JoinPlanner) {
        self.planner = planner
    }

    /// The planner with the joins the predicate added.
    var joins: JoinPlanner { planner }

    /// The condition for `node`.
    ///
    /// - Throws: ``FetchError`` for unknown key paths, mismatched constants and
    ///   comparisons outside the core language.
    mutating func compile(_ node: PredicateNode) throws -> SQL {
        switch node {
        case .truePredicate: return "1"
        case .falsePredicate: return "0"
        case .not(let inner): return "NOT (\(try compile(inner)))"
        case .and(let terms):
            return "(\(try terms.map { try compile($0) }.joined(separator: " AND ")))"
        case .or(let terms):
            return "(\(try terms.map { try compile($0) }.joined(separator: " OR ")))"
        case .comparison(let comparison): return try compile(comparison)
        }
    }

    private mutating func compile(_ comparison: Comparison) throws -> SQL {
        switch (comparison.lhs, comparison.rhs) {
        case (.keyPath(let keyPath), .constant(let value)):
            let column = try planner.column(for: keyPath, inner: true)
            return try compare(column, keyPath, comparison.op, value, comparison.options)
        case (.constant(let value), .keyPath(let keyPath)):
            guard let mirrored = comparison.op.mirrored else {
                throw FetchError.unsupportedComparison(
                    "\(value) \(comparison.op.rawValue) \(keyPath)")
            }
            let column = try planner.column(for: keyPath, inner: true)
            return try compare(column, keyPath, mirrored, value, comparison.options)
        case (.keyPath(let left), .keyPath(let right)):
            return try compareColumns(left, right, comparison)
        case (.constant(let left), .constant(let right)):
            let result = PredicateEvaluator.compare(
                left, comparison.op, right, options: comparison.options)
            return result ? "1" : "0"
        }
    }

    private mutating func compareColumns(_ left: String, _ right: String, _ comparison: Comparison)
        throws -> SQL
    {
        let lhs = try planner.column(for: left, inner: true).sql
        let rhs = try planner.column(for: right, inner: true).sql
        if let op = comparison.op.stringOperator {
            return "NSCoreDataStringSearch(\(raw: lhs), \(raw: rhs), "
                + "\(raw: String(comparison.options.rawValue)), \(raw: String(op.rawValue)))"
        }
        guard let symbol = Self.symbol(comparison.op) else {
            throw FetchError.unsupportedComparison("\(left) \(comparison.op.rawValue) \(right)")
        }
        return "\(raw: lhs) \(raw: symbol) \(raw: rhs)"
    }

    private func compare(
        _ column: JoinPlanner.Column, _ keyPath: String, _ op: ComparisonOperator,
        _ value: PredicateValue, _ options: StringMatching.Options
    ) throws -> SQL {
        let sql = column.sql
        if op == .in {
            guard case .list(let values) = value else {
                throw FetchError.typeMismatch(
                    keyPath: keyPath, expected: "a collection", actual: value.description)
            }
            guard !values.isEmpty else { return "0" }
            let bound = try values.map { element -> SQL in
                let stored = try storage(element, column, keyPath)
                return "\(stored)"
            }
            return "\(raw: sql) IN (\(bound.joined(separator: ", ")))"
        }
        if let stringOp = op.stringOperator {
            return try stringSearch(sql, keyPath, stringOp, value, options)
        }
        if (op == .equal || op == .notEqual) && !options.isEmpty, case .string = value {
            let search = try stringSearch(sql, keyPath, .equals, value, options)
            return op == .equal ? search : "NOT \(search)"
        }
        let bound = try storage(value, column, keyPath)
        if bound == .null && (op == .equal || op == .notEqual) {
            return "\(raw: sql) \(raw: op == .equal ? "IS NULL" : "IS NOT NULL")"
        }
        return "\(raw: sql) \(raw: Self.symbol(op)!) \(bound)"
    }

    private func stringSearch(
        _ sql: String, _ keyPath: String, _ op: StringMatching.Operator, _ value: PredicateValue,
        _ options: StringMatching.Options
    ) throws -> SQL {
        guard case .string(let text) = value else {
            throw FetchError.typeMismatch(
                keyPath: keyPath, expected: "String", actual: value.description)
        }
        if op == .like {
            return "NSCoreDataLike(\(raw: sql), \(text), \(raw: String(options.rawValue)))"
        }
        // Option and operator codes are constants of the engine, written literally as
        // Core Data writes them; only the user's string is bound.
        return "NSCoreDataStringSearch(\(raw: sql), \(text), \(raw: String(options.rawValue)), "
            + "\(raw: String(op.rawValue)))"
    }

    private static func symbol(_ op: ComparisonOperator) -> String? {
        switch op {
        case .equal: return "="
        case .notEqual: return "IS NOT"
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        default: return nil
        }
    }

    /// A constant in the storage form of the column it is compared with.
    private func storage(_ value: PredicateValue, _ column: JoinPlanner.Column, _ keyPath: String)
        throws -> SQLiteValue
    {
        if value == .null { return .null }
        let stored: SQLiteValue?
        let expected: String
        switch column.target {
        case .attribute(let attribute):
            stored = value.storage(for: attribute.type)
            expected = attribute.type.swiftTypeName
        case .toOne(_, let destination):
            if case .object(let id) = value, destination.includes(id.entity) {
                stored = .integer(id.primaryKey ?? -1)
            } else {
                stored = nil
            }
            expected = destination.name
        }
        guard let stored else {
            throw FetchError.typeMismatch(
                keyPath: keyPath, expected: expected, actual: value.description)
        }
        return stored
    }
}
