import Foundation

/// The default transformer for Swift values: `Value` encoded as JSON (keys sorted, so
/// equal values store equal bytes).
///
/// Register it under the model's transformer name for any `Codable` type
/// (`[String]`, a struct of yours); a value of another type is refused with the type
/// expected. Cost: one `JSONEncoder` or `JSONDecoder` pass per value.
public struct CodableTransformer<Value: Codable & Sendable>: AttributeTransformer {
    private let name: String

    /// A transformer for `Value`; `name` appears in its errors.
    public init(name: String = "CodableTransformer<\(Value.self)>") {
        self.name = name
    }

    /// The JSON of `value`.
    /// - Parameter value: The attribute's value.
    /// - Throws: ``TransformError`` when `value` is not a `Value` or does not encode.
    public func data(from value: Any) throws(TransformError) -> Data {
        guard let typed = value as? Value else {
            throw TransformError(
                transformer: name,
                reason: "expected a value of type \(Value.self), got \(type(of: value))")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return try encoder.encode(typed) } catch {
            throw TransformError(transformer: name, reason: "cannot encode: \(error)")
        }
    }

    /// The `Value` decoded from JSON.
    /// - Parameter data: The column's bytes.
    /// - Throws: ``TransformError`` when the bytes are not the JSON of a `Value`.
    public func value(from data: Data) throws(TransformError) -> Any {
        do { return try JSONDecoder().decode(Value.self, from: data) } catch {
            throw TransformError(
                transformer: name,
                reason:
                    "the stored \(data.count) bytes are not the JSON of a \(Value.self): \(error)")
        }
    }
}
