import Foundation

/// Turns the value of a transformable attribute into the bytes its column stores and
/// back, as Core Data's `ValueTransformer` does for an attribute whose
/// `valueTransformerName` names it.
///
/// Register one under the name the model uses with ``ValueTransformerRegistry``; the
/// engine calls it when a value is set (`setValue(_:forKey:)`, batch inserts) and when
/// one is read (`value(forKey:)`, dictionary results, `changedValues()`).
///
/// ```swift
/// var transformers = ValueTransformerRegistry.standard
/// transformers.register(CodableTransformer<[String]>(), named: "StringListTransformer")
/// let model = ManagedObjectModel(entities: entities, transformers: transformers)
/// ```
///
/// Cost: whatever encoding the transformer does, once per value set or read.
///
/// Related: https://developer.apple.com/documentation/foundation/valuetransformer
public protocol AttributeTransformer: Sendable {
    /// The stored bytes of `value`.
    /// - Throws: ``TransformError`` when the value has a type the transformer cannot
    ///   encode.
    func data(from value: Any) throws(TransformError) -> Data

    /// The value stored as `data`.
    /// - Throws: ``TransformError`` when the bytes cannot be decoded.
    func value(from data: Data) throws(TransformError) -> Any
}

/// A value that a transformer could not encode, or bytes it could not decode: which
/// transformer, what went wrong and what to do.
public struct TransformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The transformer's name in the model (`NSSecureUnarchiveFromData`).
    public var transformer: String
    /// What went wrong and what to do, in one line.
    public var reason: String

    /// Makes an error.
    public init(transformer: String, reason: String) {
        self.transformer = transformer
        self.reason = reason
    }

    /// `value transformer NAME: reason`.
    public var description: String { "value transformer \(transformer): \(reason)" }
}
