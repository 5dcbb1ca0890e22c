import Foundation

/// One generated attribute value, in the Swift type the engine expects for its
/// attribute type.
public enum GeneratedValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case double(Double)
    case boolean(Bool)
    case string(String)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    case decimal(Decimal)
    case url(URL)
    /// A list of strings: the value of a transformable attribute holding `[String]`.
    case strings([String])

    /// The value as `value(forKey:)` and batch-insert dictionaries carry it.
    public var object: (any Sendable)? {
        switch self {
        case .null: return nil
        case .integer(let value): return value
        case .double(let value): return value
        case .boolean(let value): return value
        case .string(let value): return value
        case .date(let value): return value
        case .data(let value): return value
        case .uuid(let value): return value
        case .decimal(let value): return value
        case .url(let value): return value
        case .strings(let value): return value
        }
    }

    /// Feeds a canonical encoding (a type tag, then fixed-width or length-prefixed
    /// bytes) to the content hash, so the hash depends on values, not on formatting.
    func hash(into hasher: inout ContentHasher) {
        switch self {
        case .null: hasher.combine(tag: 0)
        case .integer(let value): hasher.combine(tag: 1, value.bitPattern)
        case .double(let value): hasher.combine(tag: 2, value.bitPattern)
        case .boolean(let value): hasher.combine(tag: 3, value ? 1 : 0)
        case .string(let value): hasher.combine(tag: 4, text: value)
        case .date(let value):
            hasher.combine(tag: 5, value.timeIntervalSinceReferenceDate.bitPattern)
        case .data(let value): hasher.combine(tag: 6, bytes: value)
        case .uuid(let value): hasher.combine(tag: 7, text: value.uuidString)
        case .decimal(let value): hasher.combine(tag: 8, text: "\(value)")
        case .url(let value): hasher.combine(tag: 9, text: value.absoluteString)
        case .strings(let value):
            hasher.combine(tag: 11, UInt64(value.count))
            for text in value { hasher.combine(tag: 4, text: text) }
        }
    }
}

extension Int64 {
    fileprivate var bitPattern: UInt64 { UInt64(bitPattern: self) }
}
