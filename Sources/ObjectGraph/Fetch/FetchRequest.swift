/// A description of which objects to fetch: entity, predicate, order, window, and how
/// much to load.
///
/// ```swift
/// let request = FetchRequest(entityName: "Post")
/// request.predicate = try FetchPredicate(format: "author.name BEGINSWITH[c] %@", "al")
/// request.sortDescriptors = [SortKey("title", ascending: true)]
/// let posts = try context.fetch(request)
/// ```
///
/// Cost of a fetch: one SELECT. With the defaults, values come back with the rows and
/// land in the row cache, so reading the objects runs no more SQL; with
/// ``includesPropertyValues`` false only IDs come back and each object's first access
/// runs one SELECT.
///
/// Every option lives here, in the untyped base of ``FetchRequest``, so that code which
/// only describes or counts (``ManagedObjectContext/count(for:)``,
/// ``BatchDeleteRequest``) takes requests of any result class.
///
/// Related: https://developer.apple.com/documentation/coredata/nsfetchrequest
public class AnyFetchRequest: CustomStringConvertible {
    /// The entity to fetch (its sub-entities included).
    public var entityName: String
    /// Which objects; nil means all.
    public var predicate: FetchPredicate?
    /// The order, first key first.
    public var sortDescriptors: [SortKey] = []
    /// At most this many objects (0: no limit); written into the SQL as a literal LIMIT.
    public var fetchLimit = 0
    /// Skip this many objects first (`OFFSET`).
    public var fetchOffset = 0
    /// Whether rows carry property values (true) or only IDs (false).
    public var includesPropertyValues = true
    /// Whether objects come back as faults filled from the row cache on first access
    /// (true, Core Data's default) or with their values already in place.
    public var returnsObjectsAsFaults = true
    /// Whether unsaved inserts that match are included and unsaved deletes left out.
    public var includesPendingChanges = true
    /// Objects loaded per batch (0: all at once). With a batch size the fetch runs one
    /// SELECT of IDs and returns a lazy collection that loads each batch of B objects
    /// with one more SELECT the first time an index in it is read: iterating N objects
    /// costs 1 + ceil(N/B) SELECTs, and objects of batches nobody holds can be freed.
    /// Converting the result to an Array loads every batch at once, as on Apple systems.
    public var fetchBatchSize = 0
    /// Relationship key paths (`author`, `posts.comments`) whose destinations are
    /// loaded with the fetch: one extra SELECT per key path level (per batch with a
    /// batch size), after which reading them runs no SQL.
    public var relationshipKeyPathsForPrefetching: [String] = []
    /// The attributes (and to-ones) to load; nil means all. On object fetches the rest
    /// stay unloaded (partial faults read them on demand with one SELECT per object);
    /// on dictionary fetches these are the keys of each dictionary, and may include
    /// aggregate expressions (``FetchExpression``).
    public var propertiesToFetch: [FetchProperty]?
    /// What the fetch returns: objects, IDs, dictionaries or a count.
    public var resultType = FetchResultType.managedObject
    /// Dictionary fetches only: `SELECT DISTINCT`.
    public var returnsDistinctResults = false
    /// Dictionary fetches only: the attributes to group aggregates by (`GROUP BY`).
    public var propertiesToGroupBy: [String] = []
    /// Dictionary fetches only: a condition on groups (`HAVING`) whose key paths name
    /// the aggregate expressions and grouped attributes of ``propertiesToFetch``.
    public var havingPredicate: FetchPredicate?

    /// Whether the entity is the one the model registers the result class for
    /// (``TypedManagedObject/fetchRequest()``) rather than ``entityName``.
    let findsEntityByClass: Bool

    init(entityName: String, findsEntityByClass: Bool) {
        self.entityName = entityName
        self.findsEntityByClass = findsEntityByClass
    }

    /// The class fetched objects must be (or descend from).
    var resultClass: ManagedObject.Type { ManagedObject.self }

    /// Whether objects of `objectClass` can be results.
    func accepts(_ objectClass: ManagedObject.Type) -> Bool { true }

    public var description: String {
        "FetchRequest(entity: \(entityName), predicate: \(predicate?.format ?? "nil"), "
            + "sort: \(sortDescriptors.map { "\($0.keyPath) \($0.ascending ? "ASC" : "DESC")" }), "
            + "limit: \(fetchLimit), offset: \(fetchOffset))"
    }
}

/// A fetch request whose results are objects of `Result`, a ``ManagedObject`` subclass
/// registered with the entity (or ``ManagedObject`` itself for untyped requests).
///
/// ```swift
/// let request = Post.fetchRequest()              // FetchRequest<Post>
/// request.sortDescriptors = [SortKey(\Post.createdAt, ascending: false)]
/// let posts = try context.fetch(request)         // FetchResults<Post>
/// let untyped = FetchRequest(entityName: "Post") // FetchRequest<ManagedObject>
/// ```
///
/// Cost: as ``AnyFetchRequest``; the typing costs nothing per object (the entity's class
/// is checked once per fetch).
public final class FetchRequest<Result: ManagedObject>: AnyFetchRequest {
    /// A request for every object of the entity named `entityName`, whose class must be
    /// `Result` or a subclass of it.
    public convenience init(entityName: String) {
        self.init(entityName: entityName, findsEntityByClass: false)
    }

    /// A request for every object of the entity whose registered class is `Result`.
    public convenience init() {
        self.init(entityName: "\(Result.self)", findsEntityByClass: true)
    }

    override var resultClass: ManagedObject.Type { Result.self }

    override func accepts(_ objectClass: ManagedObject.Type) -> Bool {
        objectClass is Result.Type
    }
}

extension FetchRequest where Result == ManagedObject {
    /// An untyped request for every object of an entity: results are ``ManagedObject``s.
    public convenience init(entityName: String) {
        self.init(entityName: entityName, findsEntityByClass: false)
    }
}
