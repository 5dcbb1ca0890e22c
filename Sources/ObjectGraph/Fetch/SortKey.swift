/// One sort key of a fetch: a key path (possibly through to-one relationships) and a
/// direction. Becomes `ORDER BY t0.ZTITLE` or `ORDER BY t1.ZNAME DESC`.
///
/// ```swift
/// request.sortDescriptors = [SortKey("author.name"), SortKey("title", ascending: false)]
/// ```
///
/// Related: https://developer.apple.com/documentation/foundation/nssortdescriptor
public struct SortKey: Hashable, Sendable {
    /// The key path to sort on.
    public var keyPath: String
    /// Whether smaller values come first.
    public var ascending: Bool

    /// A sort key.
    public init(_ keyPath: String, ascending: Bool = true) {
        self.keyPath = keyPath
        self.ascending = ascending
    }

    /// A sort key from a typed key path: `SortKey(\Post.createdAt)`,
    /// `SortKey(\Post.author?.name)` (through to-ones).
    ///
    /// Cost: the property names are found once per key path with a probe instance of
    /// `Root` (no store, no model). A key path that reads no `@Attribute` or
    /// `@Relationship` property (a computed property) stops the program.
    public init<Root: ManagedObject, Value>(_ keyPath: KeyPath<Root, Value>, ascending: Bool = true)
    {
        let names = PropertyProbe.names(of: keyPath)
        precondition(
            !names.isEmpty,
            "SortKey(\(keyPath)): the key path reads no @Attribute or @Relationship property")
        self.init(names.joined(separator: "."), ascending: ascending)
    }
}
