/// A condition on objects, written in NSPredicate's format language, compiled to SQL
/// for fetches and evaluated in memory for unsaved objects.
///
/// ```swift
/// let predicate = try FetchPredicate(format: "author.name BEGINSWITH[c] %@ AND age > %@",
///                                    "al", 30)
/// ```
///
/// The whole format language for fetches: comparisons, `BETWEEN`, `IN`, the string
/// operators with `[c]`, `[d]`, `[cd]`, `ANY ALL NONE`, `SUBQUERY`, `@count @sum @avg
/// @min @max`, `SELF`, literals, `%@ %K %d %f` arguments and `$variables`
/// (``withSubstitutionVariables(_:)``); see `PredicateParser` for the grammar.
/// Every constant is bound as an SQL parameter.
///
/// Cost: parsing is linear in the format string; done once per predicate. A format
/// string is lexed once per process, and a format parsed again whose `%@` arguments stand
/// directly on the sides of comparisons is filled in from a kept parse instead of parsed
/// (the same tree and the same errors; docs/PREDICATES.md).
///
/// Related: https://developer.apple.com/documentation/foundation/nspredicate
public struct FetchPredicate: Hashable, Sendable, CustomStringConvertible {
    /// The parsed tree.
    package let root: PredicateNode
    /// The format string it was parsed from.
    public let format: String
    /// Whether to-one key paths join with LEFT OUTER JOIN instead of Core Data's inner
    /// JOIN, so that an object whose to-one is nil can still match (the predicate then
    /// tests for nil itself). Set by translators of languages where a nil to-one does not
    /// exclude the object, such as Swift's optional chaining in `#Predicate`.
    package var joinsToOneOuter = false

    /// Parses a format string, taking `%@` and `%K` arguments in order.
    ///
    /// - Parameters:
    ///   - format: An `NSPredicate` format string (docs/PREDICATES.md).
    ///   - arguments: Values for its `%@` and `%K` placeholders, in order.
    /// - Throws: ``PredicateSyntaxError`` naming the position and what was expected.
    public init(format: String, _ arguments: Any?...) throws {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a format string with its arguments in an array.
    ///
    /// - Parameters:
    ///   - format: An `NSPredicate` format string (docs/PREDICATES.md).
    ///   - argumentArray: Values for its `%@` and `%K` placeholders, in order.
    /// - Throws: ``PredicateSyntaxError``.
    public init(format: String, argumentArray: [Any?]) throws {
        self.root = try PredicateFormatCache.shared.predicate(
            format: format, arguments: argumentArray)
        self.format = format
    }

    /// A predicate from a tree.
    package init(root: PredicateNode, format: String) {
        self.root = root
        self.format = format
    }

    /// `TRUEPREDICATE`: every object.
    public static let all = FetchPredicate(root: .truePredicate, format: "TRUEPREDICATE")

    public var description: String { format }

    public static func == (lhs: FetchPredicate, rhs: FetchPredicate) -> Bool {
        lhs.root == rhs.root && lhs.joinsToOneOuter == rhs.joinsToOneOuter
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(joinsToOneOuter)
    }
}
