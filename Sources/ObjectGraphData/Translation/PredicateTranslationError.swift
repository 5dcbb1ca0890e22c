/// A `#Predicate` the SQL translator cannot express: the fetch fails instead of
/// filtering in memory, so a predicate never silently costs a full scan.
///
/// Each case names the expression (its Foundation type, generic arguments included) and
/// the model type the predicate is over; ``description`` says what to do instead.
public enum PredicateTranslationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An expression type with no SQL form (`IntRemainder`, `Filter`, a type cast, …).
    case unsupportedExpression(expression: String, model: String, reason: String)
    /// A constant of a type SQL parameters cannot hold (a struct, a closure result, …).
    case unsupportedValue(type: String, model: String)
    /// A key path that reads no `@Attribute` or `@Relationship` property (a computed
    /// property, or a property of a type that is not a model class).
    case unsupportedKeyPath(keyPath: String, model: String)

    public var description: String {
        switch self {
        case .unsupportedExpression(let expression, let model, let reason):
            return "#Predicate<\(model)>: \(expression) has no SQL translation (\(reason)); "
                + "rewrite the predicate, or fetch and filter in memory explicitly"
        case .unsupportedValue(let type, let model):
            return "#Predicate<\(model)>: a constant of type \(type) cannot be bound as an "
                + "SQL value; compare with a String, number, Bool, Date, Data, UUID, URL, "
                + "Decimal, model object or an array of those"
        case .unsupportedKeyPath(let keyPath, let model):
            return "#Predicate<\(model)>: key path \(keyPath) reads no @Attribute or "
                + "@Relationship property; predicates can only use stored properties"
        }
    }
}
