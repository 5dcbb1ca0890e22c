import SQLiteDB

/// An attribute resolved for storage: its column and its slot in a row snapshot.
package struct ResolvedAttribute: Sendable {
    /// The attribute's name.
    package let name: String
    /// Its value type.
    package let type: AttributeType
    /// Whether nil is allowed at save time.
    package let isOptional: Bool
    /// Whether its column has an index.
    package let isIndexed: Bool
    /// The stored default for new objects (NULL when none).
    package let defaultValue: SQLiteValue
    /// The column name in the hierarchy's table.
    package let column: SQLName
    /// The index of its value in a row snapshot.
    package let slot: Int
    /// A transformable attribute's transformer, boxed so that a plain attribute's
    /// check is one pointer test (an optional existential here cost the KVC read path
    /// 2.3% more instructions). Nil for plain attributes.
    package var transformerBox: TransformerBox? = nil

    /// A transformable attribute's transformer: values pass through it to and from the
    /// stored bytes. Nil for plain attributes.
    package var transformer: (any AttributeTransformer)? { transformerBox?.transformer }

    /// The Swift value of `stored`: the type's decoding, or for a transformable
    /// attribute its transformer's. NULL is nil.
    ///
    /// - Throws: ``TransformError`` when the transformer cannot decode the bytes.
    package func value(from stored: SQLiteValue) throws(TransformError) -> Any? {
        guard let transformer = transformerBox?.transformer else { return type.decode(stored) }
        switch stored {
        case .null: return nil
        case .blob(let data): return try transformer.value(from: data)
        default:
            throw TransformError(
                transformer: String(describing: Swift.type(of: transformer)),
                reason: "\(name) holds a \(stored) value, not the bytes of a transformed value")
        }
    }

    /// ``value(from:)``, or the stored bytes when a transformer cannot decode them: for
    /// `changedValues()` and `committedValues(forKeys:)`, which report every value.
    package func readableValue(_ stored: SQLiteValue) -> Any? {
        (try? value(from: stored)) ?? type.decode(stored)
    }

    /// The stored form of `value`: the type's encoding (nil when the value has the
    /// wrong type), or for a transformable attribute its transformer's bytes.
    ///
    /// - Throws: ``TransformError`` when the transformer cannot encode the value.
    package func stored(_ value: Any) throws(TransformError) -> SQLiteValue? {
        guard let transformer = transformerBox?.transformer else { return type.encode(value) }
        return .blob(try transformer.data(from: value))
    }
}

/// A transformer held by reference (see ``ResolvedAttribute/transformerBox``).
package final class TransformerBox: Sendable {
    /// The transformer.
    package let transformer: any AttributeTransformer

    /// Boxes `transformer`.
    package init(_ transformer: any AttributeTransformer) {
        self.transformer = transformer
    }
}
