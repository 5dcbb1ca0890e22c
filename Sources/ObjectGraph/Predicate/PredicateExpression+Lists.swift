extension PredicateExpression {
    /// A `.list` whose elements are all constants, as the constant list; anything else
    /// unchanged.
    var folded: PredicateExpression {
        guard case .list(let elements) = self else { return self }
        var values: [PredicateValue] = []
        for element in elements {
            guard case .constant(let value) = element else { return self }
            values.append(value)
        }
        return .constant(.list(values))
    }

    /// The first `$variable` left in an expression, for the error an unsubstituted
    /// list or arithmetic gives.
    var firstVariable: String? {
        switch self {
        case .variable(let name): return name
        case .list(let elements): return elements.lazy.compactMap(\.firstVariable).first
        case .arithmetic(_, let lhs, let rhs): return lhs.firstVariable ?? rhs.firstVariable
        default: return nil
        }
    }

    /// The expression as errors name it.
    var text: String {
        switch self {
        case .keyPath(let keyPath): return keyPath
        case .constant(let value): return value.description
        case .evaluatedObject: return "SELF"
        case .variable(let name): return "$" + name
        case .aggregate(let function, let collection, let key):
            return collection.text + "." + function.rawValue + (key.map { "." + $0 } ?? "")
        case .subquery(let collection, let variable, _):
            return "SUBQUERY(\(collection), $\(variable), …)"
        case .arithmetic(let op, let lhs, let rhs):
            return "\(lhs.text) \(op.rawValue) \(rhs.text)"
        case .list(let elements): return "{" + elements.map(\.text).joined(separator: ", ") + "}"
        }
    }
}
