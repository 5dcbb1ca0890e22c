import Foundation
import ObjectGraph

/// The live results of a ``FetchDescriptor``: the headless analogue of SwiftData's
/// `@Query`, over ObjectGraph's ``FetchedResultsController``.
///
/// ```swift
/// let query = try Query(FetchDescriptor<Post>(sortBy: [SortDescriptor(\.createdAt)]),
///                       modelContext: context)
/// query.onChange = { query in print(query.count) }
/// context.insert(post)            // onChange runs when the change is processed
/// ```
///
/// It shows the context's state, unsaved changes included, as `@Query` does: the
/// controller updates each time the context processes changes that touch the entity
/// (end of a `perform` block, `processPendingChanges()`, a save, a merge), by
/// evaluating the predicate in memory on the changed objects and placing them by binary
/// search (no SELECT for an update that stays in the results).
/// Use it on its context's queue.
///
/// Differences from `@Query`: a sort descriptor is required (the controller needs an
/// order); `fetchLimit` and `fetchOffset` are refused; ``results`` is built on first
/// read after each change, while `@Query` rebuilds its array eagerly.
///
/// Related: https://developer.apple.com/documentation/swiftdata/query
public final class Query<T: ManagedObject> {
    /// The controller underneath.
    public let controller: FetchedResultsController
    /// Called on the context's queue after each change of the results.
    public var onChange: ((Query<T>) -> Void)?
    private let relay = Relay()
    private var cached: [T]?

    /// Fetches `descriptor`'s results and starts watching `modelContext`.
    ///
    /// Cost: with `batchSize` 0, one SELECT of whole rows (every object loaded); with B,
    /// one SELECT of IDs and sort columns, objects loaded B at a time when read.
    /// - Parameters:
    ///   - descriptor: What to fetch; it needs a sort descriptor and no limit or offset.
    ///   - modelContext: The context whose saves and changes update the results.
    ///   - batchSize: Objects loaded per batch when read; 0 loads every object at once.
    /// - Throws: ``PredicateTranslationError``, `FetchedResultsError` (no sort
    ///   descriptor, a limit or offset), `FetchError` or `SQLiteError`.
    public init(_ descriptor: FetchDescriptor<T>, modelContext: ModelContext, batchSize: Int = 0)
        throws
    {
        let request = try descriptor.makeFetchRequest()
        request.fetchBatchSize = batchSize
        controller = FetchedResultsController(
            fetchRequest: request, managedObjectContext: modelContext.managedObjectContext,
            sectionNameKeyPath: nil)
        relay.changed = { [weak self] in self?.didChange() }
        controller.delegate = relay
        try controller.performFetch()
    }

    /// How many results. Cost: no SQL.
    public var count: Int { controller.count }

    /// The result at `index` (may load its batch: one SELECT).
    public subscript(index: Int) -> T {
        let object = controller.object(at: ResultsIndexPath(item: index, section: 0))
        guard let model = object as? T else {
            // The request is FetchRequest<T>: its entity's objects are T's.
            preconditionFailure("Query<\(T.self)>: result \(index) is a \(type(of: object))")
        }
        return model
    }

    /// The results in order. Cost: builds the array on first read after a change (and
    /// loads every batch not loaded yet).
    public var results: [T] {
        if let cached { return cached }
        let built = (0..<count).map { self[$0] }
        cached = built
        return built
    }

    /// The identifiers of the results, in order. Cost: no SQL.
    public var identifiers: [PersistentIdentifier] { controller.fetchedObjectIDs }

    private func didChange() {
        cached = nil
        onChange?(self)
    }

    /// Forwards the controller's did-change to the query without a reference cycle.
    private final class Relay: FetchedResultsControllerDelegate {
        var changed: (() -> Void)?

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            changed?()
        }
    }
}
