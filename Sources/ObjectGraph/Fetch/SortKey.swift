import Foundation

/// One sort key of a fetch: a key path (possibly through to-one relationships) and a
/// direction. Becomes `ORDER BY t0.ZTITLE` or `ORDER BY t1.ZNAME DESC`.
///
/// ```swift
/// request.sortDescriptors = [SortKey("author.name"), SortKey("title", ascending: false)]
/// ```
///
/// Related: https://developer.apple.com/documentation/foundation/nssortdescriptor
public struct SortKey: Hashable, Sendable {
    /// How strings compare.
    public enum Comparison: Hashable, Sendable {
        /// Byte order of UTF-8, as SQLite's BINARY collation: what a plain
        /// `NSSortDescriptor(key:ascending:)` (selector `compare:`) gives in Core Data's
        /// SQL too (`Banana, Trip 10, Trip 9, apple, cherry`). No collation in SQL, so an
        /// index on the column can serve the ORDER BY.
        case binary
        /// Finder-like order (`localizedStandardCompare:`): case-insensitive, digits by
        /// numeric value, locale-aware (`apple, Banana, cherry, Trip 9, Trip 10`). Core
        /// Data's SQL says `COLLATE NSCollateFinderlike`, and so does ours (a collation
        /// registered on every store connection); SwiftData's default for a String
        /// `SortDescriptor`. Cost: the collation compares in Swift and no index can
        /// serve the order (SQLite sorts with a temporary B-tree).
        case localizedStandard
    }

    /// The key path to sort on.
    public var keyPath: String
    /// Whether smaller values come first.
    public var ascending: Bool
    /// How string values compare; other values ignore it.
    public var comparison: Comparison

    /// A sort key.
    public init(_ keyPath: String, ascending: Bool = true, comparison: Comparison = .binary) {
        self.keyPath = keyPath
        self.ascending = ascending
        self.comparison = comparison
    }

    /// Finder-like comparison of two strings (Foundation's `localizedStandardCompare`).
    package static func finderlikeOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs.localizedStandardCompare(rhs)
    }

    /// Compares two sort values under `comparison` (nil first, as SQLite orders).
    package func compare(_ lhs: PredicateValue, _ rhs: PredicateValue) -> ComparisonResult {
        switch (lhs, rhs) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedAscending
        case (_, .null): return .orderedDescending
        case (.string(let left), .string(let right)) where comparison == .localizedStandard:
            return Self.finderlikeOrder(left, right)
        default: return PredicateEvaluator.order(lhs, rhs) ?? .orderedSame
        }
    }

    /// A sort key from a typed key path: `SortKey(\Post.createdAt)`,
    /// `SortKey(\Post.author?.name)` (through to-ones).
    ///
    /// Cost: the property names are found once per key path with a probe instance of
    /// `Root` (no store, no model). A key path that reads no `@Attribute` or
    /// `@Relationship` property (a computed property) stops the program.
    public init<Root: ManagedObject, Value>(
        _ keyPath: KeyPath<Root, Value>, ascending: Bool = true, comparison: Comparison = .binary
    ) {
        let names = PropertyProbe.names(of: keyPath)
        precondition(
            !names.isEmpty,
            "SortKey(\(keyPath)): the key path reads no @Attribute or @Relationship property")
        self.init(names.joined(separator: "."), ascending: ascending, comparison: comparison)
    }
}
