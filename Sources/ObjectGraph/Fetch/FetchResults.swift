/// The objects a fetch returns: a random-access collection that is either fully
/// loaded or, with ``AnyFetchRequest/fetchBatchSize``, a batch-faulting proxy over the
/// fetched IDs (Core Data's `_PFBatchFaultingArray`).
///
/// Batched results load a batch of B objects with one SELECT the first time an index
/// in it is read, and never read ahead. They hold only the batch in use: objects of
/// other batches can be freed once nobody else holds them, and are loaded again (one
/// SELECT) if read again. Converting the result to an `Array` reads every index and so
/// loads every batch at once, as bridging to a Swift array does on Apple systems.
///
/// ```swift
/// request.fetchBatchSize = 20
/// let posts = try context.fetch(request)   // 1 SELECT of IDs
/// let first = posts[0]                      // + 1 SELECT of 20 rows
/// ```
///
/// The elements are `Result`, the request's class: the fetch checked that every entity
/// it can return makes objects of that class, so no element is cast one by one.
public struct FetchResults<Result: ManagedObject>: RandomAccessCollection, AnyFetchResults {
    private enum Storage {
        case objects([ManagedObject])
        case batched(BatchFaultingArray)
    }

    private let storage: Storage

    /// Results already loaded.
    init(_ objects: [ManagedObject]) {
        storage = .objects(objects)
    }

    /// Results loaded batch by batch.
    init(batched: BatchFaultingArray) {
        storage = .batched(batched)
    }

    /// Always 0.
    public var startIndex: Int { 0 }

    /// The number of objects the fetch selected (known without loading any batch).
    public var endIndex: Int {
        switch storage {
        case .objects(let objects): return objects.count
        case .batched(let array): return array.count
        }
    }

    /// The object at `position`. On batched results, the first read of an index in a
    /// batch not held runs that batch's SELECT.
    public subscript(position: Int) -> Result {
        switch storage {
        case .objects(let objects): return unsafeDowncast(objects[position], to: Result.self)
        case .batched(let array):
            return unsafeDowncast(array.object(at: position), to: Result.self)
        }
    }

    /// The objects, untyped (as a predicate argument receives them).
    public var managedObjects: [ManagedObject] { map { $0 } }

    /// Whether the results load batch by batch.
    public var isBatched: Bool {
        if case .batched = storage { return true }
        return false
    }

    /// The IDs of batched results, nil otherwise (for ``ProjectionAudit``).
    var batchedIDs: [ObjectID]? {
        if case .batched(let array) = storage { return array.ids }
        return nil
    }

    /// The objects of unbatched results, without a copy (for ``ProjectionAudit``).
    var loadedObjects: [ManagedObject] {
        if case .objects(let objects) = storage { return objects }
        return []
    }
}

/// Fetch results of any result class, as a predicate argument (`%@`) may receive them.
public protocol AnyFetchResults {
    /// The objects, loading every batch.
    var managedObjects: [ManagedObject] { get }
}
