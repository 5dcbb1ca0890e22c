/// Where a typed property's value lives in its object's entity: the attribute or
/// relationship index, found on first use and kept in the wrapper's storage, so later
/// reads of the same object need no lookup.
@usableFromInline
package struct TypedSlot: Sendable, Equatable {
    /// The index; negative while unresolved (or marked).
    @usableFromInline var index: Int32

    /// Not resolved yet.
    static let unresolved = TypedSlot(index: -1)
    /// Set by ``PropertyProbe`` to find a wrapper among an object's `Mirror` children.
    static let marker = TypedSlot(index: -2)

    /// The index, or nil before the first resolution.
    var resolved: Int? { index >= 0 ? Int(index) : nil }
}

/// The storage of `@Attribute` and `@Relationship`: what ``PropertyProbe`` and the
/// inlined accessors see.
@usableFromInline
package protocol ManagedPropertyWrapper {
    /// The resolved index (or a marker).
    var slot: TypedSlot { get set }
}

/// How the model's class check asks a wrapper whether its declared type fits.
protocol TypedPropertyDeclaration {
    /// Checks the wrapper's declared type against the entity property of the same name:
    /// a description of the mismatch, or nil when it fits.
    static func mismatch(with property: Entity.Property, of entity: Entity, in entities: [Entity])
        -> String?
}
