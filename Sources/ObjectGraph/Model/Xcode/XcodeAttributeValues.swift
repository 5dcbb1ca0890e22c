import Foundation

/// Turns the text of Xcode's `attributeType`, `defaultValueString` and count keys into
/// typed values, leniently where real files are loose (`NO` as an integer default,
/// `0.0` as an integer), strictly where a wrong guess would change data.
enum XcodeAttributeValues {
    /// The engine type and value kind of an `<attribute>` with these XML attributes
    /// (`attributeType` absent: Undefined); nil for an unknown type or a composite
    /// that names no `<composite>`.
    static func kind(of keys: [String: String]) -> (AttributeType, AttributeValueKind)? {
        guard let name = keys["attributeType"] else { return (.binary, .undefined) }
        if let type = plainTypes[name] { return (type, .plain) }
        switch name {
        case "Undefined": return (.binary, .undefined)
        case "Transformable":
            return (
                .binary,
                .transformable(
                    transformerName: keys["valueTransformerName"],
                    customClassName: keys["customClassName"])
            )
        case "Composite": return keys["composite"].map { (.binary, .composite(name: $0)) }
        case "ObjectID": return (.binary, .objectID)
        default: return nil
        }
    }

    /// Every `attributeType` spelling Xcode writes.
    static let typeNames = plainTypes.keys.sorted() + ["Composite", "ObjectID", "Transformable"]

    private static let plainTypes: [String: AttributeType] = [
        "Integer 16": .integer16, "Integer 32": .integer32, "Integer 64": .integer64,
        "Double": .double, "Float": .float, "Decimal": .decimal, "String": .string,
        "Boolean": .boolean, "Date": .date, "Binary": .binary, "UUID": .uuid, "URI": .uri,
    ]

    /// The default value written as `text` for an attribute of `type`, or nil when the
    /// text cannot be one.
    static func defaultValue(_ text: String, type: AttributeType) -> (any Sendable)? {
        switch type {
        case .boolean: return integer(text).map { $0 != 0 }
        case .integer16: return integer(text).flatMap { Int16(exactly: $0) != nil ? Int($0) : nil }
        case .integer32: return integer(text).flatMap { Int32(exactly: $0) != nil ? Int($0) : nil }
        case .integer64: return integer(text).map { Int($0) }
        case .double, .float: return Double(text)
        case .decimal: return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .string: return text
        case .date: return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) }
        case .uuid: return UUID(uuidString: text)
        case .uri: return URL(string: text)
        case .binary: return nil
        }
    }

    /// `YES`/`NO`/`true`/`false` or any number, truncated toward zero (`0.0` is 0).
    private static func integer(_ text: String) -> Int64? {
        switch text.lowercased() {
        case "yes", "true": return 1
        case "no", "false": return 0
        default: break
        }
        if let exact = Int64(text) { return exact }
        guard let number = Double(text), number.isFinite else { return nil }
        return Int64(exactly: number.rounded(.towardZero))
    }

    /// The delete rule spelled `text` (`Nullify`, `Cascade`, `Deny`, `No Action`).
    static func deleteRule(_ text: String) -> DeleteRule? {
        switch text {
        case "Nullify": return .nullify
        case "Cascade": return .cascade
        case "Deny": return .deny
        case "No Action": return .noAction
        default: return nil
        }
    }
}
