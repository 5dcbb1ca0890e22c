import Foundation

/// Converts a mapping model's constants and copied values to the Swift value a
/// destination attribute type stores, as key-value coding does when Core Data's
/// migration sets an `NSNumber` or `NSString` on an attribute of another type (a
/// Boolean `1` for an Integer 16, `0` for a Boolean).
enum MappingValueCoercion {
    /// A copied value that does not fit the destination attribute.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The value `constant` takes in an attribute of `type`, nil when it cannot hold it.
    static func value(of constant: MappingConstant, as type: AttributeType) -> (any Sendable)? {
        switch constant {
        case .null: return nil
        case .bool(let flag): return number(flag ? 1 : 0, isBool: true, as: type)
        case .integer(let int): return number(Double(int), exact: int, as: type)
        case .double(let real): return number(real, as: type)
        case .string(let text): return string(text, as: type)
        case .date(let seconds):
            return type == .date ? Date(timeIntervalSinceReferenceDate: seconds) : nil
        case .data(let bytes): return type == .binary ? Data(bytes) : nil
        }
    }

    /// The value a source attribute's `value` takes in an attribute of `type`.
    static func value(of value: Any, as type: AttributeType) -> (any Sendable)? {
        switch value {
        case let flag as Bool: return Self.value(of: .bool(flag), as: type)
        case let int as Int64: return Self.value(of: .integer(int), as: type)
        case let int as Int: return Self.value(of: .integer(Int64(int)), as: type)
        case let real as Double: return Self.value(of: .double(real), as: type)
        case let text as String: return Self.value(of: .string(text), as: type)
        case let date as Date:
            return type == .date ? date : type == .string ? date.description : nil
        case let data as Data: return type == .binary ? data : nil
        case let decimal as Decimal:
            return type == .decimal
                ? decimal : number(NSDecimalNumber(decimal: decimal).doubleValue, as: type)
        case let uuid as UUID: return type == .uuid ? uuid : type == .string ? uuid.uuidString : nil
        case let url as URL: return type == .uri ? url : type == .string ? url.absoluteString : nil
        default: return nil
        }
    }

    private static func number(
        _ real: Double, exact: Int64? = nil, isBool: Bool = false, as type: AttributeType
    ) -> (any Sendable)? {
        switch type {
        case .integer16, .integer32, .integer64:
            if let exact { return exact }
            guard real.isFinite, abs(real) < 9.2e18 else { return nil }
            return Int64(real)
        case .boolean: return real != 0
        case .double, .float: return real
        case .decimal: return exact.map { Decimal($0) } ?? Decimal(real)
        case .string: return isBool ? nil : exact.map { String($0) } ?? String(real)
        default: return nil
        }
    }

    private static func string(_ text: String, as type: AttributeType) -> (any Sendable)? {
        switch type {
        case .string: return text
        case .uri: return URL(string: text)
        case .decimal: return Decimal(string: text)
        case .uuid: return UUID(uuidString: text)
        default: return nil
        }
    }
}
