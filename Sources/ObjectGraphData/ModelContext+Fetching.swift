import Foundation
import ObjectGraph

extension ModelContext {
    /// Every object matching `descriptor`, in order.
    ///
    /// Cost: one SELECT of whole rows (or of `propertiesToFetch`), every object loaded;
    /// plus one SELECT per prefetched relationship.
    /// - Parameter descriptor: What to fetch: predicate, sort, limit, offset, properties.
    /// - Throws: ``PredicateTranslationError``, `FetchError` or `SQLiteError`.
    public func fetch<T: ManagedObject>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        Array(try managedObjectContext.fetch(descriptor.makeFetchRequest()))
    }

    /// The results of `descriptor` as a collection that loads its objects `batchSize`
    /// at a time, as they are read.
    ///
    /// Cost: one SELECT of IDs, then one SELECT of `batchSize` rows per batch read;
    /// batches no longer read are released.
    /// - Parameters:
    ///   - descriptor: What to fetch.
    ///   - batchSize: Objects per batch; must be positive.
    /// - Throws: as ``fetch(_:)``.
    public func fetch<T: ManagedObject>(_ descriptor: FetchDescriptor<T>, batchSize: Int)
        throws -> FetchResultsCollection<T>
    {
        precondition(batchSize > 0, "fetch(_:batchSize:): batchSize must be positive")
        let request = try descriptor.makeFetchRequest()
        request.fetchBatchSize = batchSize
        return try managedObjectContext.fetch(request)
    }

    /// The identifiers of the objects matching `descriptor`, in order; no object is
    /// made.
    ///
    /// Cost: one SELECT of the primary key (and entity) column.
    /// - Parameter descriptor: What to fetch.
    /// - Throws: as ``fetch(_:)``.
    public func fetchIdentifiers<T: ManagedObject>(_ descriptor: FetchDescriptor<T>) throws
        -> [PersistentIdentifier]
    {
        try managedObjectContext.fetchObjectIDs(descriptor.makeFetchRequest())
    }

    /// How many objects match `descriptor`.
    ///
    /// Cost: one `SELECT COUNT(*)`.
    /// - Parameter descriptor: What to count; sort descriptors are ignored.
    /// - Throws: as ``fetch(_:)``.
    public func fetchCount<T: ManagedObject>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try managedObjectContext.count(for: descriptor.makeFetchRequest())
    }

    /// Calls `block` with each object matching `descriptor`, loading `batchSize` objects
    /// at a time (SwiftData's default is 5,000) so that memory stays bounded: batches
    /// already visited are released.
    ///
    /// Unless `allowEscapingMutations`, a `block` that changes the context (when it had
    /// no changes before) stops the program at the end of the batch, as SwiftData does:
    /// changed objects would be kept alive past their batch.
    ///
    /// Cost: one SELECT of IDs, then one SELECT per batch.
    /// - Parameters:
    ///   - descriptor: What to visit, in its order.
    ///   - batchSize: Objects loaded per batch.
    ///   - allowEscapingMutations: Whether `block` may keep changes; when false, changes it makes
    ///     are refused as SwiftData does.
    ///   - block: Called once per object.
    /// - Throws: as ``fetch(_:)``, or what `block` throws.
    public func enumerate<T: ManagedObject>(
        _ descriptor: FetchDescriptor<T>, batchSize: Int = 5_000,
        allowEscapingMutations: Bool = false, block: (T) throws -> Void
    ) throws {
        let results = try fetch(descriptor, batchSize: batchSize)
        let hadChanges = allowEscapingMutations || managedObjectContext.hasChanges
        var batchStart = 0
        while batchStart < results.count {
            let batchEnd = min(batchStart + batchSize, results.count)
            for index in batchStart..<batchEnd { try block(results[index]) }
            precondition(
                hadChanges || !managedObjectContext.hasChanges,
                "enumerate(_:batchSize:): the block changed the context; pass "
                    + "allowEscapingMutations: true to allow it")
            batchStart = batchEnd
        }
    }
}

/// The lazily loaded results of ``ModelContext/fetch(_:batchSize:)``: SwiftData's
/// `FetchResultsCollection`, which here is ObjectGraph's batched ``FetchResults``.
public typealias FetchResultsCollection<T: ManagedObject> = FetchResults<T>
