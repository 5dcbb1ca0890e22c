/// The one value a typed property's wrapper stores: whether ``PropertyProbe`` marked
/// it. (The property's index is not kept here: see ``ManagedObject/typedIndex(_:of:)``.)
@usableFromInline
package struct TypedSlot: Sendable, Equatable {
    /// -2 when marked, -1 otherwise.
    var index: Int32

    /// Not marked: every wrapper's initial value.
    static let unmarked = TypedSlot(index: -1)
    /// Set by ``PropertyProbe`` to find a wrapper among an object's `Mirror` children.
    static let marker = TypedSlot(index: -2)
}

/// The storage of `@Attribute` and `@Relationship`: what ``PropertyProbe`` marks and
/// the inlined accessors' index lookup is generic over.
@usableFromInline
package protocol ManagedPropertyWrapper {
    /// The probe's mark.
    var slot: TypedSlot { get set }
}

/// How the model's class check asks a wrapper whether its declared type fits.
protocol TypedPropertyDeclaration {
    /// Checks the wrapper's declared type against the entity property of the same name:
    /// a description of the mismatch, or nil when it fits.
    static func mismatch(with property: Entity.Property, of entity: Entity, in entities: [Entity])
        -> String?
}
