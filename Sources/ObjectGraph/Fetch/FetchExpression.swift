/// A computed column of a dictionary fetch, as Core Data's `NSExpressionDescription`:
/// either an aggregate over the fetched rows (`count:`, `sum:`, `min:`, `max:`,
/// `average:`) or a key-path expression evaluated per row (`posts.@count`).
///
/// An aggregate becomes one SQL aggregate over the attribute's column (`sum:` is
/// SQLite's `total()`, as in Core Data); a per-row expression over a to-many becomes a
/// correlated subquery (`(SELECT COUNT(t1.Z_PK) FROM ZPOST t1 WHERE (t0.Z_PK =
/// t1.ZAUTHOR))`). Either way SQLite computes it and no object is loaded.
public struct FetchExpression: Hashable, Sendable {
    /// The aggregate functions.
    public enum Function: String, Hashable, Sendable {
        /// `count:`, SQL `COUNT`: non-NULL values.
        case count
        /// `sum:`, SQL `total()`: an integer for integer attributes, else a Double.
        case sum
        /// `min:`.
        case min
        /// `max:`.
        case max
        /// `average:`, SQL `avg()`: a Double.
        case average

        /// The SQL function name.
        var sql: String {
            switch self {
            case .count: return "COUNT"
            case .sum: return "total"
            case .min: return "min"
            case .max: return "max"
            case .average: return "avg"
            }
        }
    }

    /// What the expression computes.
    enum Kind: Hashable, Sendable {
        /// `function` over `keyPath` across the fetched rows (or each group).
        case aggregate(Function, keyPath: String)
        /// A key-path expression of each row; `source` is its format, for errors.
        case perRow(PredicateExpression, source: String)
    }

    /// The key of the result in each dictionary.
    public let name: String
    let kind: Kind

    /// An aggregate of `function` over `keyPath`, reported under `name`.
    public init(name: String, function: Function, keyPath: String) {
        self.name = name
        self.kind = .aggregate(function, keyPath: keyPath)
    }

    /// A key-path expression evaluated for each row, reported under `name`: a to-many
    /// collection operator (`posts.@count`, `posts.@sum.likes`, `posts.@max.createdAt`),
    /// `SUBQUERY(posts, $p, $p.likes > 100).@count`, or a to-one key path, written in the
    /// predicate language, as `NSExpression(forKeyPath:)` takes it.
    ///
    /// ```swift
    /// request.propertiesToFetch = ["email",
    ///     .expression(try FetchExpression(name: "postCount", expression: "posts.@count"))]
    /// ```
    /// One correlated subquery per collection operator; the key paths are checked
    /// against the model when the fetch runs.
    ///
    /// - Parameters:
    ///   - name: The key of the computed value in each result dictionary.
    ///   - format: One expression in predicate syntax (`posts.@count`, `price * quantity`).
    ///   - arguments: Values for its `%@` and `%K` placeholders, in order.
    /// - Throws: ``PredicateSyntaxError`` (with the offset and a caret) when `format`
    ///   is not one expression.
    public init(name: String, expression format: String, _ arguments: Any?...)
        throws(PredicateSyntaxError)
    {
        var parser = try PredicateParser(format: format, arguments: arguments)
        self.name = name
        self.kind = .perRow(try parser.parseWholeExpression(), source: format)
    }
}
