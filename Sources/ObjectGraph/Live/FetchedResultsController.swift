import Foundation

/// Watches a fetch request's results and tells what changed each time its context
/// processes changes that touch its entity, saved or not (at the end of a `perform`
/// block, on `processPendingChanges()`, before a save, after a merge, refresh or
/// reset): the headless stand-in for `NSFetchedResultsController` and SwiftUI's
/// `@FetchRequest`.
///
/// ```swift
/// let request = FetchRequest<ManagedObject>(entityName: "Post")
/// request.predicate = try FetchPredicate(format: "score > %@", 10.0)
/// request.sortDescriptors = [SortKey("score", ascending: false)]
/// request.fetchBatchSize = 20
/// let controller = FetchedResultsController(
///     fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil)
/// controller.delegate = listModel
/// try controller.performFetch()
/// let first = controller.object(at: ResultsIndexPath(item: 0, section: 0))
/// ```
///
/// Changes are decided in memory: a changed object's membership is the predicate run
/// by the in-memory evaluator, its place a binary search over the sort-key values the
/// controller keeps, so an update to a loaded object that stays in the results costs
/// no SELECT. Use it on its context's queue only.
///
/// Related: https://developer.apple.com/documentation/coredata/nsfetchedresultscontroller
public final class FetchedResultsController {
    /// The request whose results are watched (sort keys required).
    public let fetchRequest: AnyFetchRequest
    /// The context the results live in.
    public let managedObjectContext: ManagedObjectContext
    /// The key path that names sections (the first sort key), or nil for one section.
    public let sectionNameKeyPath: String?
    /// Told about every change, on the context's queue.
    public weak var delegate: (any FetchedResultsControllerDelegate)?

    var list = ResultList(sortKeys: [], entries: [])
    /// The sections after the last fetch or change.
    public internal(set) var sections: [FetchedResultsSection] = []
    var entity: Entity?
    let streams = SnapshotStreams()
    var observations: [ContextObservation] = []

    /// A controller over `fetchRequest`'s results in `managedObjectContext`; nothing
    /// runs until ``performFetch()``.
    public init(
        fetchRequest: AnyFetchRequest, managedObjectContext: ManagedObjectContext,
        sectionNameKeyPath: String?
    ) {
        self.fetchRequest = fetchRequest
        self.managedObjectContext = managedObjectContext
        self.sectionNameKeyPath = sectionNameKeyPath
    }

    /// Runs the request, brings in the context's unsaved changes (as a fetch with
    /// `includesPendingChanges` does) and starts watching the context.
    ///
    /// Cost: with `fetchBatchSize` 0, one SELECT of whole rows (every object loaded);
    /// with B > 0, one SELECT of keys and sort columns, and objects load B at a time
    /// on first access (``object(at:)``).
    ///
    /// - Throws: ``FetchedResultsError`` for a request it cannot watch,
    ///   ``FetchError`` or `SQLiteError`.
    public func performFetch() throws {
        managedObjectContext.checkQueue()
        let entity = try validatedEntity()
        self.entity = entity
        list = ResultList(sortKeys: fetchRequest.sortDescriptors, entries: try fetchEntries(entity))
        includePendingChanges()
        sections = ResultSections.make(list, sectioned: sectionNameKeyPath != nil)
        startObserving()
    }

    private func validatedEntity() throws -> Entity {
        let entity = try managedObjectContext.entity(for: fetchRequest)
        guard let first = fetchRequest.sortDescriptors.first else {
            throw FetchedResultsError.missingSortKeys(entity: entity.name)
        }
        if let path = sectionNameKeyPath, path != first.keyPath {
            throw FetchedResultsError.sectionKeyPathNotFirstSortKey(
                sectionKeyPath: path, firstSortKey: first.keyPath)
        }
        if fetchRequest.fetchLimit != 0 {
            throw FetchedResultsError.unsupportedOption("fetchLimit")
        }
        if fetchRequest.fetchOffset != 0 {
            throw FetchedResultsError.unsupportedOption("fetchOffset")
        }
        if fetchRequest.resultType != .managedObject {
            throw FetchedResultsError.unsupportedOption("resultType \(fetchRequest.resultType)")
        }
        return entity
    }

    private func fetchEntries(_ entity: Entity) throws -> [ResultList.Entry] {
        let coordinator = managedObjectContext.coordinator
        if fetchRequest.fetchBatchSize > 0 {
            return try coordinator.fetchOrderedKeys(for: fetchRequest, entity: entity).map {
                ResultList.Entry(id: $0.0, keys: $0.1)
            }
        }
        let rows = try coordinator.fetchOrderedRows(for: fetchRequest, entity: entity)
        let objects = managedObjectContext.register(rows, asFaults: false)
        return try objects.map { ResultList.Entry(id: $0.objectID, keys: try sortValues(of: $0)) }
    }

    /// An object's sort-key values, read in memory.
    func sortValues(of object: ManagedObject) throws -> [PredicateValue] {
        try fetchRequest.sortDescriptors.map {
            PredicateValue(try object.checkedValue(forKeyPath: $0.keyPath)) ?? .null
        }
    }

    // MARK: - Reading results

    /// Every result's ID, in order. Cost: no SQL.
    public var fetchedObjectIDs: [ObjectID] { list.entries.map(\.id) }

    /// How many results there are.
    public var count: Int { list.count }

    /// The object at `indexPath`. With a batch size B, the first access to an object
    /// not yet in the context loads its batch of B (one SELECT).
    public func object(at indexPath: ResultsIndexPath) -> ManagedObject {
        object(atFlatIndex: sections[indexPath.section].offset + indexPath.item)
    }

    /// Where `object` is in the results, or nil. Cost: no SQL.
    public func indexPath(forObject object: ManagedObject) -> ResultsIndexPath? {
        list.position(of: object.objectID).map { ResultSections.indexPath(of: $0, in: sections) }
    }

    /// The objects of one section, in order (loading their batches).
    public func objects(inSection section: Int) -> [ManagedObject] {
        let range =
            sections[section]
            .offset..<(sections[section].offset
            + sections[section].numberOfObjects)
        return range.map { object(atFlatIndex: $0) }
    }

    /// The results as section names and object IDs.
    public var snapshot: FetchedResultsSnapshot {
        FetchedResultsSnapshot(sections: sections, entries: list.entries)
    }

    /// A new stream of snapshots, one after every change; it ends when the caller
    /// stops iterating.
    public var snapshots: AsyncStream<FetchedResultsSnapshot> { streams.makeStream() }

    private func object(atFlatIndex index: Int) -> ManagedObject {
        let context = managedObjectContext
        let id = list.entries[index].id
        if let object = context.registered[id] { return object }
        let batchSize = fetchRequest.fetchBatchSize
        guard batchSize > 0, let entity else { return context.object(with: id) }
        let start = index / batchSize * batchSize
        let window = list.entries[start..<min(list.count, start + batchSize)]
        if let rows = try? context.coordinator.fetchBatch(
            of: entity, keys: window.compactMap(\.id.primaryKey), limit: batchSize)
        {
            _ = context.register(rows, asFaults: fetchRequest.returnsObjectsAsFaults)
            context.coordinator.statistics.record { $0.batchesLoaded += 1 }
        }
        return context.object(with: id)
    }
}
