import Foundation
import ObjectGraph

/// What to fetch: SwiftData's `FetchDescriptor`, with a `#Predicate` and Foundation
/// `SortDescriptor`s, translated into an ObjectGraph ``FetchRequest`` for each fetch.
///
/// ```swift
/// var descriptor = FetchDescriptor<Post>(
///     predicate: #Predicate { $0.author?.name == "ann" && $0.likes > 10 },
///     sortBy: [SortDescriptor(\.createdAt, order: .reverse)])
/// descriptor.fetchLimit = 20
/// descriptor.propertiesToFetch = [\.title]
/// ```
///
/// Sorting is SQL's `ORDER BY`. A `SortDescriptor` on a String (or optional String) key
/// path sorts as SwiftData's does by default, with `.localizedStandard`
/// (`apple, Banana, cherry, Trip 9, Trip 10`): `ORDER BY … COLLATE NSCollateFinderlike`,
/// Core Data's collation for it, registered on every store connection. One made with
/// `comparator: .lexical` sorts in binary order (`Banana, Trip 10, Trip 9, apple,
/// cherry`), which an index on the column can serve. (On Linux, Foundation has no
/// `.localizedStandard` value to pass: the descriptor built without a comparator stands
/// for it, as `SortDescriptor(\.name)` is `.localizedStandard` in SwiftData.)
///
/// Differences from SwiftData: a sort descriptor built from a comparator alone (no key
/// path) cannot be translated; `.localized` (not available on Linux) is not modelled.
///
/// Related: https://developer.apple.com/documentation/swiftdata/fetchdescriptor
public struct FetchDescriptor<T: ManagedObject> {
    /// The condition, compiled to SQL (never evaluated in memory over fetched rows).
    public var predicate: Predicate<T>?
    /// The order: key paths of stored properties, through to-ones.
    public var sortBy: [SortDescriptor<T>]
    /// At most this many results; nil for all.
    public var fetchLimit: Int?
    /// Results to skip first; nil for none.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, updates and deletes of the context are taken into
    /// account (as Core Data's `includesPendingChanges`).
    public var includePendingChanges = true
    /// The attributes and to-ones to load; empty for all. Objects come back as partial
    /// faults: reading another property fires one SELECT of the whole row.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Relationships whose objects are fetched with the results (one SELECT each).
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// A descriptor for every `T`, or those matching `predicate`, in `sortBy` order.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }

    /// The ObjectGraph request this descriptor stands for.
    ///
    /// Cost: translates the predicate (linear in its size) and each key path (cached
    /// per process).
    /// - Throws: ``PredicateTranslationError`` for a predicate or sort descriptor with no
    ///   SQL form.
    public func makeFetchRequest() throws -> FetchRequest<T> {
        let request = FetchRequest<T>()
        if let predicate {
            request.predicate = try PredicateTranslator.fetchPredicate(predicate)
        }
        request.sortDescriptors = try sortBy.map(Self.sortKey)
        request.fetchLimit = fetchLimit ?? 0
        request.fetchOffset = fetchOffset ?? 0
        request.includesPendingChanges = includePendingChanges
        if !propertiesToFetch.isEmpty {
            request.propertiesToFetch = propertiesToFetch.map {
                FetchProperty(stringLiteral: KeyPathNames.dotted($0))
            }
        }
        request.relationshipKeyPathsForPrefetching = relationshipKeyPathsForPrefetching.map(
            KeyPathNames.dotted)
        return request
    }

    private static func sortKey(_ descriptor: SortDescriptor<T>) throws -> SortKey {
        guard let keyPath = descriptor.keyPath else {
            throw PredicateTranslationError.unsupportedExpression(
                expression: "SortDescriptor without a key path", model: "\(T.self)",
                reason: "SQL sorts by columns; give the descriptor a key path")
        }
        let valueType = type(of: keyPath).valueType
        let isString = valueType == String.self || valueType == String?.self
        let comparison: SortKey.Comparison =
            isString && descriptor.stringComparator != .lexical ? .localizedStandard : .binary
        return SortKey(
            KeyPathNames.dotted(keyPath), ascending: descriptor.order == .forward,
            comparison: comparison)
    }
}
