import Foundation

/// Core Data's archiving transformers (`NSSecureUnarchiveFromData`, its subclasses,
/// and the legacy keyed unarchiver used when no transformer is named): values kept as
/// `NSKeyedArchiver` archives, as Core Data on Apple systems writes them.
///
/// On Linux, Foundation's archiver knows only Foundation's own classes: strings,
/// numbers, dates, data, URLs, UUIDs and arrays, sets and dictionaries of them. Those
/// round-trip, and archives Core Data wrote with them decode. An archive holding any
/// other class (`UIColor`, `CLLocation`, an app's own `NSCoding` class) cannot be
/// decoded here: reading it throws a ``TransformError`` that says so and how to store
/// the value instead. Cost: one archiver pass per value.
public struct KeyedArchiveTransformer: AttributeTransformer {
    private let name: String

    /// The classes an archive may hold.
    private static let allowed: [AnyClass] = [
        NSArray.self, NSDictionary.self, NSSet.self, NSString.self, NSNumber.self,
        NSDate.self, NSData.self, NSURL.self, NSUUID.self, NSNull.self,
    ]

    /// The transformer for the model's name `name` (which errors quote).
    public init(name: String) {
        self.name = name
    }

    /// The keyed archive of `value`.
    /// - Parameter value: The attribute's value.
    /// - Throws: ``TransformError`` when `value` is not made of Foundation's classes.
    public func data(from value: Any) throws(TransformError) -> Data {
        do {
            return try NSKeyedArchiver.archivedData(
                withRootObject: value, requiringSecureCoding: true)
        } catch {
            throw TransformError(
                transformer: name,
                reason: "cannot archive a \(type(of: value)) on Linux (only strings, numbers, "
                    + "dates, data, URLs, UUIDs and collections of them): register a "
                    + "CodableTransformer under this name to store it as JSON")
        }
    }

    /// The value unarchived from `data`.
    /// - Parameter data: The column's bytes.
    /// - Throws: ``TransformError`` when the archive holds a class Linux's Foundation does
    ///   not have, or is not an archive.
    public func value(from data: Data) throws(TransformError) -> Any {
        let decoded: Any?
        do {
            decoded = try NSKeyedUnarchiver.unarchivedObject(ofClasses: Self.allowed, from: data)
        } catch {
            throw TransformError(
                transformer: name,
                reason: "the stored \(data.count) bytes cannot be unarchived on Linux "
                    + "(\(Self.classNames(in: data).map { "it holds \($0); " } ?? "")"
                    + "only Foundation's value classes can be): register a transformer "
                    + "under this name that reads them")
        }
        guard let decoded else {
            throw TransformError(transformer: name, reason: "the stored archive holds no value")
        }
        return decoded
    }

    /// The class names an archive lists (`$classname` values), for the error.
    private static func classNames(in data: Data) -> String? {
        guard
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
                as? [String: Any],
            let objects = plist["$objects"] as? [Any]
        else { return nil }
        let names = objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}
