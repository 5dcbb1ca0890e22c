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
}
