import Foundation
import SQLiteDB

/// A Swift type an `@Attribute` property can have, and how it is stored.
///
/// Conforming types: `String`, `Int`, `Int16`, `Int32`, `Int64`, `Double`, `Float`, `Bool`,
/// `Date`, `Data`, `UUID`, `URL`, `Decimal`, and `Optional` of any of them. Each reads
/// its stored value without boxing it in `Any`.
public protocol AttributeValue {
    /// Whether an attribute of `type` can be read as this Swift type.
    static func holds(_ type: AttributeType) -> Bool
    /// The value in its stored form; nil when it is NULL or does not decode.
    static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self?
    /// The stored form for an attribute of `type`; nil when the value does not fit it
    /// (an `Int` too large for `integer16`).
    func encode(as type: AttributeType) -> SQLiteValue?
    /// What a probe reads (`PropertyProbe`): any value of the type.
    static var probeValue: Self { get }
}

/// The decoding of optional values: NULL reads as nil rather than failing.
extension Optional: AttributeValue where Wrapped: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { Wrapped.holds(type) }

    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        if case .null = stored { return .some(.none) }
        return Wrapped.decode(stored, as: type).map { .some($0) }
    }

    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? {
        guard let self else { return .null }
        return self.encode(as: type)
    }

    public static var probeValue: Self { nil }
}

extension String: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { type == .string }
    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        if case .text(let text) = stored { return text }
        return nil
    }
    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? { .text(self) }
    public static var probeValue: Self { "" }
}

extension Bool: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { type == .boolean }
    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        stored.int64.map { $0 != 0 }
    }
    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? { .integer(self ? 1 : 0) }
    public static var probeValue: Self { false }
}

extension Double: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { type == .double || type == .float }
    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        stored.double
    }
    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? { .real(self) }
    public static var probeValue: Self { 0 }
}

extension Float: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { type == .float }
    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        stored.double.map { Float($0) }
    }
    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? { .real(Double(self)) }
    public static var probeValue: Self { 0 }
}

extension Date: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { type == .date }
    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        stored.double.map { Date(timeIntervalSinceReferenceDate: $0) }
    }
    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? {
        .real(timeIntervalSinceReferenceDate)
    }
    public static var probeValue: Self { Date(timeIntervalSinceReferenceDate: 0) }
}

extension Data: AttributeValue {
    @inlinable
    public static func holds(_ type: AttributeType) -> Bool { type == .binary }
    @inlinable
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        if case .blob(let data) = stored { return data }
        return nil
    }
    @inlinable
    public func encode(as type: AttributeType) -> SQLiteValue? { .blob(self) }
    public static var probeValue: Self { Data() }
}

/// UUID, URL and Decimal share ``AttributeType``'s own conversions (16 bytes, absolute
/// string, exact text), so a typed and a key-value read always agree.
extension UUID: AttributeValue {
    public static func holds(_ type: AttributeType) -> Bool { type == .uuid }
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        type.decode(stored) as? UUID
    }
    public func encode(as type: AttributeType) -> SQLiteValue? { type.encode(self) }
    public static var probeValue: Self {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }
}

extension URL: AttributeValue {
    public static func holds(_ type: AttributeType) -> Bool { type == .uri }
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        type.decode(stored) as? URL
    }
    public func encode(as type: AttributeType) -> SQLiteValue? { type.encode(self) }
    public static var probeValue: Self { URL(fileURLWithPath: "/") }
}

extension Decimal: AttributeValue {
    public static func holds(_ type: AttributeType) -> Bool { type == .decimal }
    public static func decode(_ stored: SQLiteValue, as type: AttributeType) -> Self? {
        type.decode(stored) as? Decimal
    }
    public func encode(as type: AttributeType) -> SQLiteValue? { type.encode(self) }
    public static var probeValue: Self { 0 }
}
