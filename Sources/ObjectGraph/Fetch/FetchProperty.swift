/// One entry of ``AnyFetchRequest/propertiesToFetch``: an attribute or to-one key (a
/// string literal), `objectID`, or an aggregate expression.
///
/// ```swift
/// request.propertiesToFetch = ["age", .expression(.init(name: "n", function: .count,
///                                                      keyPath: "age"))]
/// ```
public enum FetchProperty: Hashable, Sendable, ExpressibleByStringLiteral {
    /// An attribute or to-one relationship of the fetched entity, or `objectID`.
    case key(String)
    /// An aggregate over an attribute (dictionary fetches only).
    case expression(FetchExpression)

    /// A key from a literal.
    public init(stringLiteral value: String) {
        self = .key(value)
    }

    /// The key a dictionary result uses for this property.
    public var name: String {
        switch self {
        case .key(let key): return key
        case .expression(let expression): return expression.name
        }
    }
}
