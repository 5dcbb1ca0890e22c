/// A Swift type a `@Relationship` property can have: `Target?` for a to-one,
/// `Set<Target>` for a to-many, `[Target]` for an ordered to-many, where `Target` is
/// the destination entity's class (or a superclass of it).
public protocol RelationshipValue {
    /// What the relationship must look like in the model.
    static var shape: RelationshipShape { get }
    /// Whether objects of `objectClass` can be members.
    static func accepts(_ objectClass: ManagedObject.Type) -> Bool
    /// The value made of the relationship's current objects (checked by the model to
    /// be of the target class).
    static func make(from objects: [ManagedObject]) -> Self
    /// The value made of `count` objects, `member(offset)` giving each (asked once per
    /// offset, in order): how a typed read builds it without an intermediate array.
    /// Engine plumbing, hidden from the documentation.
    @_documentation(visibility: internal)
    static func make(count: Int, member: (Int) -> ManagedObject) -> Self
    /// The objects a value holds, in order.
    var objects: [ManagedObject] { get }
    /// What a probe reads: nil, empty, or (for a to-one) a probe of the target class, so
    /// key paths through it (`\Post.author?.name`) can be followed. Engine plumbing,
    /// hidden from the documentation.
    @_documentation(visibility: internal)
    static func probeValue(_ probe: PropertyProbe) -> Self
}

/// The kinds of relationship a ``RelationshipValue`` stands for.
public enum RelationshipShape: String, Sendable {
    case toOne = "to-one"
    case toMany = "unordered to-many"
    case orderedToMany = "ordered to-many"
}

extension RelationshipValue {
    /// Through an array, for a conformance that does not build its value itself.
    @_documentation(visibility: internal)
    public static func make(count: Int, member: (Int) -> ManagedObject) -> Self {
        make(from: (0..<count).map(member))
    }
}

extension Optional: RelationshipValue where Wrapped: ManagedObject {
    public static var shape: RelationshipShape { .toOne }
    public static func accepts(_ objectClass: ManagedObject.Type) -> Bool {
        objectClass is Wrapped.Type
    }
    @inlinable
    public static func make(from objects: [ManagedObject]) -> Self {
        objects.first.map { unsafeDowncast($0, to: Wrapped.self) }
    }
    @inlinable
    public static func make(count: Int, member: (Int) -> ManagedObject) -> Self {
        count == 0 ? nil : unsafeDowncast(member(0), to: Wrapped.self)
    }
    @inlinable
    public var objects: [ManagedObject] { map { [$0] } ?? [] }
    public static func probeValue(_ probe: PropertyProbe) -> Self {
        Wrapped(ObjectCreation(probe: probe))
    }
}

extension Set: RelationshipValue where Element: ManagedObject {
    public static var shape: RelationshipShape { .toMany }
    public static func accepts(_ objectClass: ManagedObject.Type) -> Bool {
        objectClass is Element.Type
    }
    @inlinable
    public static func make(from objects: [ManagedObject]) -> Self {
        // Sized once: `Set(objects.lazy.map …)` cannot know the count and grew (and
        // rehashed) its table as it went.
        var set = Set<Element>(minimumCapacity: objects.count)
        for object in objects { set.insert(unsafeDowncast(object, to: Element.self)) }
        return set
    }
    /// Each member inserted as it is handed over (its reference moved into the table,
    /// no retain and release), into a table sized once.
    @inlinable
    public static func make(count: Int, member: (Int) -> ManagedObject) -> Self {
        var set = Set<Element>(minimumCapacity: count)
        for offset in 0..<count {
            set.update(with: unsafeDowncast(member(offset), to: Element.self))
        }
        return set
    }
    @inlinable
    public var objects: [ManagedObject] { Array(self) }
    public static func probeValue(_ probe: PropertyProbe) -> Self { [] }
}

extension Array: RelationshipValue where Element: ManagedObject {
    public static var shape: RelationshipShape { .orderedToMany }
    public static func accepts(_ objectClass: ManagedObject.Type) -> Bool {
        objectClass is Element.Type
    }
    @inlinable
    public static func make(from objects: [ManagedObject]) -> Self {
        objects.map { unsafeDowncast($0, to: Element.self) }
    }
    @inlinable
    public static func make(count: Int, member: (Int) -> ManagedObject) -> Self {
        var array: [Element] = []
        array.reserveCapacity(count)
        for offset in 0..<count { array.append(unsafeDowncast(member(offset), to: Element.self)) }
        return array
    }
    @inlinable
    public var objects: [ManagedObject] { self }
    public static func probeValue(_ probe: PropertyProbe) -> Self { [] }
}
