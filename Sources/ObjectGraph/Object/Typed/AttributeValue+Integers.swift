import SQLiteDB

/// Integer attributes (`integer16`, `integer32`, `integer64`) read as any Swift integer
/// type at least as wide; writing a value that does not fit the attribute fails.
public protocol IntegerAttributeValue: AttributeValue, FixedWidthInteger {}

extension IntegerAttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool {
        switch type {
        case .integer16: return bitWidth >= 16
        case .integer32: return bitWidth >= 32
        case .integer64: return bitWidth >= 64
        default: return false
        }
    }

    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        guard case .integer(let value) = stored else { return nil }
        return Self(exactly: value)
    }

    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? {
        guard let wide = Int64(exactly: self) else { return nil }
        switch type {
        case .integer16: return Int16(exactly: wide).map { _ in .integer(wide) }
        case .integer32: return Int32(exactly: wide).map { _ in .integer(wide) }
        default: return .integer(wide)
        }
    }

    public static var probeValue: Self { 0 }
}

extension Int: IntegerAttributeValue {}
extension Int16: IntegerAttributeValue {}
extension Int32: IntegerAttributeValue {}
extension Int64: IntegerAttributeValue {}
