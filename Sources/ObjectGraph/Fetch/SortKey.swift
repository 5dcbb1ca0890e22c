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
}
