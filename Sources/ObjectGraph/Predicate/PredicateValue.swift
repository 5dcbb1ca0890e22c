import Foundation

/// A constant in a predicate: a literal from the format string or a `%@` argument.
///
/// Kept as a Sendable value (never as `Any`) so that a ``FetchPredicate`` can cross
/// threads, and so the SQL compiler and the in-memory evaluator see the same thing.
package enum PredicateValue: Hashable, Sendable, CustomStringConvertible {
    /// `nil`.
    case null
    /// `YES`, `NO`, or a `Bool` argument.
    case bool(Bool)
    /// An integer literal or argument.
    case integer(Int64)
    /// A floating-point literal or argument.
    case double(Double)
    /// A quoted string or `String` argument.
    case string(String)
    /// A `Date` argument or `CAST(n, "NSDate")`.
    case date(Date)
    /// A `Data` argument.
    case data(Data)
    /// A `UUID` argument.
    case uuid(UUID)
    /// A `URL` argument.
    case url(URL)
    /// A `Decimal` argument.
    case decimal(Decimal)
    /// A managed object, compared by identity (its to-one foreign key in SQL).
    case object(ObjectID)
    /// The right side of `IN`.
    case list([PredicateValue])

    /// The constant for a `%@` argument or a value read from an object; nil for a type
    /// the language has no constant for.
    package init?(_ value: Any?) {
        guard let value else {
            self = .null
            return
        }
        if let common = Self.common(value) {
            self = common
        } else if let simple = Self.simple(value) {
            self = simple
        } else if let object = value as? ManagedObject {
            self = .object(object.objectID)
        } else if let id = value as? ObjectID {
            self = .object(id)
        } else if let collection = Self.collection(value) {
            self = collection
        } else {
            return nil
        }
    }

    /// The common arguments (an ID, an object, a string, an integer) by their exact
    /// type, before `simple`'s casts: a repeated `SELF == %@` fetch spent 70M of its
    /// 624M instructions at 10k failing a dozen casts before it reached `ObjectID`.
    /// An exact type matched none of `simple`'s earlier cases, so the order changes
    /// no constant (an `NSNumber` still goes through `simple`, `Bool` first).
    private static func common(_ value: Any) -> PredicateValue? {
        let type = type(of: value)
        if type == ObjectID.self, let id = value as? ObjectID { return .object(id) }
        if type == String.self, let string = value as? String { return .string(string) }
        if type == Int.self, let int = value as? Int { return .integer(Int64(int)) }
        if let object = value as? ManagedObject { return .object(object.objectID) }
        return nil
    }

    private static func simple(_ value: Any) -> PredicateValue? {
        switch value {
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .integer(Int64(int))
        case let int as Int64: return .integer(int)
        case let int as Int32: return .integer(Int64(int))
        case let int as Int16: return .integer(Int64(int))
        case let double as Double: return .double(double)
        case let float as Float: return .double(Double(float))
        case let string as String: return .string(string)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let uuid as UUID: return .uuid(uuid)
        case let url as URL: return .url(url)
        case let decimal as Decimal: return .decimal(decimal)
        case let value as PredicateValue: return value
        case is NSNull: return .null
        default: return nil
        }
    }

    private static func collection(_ value: Any) -> PredicateValue? {
        let elements: [Any]
        switch value {
        case let array as [Any]: elements = array
        case let results as any AnyFetchResults: elements = results.managedObjects
        case let set as Set<ManagedObject>: elements = Array(set)
        case let set as Set<String>: elements = set.sorted()
        case let set as Set<Int>: elements = set.sorted()
        case let set as Set<Int64>: elements = set.sorted()
        default: return nil
        }
        var values: [PredicateValue] = []
        for element in elements {
            guard let converted = PredicateValue(element) else { return nil }
            values.append(converted)
        }
        return .list(values)
    }

    /// The value as the predicate language writes it.
    package var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let bool): return bool ? "YES" : "NO"
        case .integer(let int): return String(int)
        case .double(let double): return String(double)
        case .string(let string): return "\"\(string)\""
        case .date(let date): return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .data(let data): return "<\(data.count) bytes>"
        case .uuid(let uuid): return uuid.uuidString
        case .url(let url): return url.absoluteString
        case .decimal(let decimal): return decimal.description
        case .object(let id): return id.description
        case .list(let values): return "{" + values.map(\.description).joined(separator: ", ") + "}"
        }
    }
}
