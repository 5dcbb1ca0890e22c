/// What an attribute's value is, beyond its ``AttributeType``: Core Data's attribute
/// types that are not a single plain value.
///
/// Xcode models use all of them; the engine stores only ``plain`` values yet, so a
/// model with any other kind on a stored attribute fails validation with an error that
/// names the entity and the attribute.
///
/// Related: https://developer.apple.com/documentation/coredata/nsattributetype
public enum AttributeValueKind: Hashable, Sendable {
    /// A value of the attribute's ``AttributeType``.
    case plain
    /// Bytes made by a named value transformer (`NSSecureUnarchiveFromData`, or the
    /// legacy keyed unarchiver when `transformerName` is nil) from a value of
    /// `customClassName`.
    case transformable(transformerName: String?, customClassName: String?)
    /// A dictionary of named fields (iOS 17): the ``CompositeAttributeDescription``
    /// called `name` in the model.
    case composite(name: String)
    /// Xcode's Undefined type: no type at all, legal only on a transient attribute.
    case undefined
    /// An object ID; it exists for fetch results and is never stored.
    case objectID
}
