/// A typed relationship of a ``ManagedObject`` subclass: `Target?` for a to-one,
/// `Set<Target>` for a to-many, `[Target]` for an ordered to-many.
///
/// ```swift
/// final class Post: ManagedObject {
///     @Relationship var author: User?
///     @Relationship var tags: Set<Tag>
/// }
/// post.author = user                  // user.posts gains post
/// post.tags.insert(tag)               // tag.posts gains post
/// try post.add(tag, to: \.tags)       // the same, without copying the set
/// ```
///
/// Reading costs what ``ManagedObject/value(forKey:)`` costs (a to-one is a fault known
/// by its ID, no SQL; a to-many's first read runs one SELECT). Setting replaces the
/// members and keeps inverses on both sides, as key-value setting does; a write that
/// breaks a rule (an object of another context) stops the program, as Core Data raises.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanaged
@propertyWrapper
public struct Relationship<Value: RelationshipValue>: ManagedPropertyWrapper {
    @usableFromInline package var slot = TypedSlot.unmarked

    /// A property backed by the entity's relationship of the same name.
    public init() {}

    /// Not available: `@Relationship` works only on properties of ``ManagedObject``
    /// subclasses, where the enclosing object is what it reads.
    @available(*, unavailable, message: "@Relationship is only for ManagedObject subclasses")
    public var wrappedValue: Value {
        get { preconditionFailure("@Relationship is only for ManagedObject subclasses") }
        set { preconditionFailure("@Relationship is only for ManagedObject subclasses") }
    }

    /// Reads and writes the relationship on the enclosing object.
    ///
    /// Inlinable for the reasons ``Attribute``'s is: the index is a field load once
    /// resolved, and building the `Set` or array is specialized for `Value`.
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        get {
            guard let index = ManagedObject.typedIndex(storageKeyPath, of: object) else {
                return object.probedRelationship(storageKeyPath)
            }
            var value: Value?
            object.withTypedRelationship(index) { count, member in
                value = Value.make(count: count, member: member)
            }
            return value!
        }
        set {
            object.setTypedRelationship(
                newValue.objects, at: ManagedObject.typedIndex(storageKeyPath, of: object)!)
        }
    }

    static func mismatch(
        with property: Entity.Property, of entity: Entity, in entities: [Entity]
    ) -> String? {
        guard case .relationship(let index) = property else {
            return "@Relationship on an attribute; use @Attribute"
        }
        let relationship = entity.relationships[index]
        let shape: RelationshipShape =
            !relationship.isToMany ? .toOne : relationship.isOrdered ? .orderedToMany : .toMany
        guard shape == Value.shape else {
            return "declared \(Value.self) (\(Value.shape.rawValue)), but the relationship is "
                + shape.rawValue
        }
        let destination = entities[relationship.destinationID - 1]
        for member in destination.descendantIDs.map({ entities[$0 - 1] })
        where !Value.accepts(member.objectClass) {
            return "declared \(Value.self), but destination \(member.name)'s objects are "
                + "\(member.objectClass)"
        }
        return nil
    }
}

extension Relationship: TypedPropertyDeclaration {}
