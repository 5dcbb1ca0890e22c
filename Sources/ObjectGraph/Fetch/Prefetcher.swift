import SQLiteDB

/// Loads the destinations of relationship key paths for a set of fetched objects, as
/// Core Data's `relationshipKeyPathsForPrefetching` does: one SELECT per key path level
/// (``StoreCoordinator/prefetchRows(_:keys:)``), keyed by the level's source keys
/// through `_Z_intarray0`, whose rows go into the row cache and whose objects are
/// registered; to-many members are set on their owners.
///
/// SQL per level (``ObjectSelect``):
/// - to-one: `SELECT … FROM ZUSER t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))`;
/// - one-to-many: `… FROM ZPOST t0 WHERE t0.ZAUTHOR IN (SELECT * FROM _Z_intarray0(?))
///   ORDER BY t0.ZAUTHOR`;
/// - many-to-many: `SELECT …, t1.Z_3POSTS FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK =
///   t1.Z_2TAGS WHERE t1.Z_3POSTS IN (SELECT * FROM _Z_intarray0(?)) ORDER BY t1.Z_3POSTS`.
struct Prefetcher {
    let context: ManagedObjectContext

    private var coordinator: StoreCoordinator { context.coordinator }

    /// Prefetches every key path for `objects` (all of entity `root` or below).
    ///
    /// - Throws: ``FetchError/unknownKeyPath(entity:keyPath:)`` or `SQLiteError`.
    func prefetch(_ keyPaths: [String], for objects: [ManagedObject], root: Entity) throws {
        for keyPath in keyPaths {
            var sources = objects.filter { !$0.objectID.isTemporaryID }
            var entity = root
            var walked: [String] = []
            for key in keyPath.split(separator: ".").map(String.init) {
                guard let relationship = entity.relationship(named: key) else {
                    throw FetchError.unknownKeyPath(entity: root.name, keyPath: keyPath)
                }
                walked.append(key)
                if sources.isEmpty { break }
                sources = try level(relationship, key: key, from: sources)
                coordinator.trace?.prefetched(
                    key: walked.joined(separator: "."), rows: sources.count)
                entity = coordinator.model.entity(id: relationship.destinationID)
            }
        }
    }

    /// One level: the destinations of `relationship` for `sources`, registered.
    private func level(
        _ relationship: ResolvedRelationship, key: String, from sources: [ManagedObject]
    )
        throws -> [ManagedObject]
    {
        switch relationship.storage {
        case .foreignKey:
            let keys = destinationKeys(key, of: sources)
            guard !keys.isEmpty else { return [] }
            return try run(relationship, keys: keys).objects
        case .inverseForeignKey:
            // Each destination row has one owner: the objects are distinct already.
            return try fill(key, of: sources, relationship)
        case .joinTable:
            return unique(try fill(key, of: sources, relationship))
        }
    }

    /// Runs a to-many level and sets each source's committed members; returns every
    /// row's object (a destination shared by several sources comes back once per row).
    private func fill(
        _ key: String, of sources: [ManagedObject], _ relationship: ResolvedRelationship
    )
        throws -> [ManagedObject]
    {
        let owners = sources.compactMap(\.objectID.primaryKey)
        let (objects, ownerKeys) = try run(relationship, keys: owners)
        let members = Self.members(objects, owners: ownerKeys)
        for source in sources {
            guard case .relationship(let index) = source.entity.property(named: key),
                source.toMany[index]?.committed == nil
            else { continue }
            let ids = members[source.objectID.primaryKey ?? 0] ?? []
            source.toMany.modify(index, default: ToManyState()) { $0.committed = ids }
        }
        return objects
    }

    /// Each owner's members, in row order. The level's SQL orders rows by owner, so a
    /// run of equal owners is one owner's members and goes into the table once.
    static func members(_ objects: [ManagedObject], owners: [Int64]) -> [Int64: [ObjectID]] {
        var members: [Int64: [ObjectID]] = [:]
        var start = 0
        while start < objects.count {
            var end = start + 1
            while end < objects.count && owners[end] == owners[start] { end += 1 }
            members[owners[start], default: []] += objects[start..<end].map(\.objectID)
            start = end
        }
        return members
    }

    private func run(_ relationship: ResolvedRelationship, keys: [Int64]) throws -> (
        objects: [ManagedObject], owners: [Int64]
    ) {
        let rows = try coordinator.prefetchRows(relationship, keys: keys)
        coordinator.statistics.record { $0.prefetchSelects += 1 }
        let objects = context.register(rows.map(\.row), asFaults: true)
        return (objects, rows.map(\.owner))
    }

    /// The distinct keys the sources' committed to-one points at, from their loaded
    /// values or the row cache (no SQL).
    private func destinationKeys(_ name: String, of sources: [ManagedObject]) -> [Int64] {
        var seen = Set<Int64>()
        coordinator.withRowCache { cache in
            for source in sources {
                guard let relationship = source.entity.relationship(named: name),
                    case .foreignKey(let key) = relationship.storage,
                    let row = source.snapshot ?? cache.snapshot(for: source.objectID),
                    case .integer(let pk) = row.values[key.slot]
                else { continue }
                seen.insert(pk)
            }
        }
        return seen.sorted()
    }

    private func unique(_ objects: [ManagedObject]) -> [ManagedObject] {
        var seen = Set<ObjectIdentifier>()
        return objects.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}
