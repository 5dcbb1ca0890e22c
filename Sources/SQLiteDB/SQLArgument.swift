/// One bound argument of a statement: a value, or a list of integer keys bound as a single
/// pointer parameter (see ``IntegerList``).
public enum SQLArgument: Hashable, Sendable, CustomStringConvertible {
    case value(SQLiteValue)
    case integerList(IntegerList)

    /// The argument as written in logs: a literal, or a short summary of a list.
    public var description: String {
        switch self {
        case .value(let value): return value.description
        case .integerList(let list): return list.description
        }
    }
}

extension SQLArgument: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .value(.null) }
    public init(integerLiteral value: Int64) { self = .value(.integer(value)) }
    public init(floatLiteral value: Double) { self = .value(.real(value)) }
    public init(stringLiteral value: String) { self = .value(.text(value)) }
}
