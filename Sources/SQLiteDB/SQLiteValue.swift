import Foundation

/// One SQLite value: the five storage classes.
///
/// Column reads return it when the type is not known in advance, function arguments and
/// results use it, and trace events keep bound arguments in it. Reading a column
/// through a typed accessor such as ``Statement/int64(at:)`` avoids building one.
///
/// Related: https://www.sqlite.org/datatype3.html
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// Whether this is SQL NULL.
    public var isNull: Bool { self == .null }

    /// The integer, or nil for other storage classes.
    public var int64: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a Double (integers convert), or nil for text, blob and NULL.
    public var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    /// The text, or nil for other storage classes.
    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, or nil for other storage classes.
    public var data: Data? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

extension SQLiteValue: CustomStringConvertible {
    /// The value as an SQL literal, the way SQLite's `quote()` writes it: for logs and
    /// expanded SQL, never for building statements (values are always bound).
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return Self.literal(value)
        case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let value): return "X'" + value.map { Self.hexByte($0) }.joined() + "'"
        }
    }

    private static func literal(_ value: Double) -> String {
        if value.isNaN { return "NULL" }
        if value.isInfinite { return value < 0 ? "-9e999" : "9e999" }
        let text = String(value)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

extension SQLiteValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}
