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
    /// What the value is when it is not a plain ``type`` value: a transformable or
    /// composite value, or Xcode's Undefined type. The engine stores plain values,
    /// transformables (through the transformer registered under their name) and
    /// composites (one column per field, as Core Data does); the model refuses an
    /// Undefined attribute that is not transient, an object-ID attribute and a derived
    /// one with an error naming the attribute.
    public var valueKind: AttributeValueKind = .plain
    /// Whether the value lives only in memory (no column; Core Data's `transient`).
    /// The engine keeps no transient values yet: such attributes get no storage.
    public var isTransient = false
    /// The key path or aggregate (`posts.@count`) a derived attribute is computed from.
    public var derivationExpression: String?
    /// The validation floor: a number, or a length for strings.
    public var minimumValue: Double?
    /// The validation ceiling: a number, or a length for strings.
    public var maximumValue: Double?
    /// Whether large `binary` values may live in files beside the store.
    public var allowsExternalBinaryDataStorage = false
    /// Whether a deletion keeps the value in persistent history (`preserveAfterDeletion`).
    public var preservesValueInHistoryOnDeletion = false
    /// Whether Spotlight indexes the value.
    public var isIndexedBySpotlight = false
    /// Text mixed into the version hash to force a new version without a schema change.
    public var versionHashModifier: String?
    /// The property's previous name, for lightweight migration (Xcode's `elementID`).
    public var renamingIdentifier: String?
    /// Application data kept with the model; the engine does not read it.
    public var userInfo: [String: String] = [:]

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

extension AttributeDescription {
    /// Why the engine cannot store this attribute yet, or nil when it can.
    package var unsupportedReason: String? {
        switch valueKind {
        case .plain:
            return derivationExpression == nil ? nil : "derived attributes are not computed yet"
        case .composite: return nil
        case .transformable: return nil
        case .undefined: return "an Undefined attribute must be transient"
        case .objectID: return "object ID attributes cannot be stored"
        }
    }
}
