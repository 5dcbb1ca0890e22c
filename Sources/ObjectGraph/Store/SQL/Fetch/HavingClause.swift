import SQLiteDB

/// Compiles ``FetchRequest/havingPredicate`` to a `HAVING` condition, where key paths
/// name the dictionary fetch's result columns: aggregate expressions by their alias
/// (`__var0`, as Core Data writes them) and grouped attributes by their column.
///
/// Supports `== != < <= > >=`, `AND`, `OR` and `NOT` with constants bound as
/// parameters, which covers conditions on aggregates.
struct HavingClause {
    /// Result column SQL by dictionary key.
    let columns: [String: SQL]

    /// The condition for `node`.
    ///
    /// - Throws: ``FetchError/unknownKeyPath(entity:keyPath:)`` for a key that is not a
    ///   result column, ``FetchError/unsupportedComparison(_:)`` for other operators.
    func compile(_ node: PredicateNode, entity: String) throws -> SQL {
        switch node {
        case .truePredicate: return "1"
        case .falsePredicate: return "0"
        case .not(let inner): return "NOT (\(try compile(inner, entity: entity)))"
        case .and(let terms):
            return
                "(\(try terms.map { try compile($0, entity: entity) }.joined(separator: " AND ")))"
        case .or(let terms):
            return
                "(\(try terms.map { try compile($0, entity: entity) }.joined(separator: " OR ")))"
        case .comparison(let comparison):
            let lhs = try operand(comparison.lhs, entity: entity)
            let rhs = try operand(comparison.rhs, entity: entity)
            guard let op = Self.sqlOperator(comparison.op) else {
                throw FetchError.unsupportedComparison("HAVING \(comparison.op.rawValue)")
            }
            return lhs + " \(raw: op) " + rhs
        }
    }

    private func operand(_ expression: PredicateExpression, entity: String) throws -> SQL {
        switch expression {
        case .keyPath(let key):
            guard let column = columns[key] else {
                throw FetchError.unknownKeyPath(entity: entity, keyPath: key)
            }
            return column
        case .constant(let value):
            guard let stored = Self.storage(value) else {
                throw FetchError.unsupportedComparison("HAVING constant \(value)")
            }
            return "\(stored)"
        case .evaluatedObject, .variable, .aggregate, .subquery, .arithmetic, .list:
            throw FetchError.unsupportedComparison(
                "HAVING operand \(expression): only result keys and constants")
        }
    }

    private static func storage(_ value: PredicateValue) -> SQLiteValue? {
        switch value {
        case .null: return .null
        case .bool(let bool): return .integer(bool ? 1 : 0)
        case .integer(let int): return .integer(int)
        case .double(let double): return .real(double)
        case .string(let string): return .text(string)
        case .date(let date): return .real(date.timeIntervalSinceReferenceDate)
        default: return nil
        }
    }

    private static func sqlOperator(_ op: ComparisonOperator) -> String? {
        switch op {
        case .equal: return "="
        case .notEqual: return "IS NOT"
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return op.rawValue
        default: return nil
        }
    }
}
