import Foundation
import SQLiteDB

extension AttributeType {
    /// The stored form of a Swift value, or nil when the value has the wrong type or does
    /// not fit (an `Int` too large for `integer16`).
    ///
    /// Cost: one dynamic cast; dates and decimals also convert.
    package func encode(_ value: Any) -> SQLiteValue? {
        switch self {
        case .integer16: return Self.integer(value, bits: 16)
        case .integer32: return Self.integer(value, bits: 32)
        case .integer64: return Self.integer(value, bits: 64)
        case .double, .float: return Self.real(value)
        case .decimal: return (value as? Decimal).map { .text($0.description) }
        case .string: return (value as? String).map { .text($0) }
        case .boolean: return (value as? Bool).map { .integer($0 ? 1 : 0) }
        case .date: return (value as? Date).map { .real($0.timeIntervalSinceReferenceDate) }
        case .binary: return (value as? Data).map { .blob($0) }
        case .uuid: return (value as? UUID).map { .blob(Self.bytes(of: $0)) }
        case .uri: return (value as? URL).map { .text($0.absoluteString) }
        }
    }

    /// The Swift value of a stored value; NULL is nil.
    package func decode(_ value: SQLiteValue) -> Any? {
        switch (self, value) {
        case (_, .null): return nil
        case (.integer16, _), (.integer32, _), (.integer64, _): return value.int64
        case (.double, _), (.float, _): return value.double
        case (.decimal, _): return Self.decimal(value)
        case (.string, .text(let text)): return text
        case (.boolean, .integer(let int)): return int != 0
        case (.date, _): return value.double.map { Date(timeIntervalSinceReferenceDate: $0) }
        case (.binary, .blob(let data)): return data
        case (.uuid, .blob(let data)): return Self.uuid(from: data)
        case (.uri, .text(let text)): return URL(string: text)
        default: return nil
        }
    }

    private static func integer(_ value: Any, bits: Int) -> SQLiteValue? {
        let wide: Int64?
        switch value {
        case let int as Int: wide = Int64(int)
        case let int as Int64: wide = int
        case let int as Int32: wide = Int64(int)
        case let int as Int16: wide = Int64(int)
        case let int as Int8: wide = Int64(int)
        case let int as UInt8: wide = Int64(int)
        case let int as UInt16: wide = Int64(int)
        case let int as UInt32: wide = Int64(int)
        default: wide = nil
        }
        guard let wide else { return nil }
        guard bits == 64 || (wide >= -(1 << (bits - 1)) && wide < (1 << (bits - 1))) else {
            return nil
        }
        return .integer(wide)
    }

    private static func real(_ value: Any) -> SQLiteValue? {
        switch value {
        case let double as Double: return .real(double)
        case let float as Float: return .real(Double(float))
        default: return nil
        }
    }

    private static func decimal(_ value: SQLiteValue) -> Decimal? {
        switch value {
        case .text(let text):
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .integer(let int): return Decimal(int)
        case .real(let double): return Decimal(double)
        default: return nil
        }
    }

    private static func bytes(of uuid: UUID) -> Data {
        withUnsafeBytes(of: uuid.uuid) { Data($0) }
    }

    private static func uuid(from data: Data) -> UUID? {
        guard data.count == 16 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: data) }
        return UUID(uuid: raw)
    }
}
