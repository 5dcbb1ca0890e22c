/// A named composite type (iOS 17): a group of fields that one attribute holds as a
/// dictionary, addressed by key paths such as `address.city`.
///
/// A field is an ``AttributeDescription``; one whose ``AttributeDescription/valueKind``
/// is ``AttributeValueKind/composite(name:)`` nests another composite. The engine stores
/// a composite as Core Data does: one column per field, named by the field's key path
/// (`address.city`, nested `address.geo.lat`), and gives the value back as a
/// dictionary of its fields.
///
/// Related: https://developer.apple.com/documentation/coredata/nscompositeattributedescription
public struct CompositeAttributeDescription: Sendable {
    /// The composite's name, unique in its model.
    public var name: String
    /// Its fields, in declaration order.
    public var elements: [AttributeDescription]

    /// Describes a composite type.
    public init(name: String, elements: [AttributeDescription] = []) {
        self.name = name
        self.elements = elements
    }
}
