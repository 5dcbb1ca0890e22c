/// An aggregate in a dictionary fetch, as Core Data's `NSExpressionDescription` over
/// `count:`, `sum:`, `min:`, `max:` and `average:`.
///
/// It becomes one SQL aggregate over the attribute's column (`sum:` is SQLite's
/// `total()`, as in Core Data), computed by SQLite: no object is loaded.
public struct FetchExpression: Hashable, Sendable {
    /// The aggregate functions.
    public enum Function: String, Hashable, Sendable {
        case count, sum, min, max, average

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

    /// The key of the result in each dictionary.
    public var name: String
    /// The aggregate.
    public var function: Function
    /// The attribute aggregated.
    public var keyPath: String

    /// An aggregate of `function` over `keyPath`, reported under `name`.
    public init(name: String, function: Function, keyPath: String) {
        self.name = name
        self.function = function
        self.keyPath = keyPath
    }
}
