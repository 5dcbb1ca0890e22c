import Foundation
import ObjectGraph
import SQLiteDB

/// Writes a generated dataset through the engine's own fast path: one
/// ``BatchInsertRequest`` per chunk of rows, to-one relationships given as the object
/// IDs the destinations' batch inserts returned.
///
/// Chunks insert on the context's queue while the next chunk is generated
/// (``InsertPipeline``); an entity's rows are all in before the next entity, whose
/// to-ones need their IDs, starts. Join-table rows have no batch request in Core Data's
/// API; they go in with one prepared INSERT per row through SQLiteDB, the fastest
/// correct path. Indexes are dropped for the load and created again after it.
/// Cost: one transaction per chunk.
public final class EngineStoreWriter: DatasetSink {
    /// Rows per batch insert request (and transaction).
    public static let chunkSize = 50_000

    private var container: PersistentContainer?
    private var pipeline: InsertPipeline?
    private let connection: Connection
    private let droppedIndexes: [String]
    private let entities: [String: ResolvedEntity]
    private let destinations: Set<String>
    private var objectIDs: [String: [ObjectID]] = [:]
    private var current: EntityLayout?
    private var buffer: [[String: Any]] = []
    /// Rows written so far, join-table rows included.
    public private(set) var rowsWritten = 0

    /// Creates the store at `path` (which must not exist yet) for `layout`'s model.
    public init(path: String, model: ManagedObjectModel, layout: DatasetLayout) throws {
        try StoreFile.create(at: path, model: model)
        (connection, droppedIndexes) = try StoreFile.openForLoad(at: path)
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
        // Entities whose rows others point at keep their object IDs.
        destinations = Set(
            layout.entities.flatMap { $0.toOnes.map(\.destination) }
                + layout.links.flatMap { [$0.entity, $0.destination] })
    }

    public func begin(_ entity: EntityLayout) throws {
        current = entity
        buffer.reserveCapacity(min(entity.count, Self.chunkSize))
    }

    public func row(_ values: [GeneratedValue], toOne: [Int?]) throws {
        guard let entity = current else { return }
        var row: [String: Any] = [:]
        for (column, value) in zip(entity.columns, values) {
            if let object = value.object { row[column.name] = object }
        }
        for (link, destination) in zip(entity.toOnes, toOne) {
            if let destination, let id = objectIDs[link.destination]?[destination] {
                row[link.name] = id
            }
        }
        buffer.append(row)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    public func end(_ entity: EntityLayout) throws {
        try flush()
        current = nil
        guard let outcome = try pipeline?.drain() else { return }
        objectIDs = outcome.objectIDs
        rowsWritten = outcome.rows
    }

    private func flush() throws {
        guard let entity = current, let pipeline, !buffer.isEmpty else { return }
        let request = BatchInsertRequest(entityName: entity.name, objects: buffer)
        request.resultType = destinations.contains(entity.name) ? .objectIDs : .count
        pipeline.submit(request, rows: buffer.count)
        buffer = []
        buffer.reserveCapacity(Self.chunkSize)
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
        try StoreFile.insertLinks(keys, into: table, on: connection)
        rowsWritten += keys.count
    }

    /// Closes the engine's connection, creates the indexes again and leaves the file
    /// self-contained (no WAL), ready to be hashed and copied.
    public func finish() throws {
        pipeline = nil
        container = nil
        try StoreFile.finishLoad(connection, indexes: droppedIndexes)
    }
}
