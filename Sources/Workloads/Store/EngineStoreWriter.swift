import Foundation
import ObjectGraph
import SQLiteDB

/// Writes a generated dataset through the engine's own fast path: one
/// ``BatchInsertRequest`` per chunk of rows, to-one relationships given as the object
/// IDs the destinations' batch inserts returned.
///
/// The SQLite side runs on the context's queue while the next chunk is generated
/// (``InsertPipeline``): each chunk's dictionaries are built there, and each table's
/// indexes (dropped for the load) are built there as soon as its last entity is in,
/// overlapping the next entity's generation. An entity's rows are all in before the
/// next entity, whose to-ones need their IDs, starts. Join-table rows have no batch
/// request in Core Data's API; they go in with one prepared INSERT per row through
/// SQLiteDB, the fastest correct path. Cost: one transaction per chunk.
public final class EngineStoreWriter: DatasetSink {
    /// Rows per batch insert request (and transaction).
    public static let chunkSize = 50_000

    private var container: PersistentContainer?
    private var pipeline: InsertPipeline?
    private let load: LoadConnection
    private var pendingIndexes: [String: [String]]
    private var entitiesLeft: [String: Int]
    private let tables: [String: String]
    private let entities: [String: ResolvedEntity]
    private let destinations: Set<String>
    private var objectIDs: [String: [ObjectID]] = [:]
    private var current: EntityLayout?
    private var buffer: [GeneratedRow] = []
    private var linkRows = 0
    /// Rows of the current entity handed over so far.
    private var rowsSubmitted = 0
    /// To-ones whose destinations had no IDs yet when their rows went in, keyed by
    /// "entity.relationship": (source row, destination row), set in ``finish()``.
    private var deferred: [String: (EntityLayout.ToOne, [(Int, Int)])] = [:]
    /// Rows written so far, join-table rows included.
    public private(set) var rowsWritten = 0

    /// Creates the store at `path` (which must not exist yet) for `layout`'s model.
    public init(path: String, model: ManagedObjectModel, layout: DatasetLayout) throws {
        try StoreFile.create(at: path, model: model)
        let (connection, dropped) = try StoreFile.openForLoad(at: path)
        load = LoadConnection(connection: connection)
        pendingIndexes = Dictionary(grouping: dropped, by: \.table).mapValues { $0.map(\.sql) }
        let container = PersistentContainer(name: "Dataset", model: model)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.journalMode = .off
        description.pragmas = StoreFile.bulkLoad.pragmas
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        self.container = container
        self.pipeline = InsertPipeline(context: container.newBackgroundContext())
        entities = Dictionary(
            uniqueKeysWithValues: model.resolvedEntities.map { ($0.name, ResolvedEntity($0)) })
        let tables = Dictionary(
            uniqueKeysWithValues: model.resolvedEntities.map { ($0.name, $0.tableName) })
        self.tables = tables
        entitiesLeft = Dictionary(
            layout.entities.map { (tables[$0.name] ?? "", 1) }, uniquingKeysWith: +)
        // Entities whose rows others point at keep their object IDs, and so do those
        // with a to-one set after the fact (its destination is written later).
        let position = Dictionary(
            layout.entities.enumerated().map { ($0.element.name, $0.offset) },
            uniquingKeysWith: { first, _ in first })
        let pointingForward = layout.entities.filter { entity in
            entity.toOnes.contains {
                (position[$0.destination] ?? 0) >= (position[entity.name] ?? 0)
            }
        }
        destinations = Set(
            layout.entities.flatMap { $0.toOnes.map(\.destination) }
                + layout.links.flatMap { [$0.entity, $0.destination] }
                + pointingForward.map(\.name))
    }

    public func begin(_ entity: EntityLayout) throws {
        current = entity
        rowsSubmitted = 0
        buffer.reserveCapacity(min(entity.count, Self.chunkSize))
    }

    public func row(_ values: [GeneratedValue], toOne: [Int?]) throws {
        buffer.append(GeneratedRow(values: values, toOne: toOne))
        if buffer.count >= Self.chunkSize { flush() }
    }

    public func end(_ entity: EntityLayout) throws {
        flush()
        current = nil
        guard let pipeline else { return }
        let outcome = try pipeline.drain()
        objectIDs = outcome.objectIDs
        rowsWritten = outcome.rows + linkRows
        guard let table = tables[entity.name] else { return }
        entitiesLeft[table, default: 1] -= 1
        if entitiesLeft[table] == 0 { buildIndexes(of: table) }
    }

    /// Hands the buffered rows to the queue, which turns them into one request.
    private func flush() {
        guard let entity = current, let pipeline, !buffer.isEmpty else { return }
        let rows = buffer
        let names = entity.columns.map(\.name)
        let toOnes = entity.toOnes.map { ($0.name, objectIDs[$0.destination] ?? []) }
        deferMissing(rows, entity: entity, available: toOnes.map(\.1.count))
        rowsSubmitted += rows.count
        let resultType: BatchResultType =
            destinations.contains(entity.name) ? .objectIDs : .count
        pipeline.submit(rows: rows.count) {
            let request = BatchInsertRequest(
                entityName: entity.name, objects: rows.map { $0.dictionary(names, toOnes) })
            request.resultType = resultType
            return request
        }
        buffer = []
        buffer.reserveCapacity(Self.chunkSize)
    }

    /// Notes each to-one of `rows` whose destination has no object ID yet.
    private func deferMissing(_ rows: [GeneratedRow], entity: EntityLayout, available: [Int]) {
        for (index, link) in entity.toOnes.enumerated() {
            let key = "\(entity.name).\(link.name)"
            for (offset, row) in rows.enumerated() {
                guard let destination = row.toOne[index], destination >= available[index] else {
                    continue
                }
                deferred[key, default: (link, [])].1.append((rowsSubmitted + offset, destination))
            }
        }
    }

    /// Queues the UPDATEs of the deferred to-ones, now that every row has its ID.
    private func setDeferredToOnes() throws {
        let load = load
        for (key, (link, pairs)) in deferred.sorted(by: { $0.key < $1.key }) {
            let entity = String(key.prefix { $0 != "." })
            guard let resolved = entities[entity], let table = tables[entity],
                let foreignKey = resolved.foreignKey(link.name),
                let destination = entities[link.destination]
            else { continue }
            let sources = objectIDs[entity] ?? []
            let targets = objectIDs[link.destination] ?? []
            let keys = pairs.compactMap { source, target -> (Int64, Int64)? in
                guard source < sources.count, target < targets.count,
                    let from = sources[source].primaryKey, let to = targets[target].primaryKey
                else { return nil }
                return (from, to)
            }
            let entityID = Int64(destination.entityID)
            pipeline?.enqueue {
                try StoreFile.setForeignKeys(
                    keys, table: table, key: foreignKey, destinationEntityID: entityID,
                    on: load.connection)
            }
        }
        deferred = [:]
    }

    /// Queues the build of `table`'s dropped indexes: it runs while the generator
    /// works on the next entity.
    private func buildIndexes(of table: String) {
        guard let statements = pendingIndexes.removeValue(forKey: table) else { return }
        let load = load
        pipeline?.enqueue {
            for sql in statements { try load.connection.execute(script: sql) }
        }
    }

    public func links(_ link: LinkLayout, pairs: [(source: Int, destination: Int)]) throws {
        let sources = objectIDs[link.entity] ?? []
        let targets = objectIDs[link.destination] ?? []
        let keys = pairs.compactMap { pair -> (Int64, Int64)? in
            guard pair.source < sources.count, pair.destination < targets.count,
                let source = sources[pair.source].primaryKey,
                let target = targets[pair.destination].primaryKey
            else { return nil }
            return (source, target)
        }
        guard let table = entities[link.entity]?.joinTable(link.relationship) else {
            throw DatasetError.unknownProperty(
                schema: "model", entity: link.entity, property: link.relationship)
        }
        let load = load
        pipeline?.enqueue { try StoreFile.insertLinks(keys, into: table, on: load.connection) }
        buildIndexes(of: table.name.sql)
        linkRows += keys.count
        rowsWritten += keys.count
    }

    /// Waits for the queue, builds any index still dropped, closes the engine's
    /// connection and leaves the file self-contained (no WAL), ready to be hashed.
    public func finish() throws {
        _ = try pipeline?.drain()
        try setDeferredToOnes()
        _ = try pipeline?.drain()
        pipeline = nil
        container = nil
        try StoreFile.finishLoad(
            load.connection, indexes: pendingIndexes.values.flatMap { $0 })
        pendingIndexes = [:]
    }
}

/// One generated row as the generator hands it over.
private struct GeneratedRow: Sendable {
    let values: [GeneratedValue]
    let toOne: [Int?]

    /// The batch-insert dictionary: each value under its column name, each to-one as
    /// its destination's object ID.
    func dictionary(_ names: [String], _ toOnes: [(String, [ObjectID])]) -> [String: Any] {
        var row: [String: Any] = Dictionary(minimumCapacity: names.count + toOnes.count)
        for (name, value) in zip(names, values) {
            if let object = value.object { row[name] = object }
        }
        for ((name, ids), destination) in zip(toOnes, toOne) {
            if let destination, destination < ids.count { row[name] = ids[destination] }
        }
        return row
    }
}

/// The bulk-load connection. Invariant behind `@unchecked Sendable`: while the pipeline
/// runs, only its jobs (serial, on the context's queue) use the connection; `finish()`
/// uses it after draining them.
struct LoadConnection: @unchecked Sendable {
    let connection: Connection
}
