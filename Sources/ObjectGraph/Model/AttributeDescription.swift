/// One attribute of an entity: a named, typed value stored in its own column.
///
/// The column is `Z` plus the upper-cased name (`firstName` becomes `ZFIRSTNAME`).
/// `isIndexed` adds `CREATE INDEX Z<ENTITY>_Z<NAME>_INDEX`, which speeds predicates on
/// the attribute and costs one index update per insert or change.
///
/// ```swift
/// AttributeDescription(name: "age", type: .integer64, isIndexed: true)
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsattributedescription
public struct AttributeDescription: Sendable {
    /// The key the attribute is read and written with.
    public var name: String
    /// The value type.
    public var type: AttributeType
    /// Whether nil is allowed; a save with nil in a required attribute fails validation.
    public var isOptional: Bool
    /// Whether the column gets an index.
    public var isIndexed: Bool
    /// The value new objects start with; it must have the attribute's Swift type.
    public var defaultValue: (any Sendable)?

    /// Describes an attribute.
    public init(
        name: String, type: AttributeType, isOptional: Bool = true, isIndexed: Bool = false,
        defaultValue: (any Sendable)? = nil
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isIndexed = isIndexed
        self.defaultValue = defaultValue
    }
}
