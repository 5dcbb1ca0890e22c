/// What an engine's projection audit saw of one shape of fetch in a case: the entity,
/// how many objects the fetches returned and how many were touched, which properties
/// they fetched and which were read, with the bytes of each property's fetched values,
/// and which prefetched key paths were never read.
///
/// Recorded by a trace source that audits (``SQLTraceSource/auditsProjections``) in
/// the case's one audit iteration, which runs after the measured ones, so the audit's
/// cost is in no sample. Fetches of the same entity, options and fetched properties
/// are added up (`fetches` of them). Engine-agnostic: names and counts only.
///
/// Cost: one entry per property of the entity.
public struct FetchProjection: Hashable, Sendable, Codable {
    /// One property of the fetched entity.
    public struct Property: Hashable, Sendable, Codable {
        /// Its name, as the model spells it.
        public var name: String
        /// `attribute`, `to-one` or `to-many`.
        public var kind: String
        /// Whether the fetch's SELECT brought its column.
        public var isFetched: Bool
        /// Whether any fetched object's property was read.
        public var isRead: Bool
        /// Bytes of its fetched values: 8 per integer or real, the UTF-8 length of a
        /// text, the length of a blob, 0 for NULL.
        public var bytes: Int

        /// A property.
        public init(name: String, kind: String, isFetched: Bool, isRead: Bool, bytes: Int) {
            self.name = name
            self.kind = kind
            self.isFetched = isFetched
            self.isRead = isRead
            self.bytes = bytes
        }
    }

    /// The fetched entity, as the model spells it.
    public var entity: String
    /// Fetches of this shape.
    public var fetches: Int
    /// Objects they returned.
    public var objects: Int
    /// Objects with at least one property read.
    public var touched: Int
    /// The entity's attributes, then its relationships.
    public var properties: [Property]
    /// The requests' `relationshipKeyPathsForPrefetching`.
    public var prefetched: [String]
    /// Whether the requests set `propertiesToFetch`.
    public var usesPropertiesToFetch: Bool
    /// The requests' `fetchLimit` (0: none).
    public var fetchLimit: Int
    /// The requests' `fetchBatchSize` (0: none).
    public var fetchBatchSize: Int
    /// Whether the bytes were measured (not for batched fetches, whose rows load
    /// batch by batch).
    public var bytesKnown: Bool

    /// A projection.
    public init(
        entity: String, fetches: Int = 1, objects: Int, touched: Int, properties: [Property],
        prefetched: [String] = [], usesPropertiesToFetch: Bool = false, fetchLimit: Int = 0,
        fetchBatchSize: Int = 0, bytesKnown: Bool = true
    ) {
        self.entity = entity
        self.fetches = fetches
        self.objects = objects
        self.touched = touched
        self.properties = properties
        self.prefetched = prefetched
        self.usesPropertiesToFetch = usesPropertiesToFetch
        self.fetchLimit = fetchLimit
        self.fetchBatchSize = fetchBatchSize
        self.bytesKnown = bytesKnown
    }

    /// The properties whose columns were fetched.
    public var fetchedProperties: [Property] { properties.filter(\.isFetched) }

    /// Bytes of every fetched column.
    public var fetchedBytes: Int { fetchedProperties.reduce(0) { $0 + $1.bytes } }

    /// Prefetched key paths whose first relationship no fetched object read.
    public var prefetchedNeverRead: [String] {
        prefetched.filter { path in
            let first = path.split(separator: ".").first.map(String.init) ?? path
            return !properties.contains { $0.name == first && $0.isRead }
        }
    }

    /// Whether `other` is the same shape of fetch (so the two add up).
    func isSameShape(as other: FetchProjection) -> Bool {
        entity == other.entity && prefetched == other.prefetched
            && usesPropertiesToFetch == other.usesPropertiesToFetch
            && fetchLimit == other.fetchLimit && fetchBatchSize == other.fetchBatchSize
            && bytesKnown == other.bytesKnown
            && properties.map(\.name) == other.properties.map(\.name)
            && properties.map(\.isFetched) == other.properties.map(\.isFetched)
    }

    /// `projections` with fetches of the same shape added up, in order of first fetch.
    public static func merged(_ projections: [FetchProjection]) -> [FetchProjection] {
        var merged: [FetchProjection] = []
        for projection in projections {
            guard let index = merged.firstIndex(where: { $0.isSameShape(as: projection) }) else {
                merged.append(projection)
                continue
            }
            merged[index].fetches += projection.fetches
            merged[index].objects += projection.objects
            merged[index].touched += projection.touched
            for (position, property) in projection.properties.enumerated() {
                merged[index].properties[position].bytes += property.bytes
                merged[index].properties[position].isRead =
                    merged[index].properties[position].isRead || property.isRead
            }
        }
        return merged
    }
}
