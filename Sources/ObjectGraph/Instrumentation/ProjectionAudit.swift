import SQLiteDB
import Synchronization

/// Records, per fetch, which properties of the fetched objects were read, which
/// fetched objects were touched at all, and which prefetched relationships were never
/// read: what a projection audit (`propertiesToFetch`, `fetchLimit`,
/// `relationshipKeyPathsForPrefetching`) needs.
///
/// A trace sink that wants the audit returns one from
/// ``EngineTraceSink/projectionAudit``; while it is attached, each `fetch(_:)` of
/// managed objects adds a ``FetchAuditReport`` (one bitmap of properties per fetch)
/// and each property read of a fetched object sets its bit. With no such sink the
/// engine makes none: a fetch leaves its context's audit nil and a property read costs
/// one branch on it (``ManagedObject/noteAuditedRead(_:)``).
///
/// Property indexes are the entity's attribute indexes, then its relationships' after
/// them (`attributes.count + relationship index`). Bytes are those of the values the
/// fetch returned, as SQLite hands them over: 8 per integer or real, the UTF-8 length
/// of a text, the length of a blob, 0 for NULL.
///
/// Thread-safe (a mutex). Cost while attached: per fetch, one report and a pass over
/// the fetched rows' values; per read, a lock and a dictionary lookup.
package final class ProjectionAudit: Sendable {
    private struct State {
        var isActive = true
        var reports: [FetchAuditReport] = []
        /// The report index each fetched object's reads go to (its last fetch).
        var owner: [ObjectID: Int] = [:]
        var touched: [Set<ObjectID>] = []
    }

    private let state = Mutex(State())

    /// An audit, recording until ``finish()``.
    package init() {}

    /// The reports so far, in fetch order.
    package var reports: [FetchAuditReport] {
        state.withLock { state in
            state.reports.enumerated().map { index, report in
                var report = report
                report.touched = state.touched[index].count
                return report
            }
        }
    }

    /// Stops recording and returns the reports.
    package func finish() -> [FetchAuditReport] {
        let result = reports
        state.withLock { $0.isActive = false }
        return result
    }

    /// Records a fetch of `objects` of `entity` by `request`.
    func fetched(_ objects: [ManagedObject], entity: Entity, request: AnyFetchRequest) {
        var report = FetchAuditReport(entity: entity, request: request, objects: objects.count)
        for object in objects { report.addBytes(of: object) }
        let ids = objects.map(\.objectID)
        state.withLock { state in
            guard state.isActive else { return }
            let index = state.reports.count
            state.reports.append(report)
            state.touched.append([])
            for id in ids { state.owner[id] = index }
        }
    }

    /// Records a fetch whose objects load in batches (`fetchBatchSize`): their IDs now,
    /// no bytes (the rows are read batch by batch).
    func fetched(ids: [ObjectID], entity: Entity, request: AnyFetchRequest) {
        var report = FetchAuditReport(entity: entity, request: request, objects: ids.count)
        report.bytesKnown = false
        state.withLock { state in
            guard state.isActive else { return }
            let index = state.reports.count
            state.reports.append(report)
            state.touched.append([])
            for id in ids { state.owner[id] = index }
        }
    }

    /// Notes a read of `property` of the object `id`.
    func noteRead(_ id: ObjectID, property: Int) {
        state.withLock { state in
            guard state.isActive, let index = state.owner[id] else { return }
            state.reports[index].markRead(property)
            state.touched[index].insert(id)
        }
    }
}

/// One fetch as a ``ProjectionAudit`` saw it: the entity's properties, which the fetch
/// brought and which were read, the bytes per property, and the request's limits.
package struct FetchAuditReport: Sendable, Hashable {
    /// One property of the fetched entity.
    package struct Property: Sendable, Hashable {
        /// Its name, as the model spells it.
        package let name: String
        /// `attribute`, `to-one` or `to-many`.
        package let kind: String
        /// Whether the fetch's SELECT brought its column (attributes and to-ones).
        package var isFetched: Bool
        /// Whether any fetched object's property was read.
        package var isRead = false
        /// Bytes of its values over the fetched rows.
        package var bytes = 0
    }

    /// The fetched entity's name.
    package let entity: String
    /// Objects the fetch returned.
    package let objects: Int
    /// Objects with at least one property read (set when the report is read).
    package var touched = 0
    /// The entity's attributes, then its relationships.
    package var properties: [Property]
    /// The request's `relationshipKeyPathsForPrefetching`.
    package let prefetched: [String]
    /// Whether the request had `propertiesToFetch`.
    package let usesPropertiesToFetch: Bool
    /// The request's `fetchLimit` (0: none).
    package let fetchLimit: Int
    /// The request's `fetchBatchSize` (0: none).
    package let fetchBatchSize: Int
    /// Whether ``Property/bytes`` were measured (not for batched fetches).
    package var bytesKnown = true

    init(entity: Entity, request: AnyFetchRequest, objects: Int) {
        self.entity = entity.name
        self.objects = objects
        let selected = request.propertiesToFetch.map { Set($0.map(\.name)) }
        properties =
            entity.attributes.map {
                Property(
                    name: $0.name, kind: "attribute", isFetched: selected?.contains($0.name) ?? true
                )
            }
            + entity.relationships.map { relationship in
                let stored: Bool
                if case .foreignKey = relationship.storage { stored = true } else { stored = false }
                return Property(
                    name: relationship.name, kind: relationship.isToMany ? "to-many" : "to-one",
                    isFetched: stored && (selected?.contains(relationship.name) ?? true))
            }
        prefetched = request.relationshipKeyPathsForPrefetching
        usesPropertiesToFetch = request.propertiesToFetch != nil
        fetchLimit = request.fetchLimit
        fetchBatchSize = request.fetchBatchSize
    }

    mutating func markRead(_ property: Int) {
        if property < properties.count { properties[property].isRead = true }
    }

    /// Adds the bytes of the row `object` was fetched with (its cached row, values or
    /// partial values), when it has one.
    mutating func addBytes(of object: ManagedObject) {
        let entity = object.entity
        let row: RowSnapshot?
        let loaded: [Bool]?
        if let partial = object.partial {
            (row, loaded) = (partial.row, partial.loaded)
        } else {
            (row, loaded) = (object.snapshot ?? object.fetchedRow, nil)
        }
        guard let row, entity.attributes.count + entity.relationships.count == properties.count
        else { return }
        for index in entity.attributes.indices where loaded?[index] ?? true {
            properties[index].bytes += Self.size(row.values[index])
        }
        for (index, relationship) in entity.relationships.enumerated() {
            guard case .foreignKey(let key) = relationship.storage, loaded?[key.slot] ?? true
            else { continue }
            var bytes = Self.size(row.values[key.slot])
            if let slot = key.entitySlot { bytes += Self.size(row.values[slot]) }
            properties[entity.attributes.count + index].bytes += bytes
        }
    }

    /// A value's size as SQLite returns it.
    static func size(_ value: SQLiteValue) -> Int {
        switch value {
        case .null: 0
        case .integer, .real: 8
        case .text(let text): text.utf8.count
        case .blob(let data): data.count
        }
    }
}
