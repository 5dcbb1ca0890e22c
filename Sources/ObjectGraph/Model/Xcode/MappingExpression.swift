/// A value or source expression of a mapping model, as Xcode archives it
/// (`NSExpression`): `$source.title`, a constant, or a `FUNCTION(...)` call on the
/// migration manager or the entity's migration policy.
///
/// ``description`` writes it in the format-string syntax Xcode's mapping editor shows,
/// so a refusal can quote the expression the developer typed.
///
/// Related: https://developer.apple.com/documentation/foundation/nsexpression
public indirect enum MappingExpression: Sendable, Equatable, CustomStringConvertible {
    /// A constant (`NSConstantValueExpression`).
    case constant(MappingConstant)
    /// A variable: `$source`, `$manager`, `$entityPolicy` (`NSVariableExpression`).
    case variable(String)
    /// A key path as the argument of `valueForKeyPath:` (`NSKeyPathSpecifierExpression`).
    case keyPathSpecifier(String)
    /// The object evaluated (`SELF`).
    case evaluatedObject
    /// A method call: `valueForKeyPath:` for a key path, or a `FUNCTION` call
    /// (`NSKeyPathExpression`, `NSFunctionExpression`).
    case function(operand: MappingExpression, selector: String, arguments: [MappingExpression])
    /// An expression kind the engine does not read (the archived class name).
    case unsupported(className: String)

    /// The key path read from `$source` (`status`, `sentMessage.sortIndex`), nil for
    /// any other expression.
    public var sourceKeyPath: String? {
        guard case .function(.variable("source"), "valueForKeyPath:", let arguments) = self,
            arguments.count == 1, case .keyPathSpecifier(let path) = arguments[0]
        else { return nil }
        return path
    }

    /// The expression in format-string syntax: `$source.status`,
    /// `FUNCTION($entityPolicy, "epoch")`.
    public var description: String {
        switch self {
        case .constant(let value): return value.description
        case .variable(let name): return "$" + name
        case .keyPathSpecifier(let path): return path
        case .evaluatedObject: return "SELF"
        case .function(let operand, let selector, let arguments):
            if selector == "valueForKeyPath:", arguments.count == 1 {
                return "\(operand).\(arguments[0])"
            }
            let list = ([operand.description, "\"\(selector)\""] + arguments.map(\.description))
            return "FUNCTION(" + list.joined(separator: ", ") + ")"
        case .unsupported(let name): return "<\(name)>"
        }
    }
}

/// A constant of a mapping expression.
public enum MappingConstant: Sendable, Equatable, CustomStringConvertible {
    /// `nil`.
    case null
    /// `YES` / `NO`.
    case bool(Bool)
    /// An integer number.
    case integer(Int64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// A date (seconds since 2001-01-01, as `NSDate`).
    case date(Double)
    /// Bytes.
    case data([UInt8])

    /// The constant in format-string syntax.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "YES" : "NO"
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .date(let value): return "CAST(\(value), \"NSDate\")"
        case .data(let bytes): return "<\(bytes.count) bytes>"
        }
    }
}
