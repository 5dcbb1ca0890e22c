import SQLiteDB

extension PredicateSQLCompiler {
    /// One side of a comparison in SQL.
    struct Operand {
        /// What the side is.
        enum Kind {
            /// A column or subquery holding values of an attribute type.
            case attribute(AttributeType)
            /// A primary or foreign key of objects of an entity.
            case object(Entity)
            /// A constant, bound once the other side's type is known.
            case constant(PredicateValue)
        }

        /// The SQL for a column or subquery (empty for a constant).
        let sql: SQL
        let kind: Kind
        private let path: String?

        /// The key path, for errors; a constant's description, made only when an error
        /// reads it (describing an object ID builds its URI: about 14,000 instructions).
        var keyPath: String {
            if let path { return path }
            if case .constant(let value) = kind { return value.description }
            return ""
        }

        /// A column or subquery side, named by `keyPath` in errors.
        init(sql: SQL, kind: Kind, keyPath: String) {
            self.sql = sql
            self.kind = kind
            self.path = keyPath
        }

        /// A constant side.
        init(constant value: PredicateValue) {
            self.sql = ""
            self.kind = .constant(value)
            self.path = nil
        }
    }

    /// The SQL side for an expression.
    mutating func operand(_ expression: PredicateExpression) throws -> Operand {
        switch expression {
        case .constant(let value):
            return Operand(constant: value)
        case .evaluatedObject:
            return selfOperand
        case .variable(let name):
            guard name == variable else { throw FetchError.unboundVariable(name) }
            return selfOperand
        case .keyPath(let keyPath):
            let keys = try localKeys(keyPath)
            guard !keys.isEmpty else { return selfOperand }
            let column = try planner.column(
                for: keys.joined(separator: "."), inner: innerJoins)
            switch column.target {
            case .attribute(let attribute):
                return Operand(
                    sql: column.sql, kind: .attribute(attribute.type), keyPath: keyPath)
            case .toOne(_, let destination):
                return Operand(sql: column.sql, kind: .object(destination), keyPath: keyPath)
            }
        case .aggregate(let function, let collection, let key):
            return try aggregate(function, of: collection, key: key)
        case .subquery(let collection, _, _):
            throw FetchError.unsupportedComparison(
                "SUBQUERY(\(collection), …) without @count")
        case .arithmetic(let op, let lhs, let rhs):
            return try arithmetic(op, lhs, rhs)
        case .list:
            throw FetchError.unboundVariable(expression.firstVariable ?? "")
        }
    }

    private var selfOperand: Operand {
        Operand(sql: "\(planner.rootAlias).Z_PK", kind: .object(planner.root), keyPath: "SELF")
    }

    /// `lhs op rhs` in SQL.
    func compare(
        _ lhs: Operand, _ op: ComparisonOperator, _ rhs: Operand,
        options: StringMatching.Options
    ) throws -> SQL {
        if case .constant(let left) = lhs.kind, case .constant(let right) = rhs.kind {
            return try PredicateEvaluator.compare(left, op, right, options: options) ? "1" : "0"
        }
        switch op {
        case .in, .between: return try collectionComparison(lhs, op, rhs, options)
        case .beginsWith, .endsWith, .contains, .like, .matches:
            return try stringSearch(lhs, op.stringOperator!, rhs, options)
        case .equal, .notEqual:
            if !options.isEmpty, isString(lhs) || isString(rhs), !isNull(lhs), !isNull(rhs) {
                let search = try stringSearch(lhs, .equals, rhs, options)
                return op == .equal ? search : "NOT COALESCE(\(search), 0)"
            }
            return try equality(lhs, op == .equal, rhs)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if !options.isEmpty, isString(lhs) || isString(rhs) {
                return try foldedOrder(lhs, op, rhs, options)
            }
            let (left, right) = try bind(lhs, rhs)
            return "\(left) \(raw: op.rawValue) \(right)"
        }
    }

    private func equality(_ lhs: Operand, _ equal: Bool, _ rhs: Operand) throws -> SQL {
        let (left, right) = try bind(lhs, rhs)
        let nullTest: SQL = equal ? " IS NULL" : " IS NOT NULL"
        if case .constant = rhs.kind, right.arguments == [.value(.null)] {
            return left + nullTest
        }
        if case .constant = lhs.kind, left.arguments == [.value(.null)] {
            return right + nullTest
        }
        let bothColumns = !isConstant(lhs) && !isConstant(rhs)
        let symbol: SQL = equal ? (bothColumns ? " IS " : " = ") : " IS NOT "
        return left + symbol + right
    }

    /// `NSCoreDataStringSearch(…)`, `NSCoreDataLike(…)` or `NSCoreDataMatches(…)`.
    func stringSearch(
        _ lhs: Operand, _ op: StringMatching.Operator, _ rhs: Operand,
        _ options: StringMatching.Options
    ) throws -> SQL {
        let left = try stringSide(lhs, other: rhs)
        let right = try stringSide(rhs, other: lhs)
        // Option and operator codes are constants of the engine, written literally as
        // Core Data writes them; only the user's strings are bound.
        let codes: SQL = "\(raw: String(options.rawValue))"
        switch op {
        case .like: return "NSCoreDataLike(\(left), \(right), \(codes))"
        case .matches: return "NSCoreDataMatches(\(left), \(right), \(codes))"
        default:
            return
                "NSCoreDataStringSearch(\(left), \(right), \(codes), \(raw: String(op.rawValue)))"
        }
    }

    private func stringSide(_ side: Operand, other: Operand) throws -> SQL {
        switch side.kind {
        case .constant(.string(let text)): return "\(text)"
        case .constant(.null): return "\(SQLiteValue.null)"
        case .constant(let value):
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: other.keyPath, expected: "String",
                actual: value.description)
        case .attribute(.string), .attribute(.uri): return side.sql
        case .attribute(let type):
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: side.keyPath, expected: "String",
                actual: type.swiftTypeName)
        case .object(let entity):
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: side.keyPath, expected: "String",
                actual: entity.name)
        }
    }

    /// Both sides as SQL, constants bound in the other side's storage form.
    func bind(_ lhs: Operand, _ rhs: Operand) throws -> (SQL, SQL) {
        let left: SQL
        let right: SQL
        if case .constant(let value) = lhs.kind {
            left = try storage(value, for: rhs)
        } else {
            left = lhs.sql
        }
        if case .constant(let value) = rhs.kind {
            right = try storage(value, for: lhs)
        } else {
            right = rhs.sql
        }
        return (left, right)
    }

    /// A constant in the storage form of the column it is compared with.
    func storage(_ value: PredicateValue, for column: Operand) throws -> SQL {
        if value == .null { return "\(SQLiteValue.null)" }
        let stored: SQLiteValue?
        let expected: String
        switch column.kind {
        case .attribute(let type):
            stored = value.storage(for: type)
            expected = type.swiftTypeName
        case .object(let destination):
            if case .object(let id) = value, destination.includes(id.entity) {
                stored = .integer(id.primaryKey ?? -1)
            } else {
                stored = nil
            }
            expected = destination.name
        case .constant:
            stored = nil
            expected = "a key path"
        }
        guard let stored else {
            throw FetchError.typeMismatch(
                entity: planner.root.name, keyPath: column.keyPath, expected: expected,
                actual: value.description)
        }
        return "\(stored)"
    }

    func isString(_ side: Operand) -> Bool {
        switch side.kind {
        case .constant(.string), .attribute(.string), .attribute(.uri): return true
        default: return false
        }
    }

    func isConstant(_ side: Operand) -> Bool {
        if case .constant = side.kind { return true }
        return false
    }
}
