/// A typed attribute of a ``ManagedObject`` subclass: the Swift face of the entity's
/// attribute of the same name, as `@NSManaged` is on Apple systems.
///
/// ```swift
/// final class Post: ManagedObject {
///     @Attribute var title: String
///     @Attribute var createdAt: Date?
/// }
/// post.title = "Hello"          // no SQL until save()
/// ```
///
/// Reading fires the object's fault like ``ManagedObject/value(forKey:)`` (row cache, or
/// one SELECT) and then decodes the stored value straight into `Value`: no `Any` box and
/// lookup by name (the attribute's index comes from the context's per-entity cache). Reading nil into a non-optional type stops the program, as Core Data does;
/// declare the property optional when the attribute can be nil. The model checks every
/// wrapper's type against its attribute when it is built (``ModelError``).
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanaged
@propertyWrapper
public struct Attribute<Value: AttributeValue>: ManagedPropertyWrapper {
    @usableFromInline package var slot = TypedSlot.unmarked

    /// A property backed by the entity's attribute of the same name.
    public init() {}

    /// Not available: `@Attribute` works only on properties of ``ManagedObject``
    /// subclasses, where the enclosing object is what it reads.
    @available(*, unavailable, message: "@Attribute is only for ManagedObject subclasses")
    public var wrappedValue: Value {
        get { preconditionFailure("@Attribute is only for ManagedObject subclasses") }
        set { preconditionFailure("@Attribute is only for ManagedObject subclasses") }
    }

    /// Reads and writes the attribute on the enclosing object, at the index its context
    /// keeps for (property, entity) (``ManagedObject/typedIndex(_:of:)``).
    ///
    /// Inlinable so that it is specialized in the subclass's module, where the storage
    /// key path is a literal: the index lookup hashes its address, and nothing is read
    /// from or written to the wrapper's storage (a class's stored property, whose every
    /// access runs the runtime exclusivity check).
    @inlinable
    public static subscript<Object: ManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Self>
    ) -> Value {
        get {
            guard let index = ManagedObject.typedIndex(storageKeyPath, of: object) else {
                return object.probedAttribute(storageKeyPath)
            }
            return object.typedAttribute(index)
        }
        set {
            object.setTypedAttribute(
                newValue, at: ManagedObject.typedIndex(storageKeyPath, of: object)!)
        }
    }

    static func mismatch(
        with property: Entity.Property, of entity: Entity, in entities: [Entity]
    ) -> String? {
        guard case .attribute(let index) = property else {
            return "@Attribute on a relationship; use @Relationship"
        }
        let type = entity.attributes[index].type
        guard Value.holds(type) else {
            return "declared \(Value.self), but the attribute is \(type.rawValue) "
                + "(read as \(type.swiftTypeName))"
        }
        return nil
    }
}

extension Attribute: TypedPropertyDeclaration {}
