import Foundation
import SQLiteDB

/// Owns a store's SQLite connection and row cache and runs every statement the
/// contexts of a container need: Core Data's persistent store coordinator and SQL
/// store in one.
///
/// Contexts on different queues share it, so it serializes them with a lock.
/// Invariant (the reason for `@unchecked Sendable`): `connection`, `rowCache`,
/// `engineTrace` and `layouts` are only touched while `lock` is held; everything else is immutable.
///
/// Cost: one lock per call; the statements themselves are cached prepared statements.
final class StoreCoordinator: @unchecked Sendable {
    /// The model the store was opened with, bound to the join-table names of a store
    /// Core Data wrote (``StoreSchemaMatch``).
    let model: ManagedObjectModel
    /// The store's metadata (UUID and version hashes).
    let metadata: StoreMetadata
    /// Where engine counters go.
    let statistics: StatisticsCollector
    private let lock = NSLock()
    private let connection: Connection
    /// The row cache, kept without the runtime's exclusivity check: only touched under
    /// `lock`, once or more per fetched row (`UncheckedState.swift`).
    @exclusivity(unchecked) private var unchecked = UncheckedStoreState()
    private var rowCache: RowCache {
        @inline(__always) _read { yield unchecked.rowCache }
        @inline(__always) _modify { yield &unchecked.rowCache }
    }
    private var engineTrace: EngineTrace?
    /// The row cache's generation, read without the lock (``RowCacheGeneration``).
    let rowCacheGeneration: RowCacheGeneration
    private let layouts: [RowLayout]
    /// Each to-many's fault SELECT, built once at open with a placeholder key (its first
    /// argument), and its destination: `[entity.id - 1][relationship index]`, nil for a
    /// to-one. A to-many fault binds its key into it and builds no string.
    let toManyFaults: [[ToManyFault?]]
    private let inserts: [SQL]
    /// The object and ID SELECTs of fetch requests, kept per request shape
    /// (``FetchSelectCache``); this coordinator's model never changes.
    let fetchSelects = FetchSelectCache(capacity: 256)
    /// Whether saves record persistent history (docs/HISTORY.md).
    let isHistoryTracked: Bool
    /// Transaction strings already in `ATRANSACTIONSTRING`; touched under `lock`.
    var historyStrings = HistoryStrings()

    /// Opens (creating if needed) the store a description names.
    ///
    /// - Throws: ``StoreError`` for a model mismatch, unreadable metadata, or a file
    ///   SQLite cannot open, read or create (``StoreError/cannotOpen(path:error:)``);
    ///   for a binary store also a file that is not a store image, cannot be read or
    ///   written, or is open in another container (docs/STORES.md).
    init(
        model: ManagedObjectModel, description: PersistentStoreDescription,
        statistics: StatisticsCollector, traceSinks: [any EngineTraceSink]
    ) throws {
        self.statistics = statistics
        rowCacheGeneration = unchecked.rowCache.generation
        engineTrace = EngineTrace(sinks: traceSinks)
        let sinks: [any TraceSink] = [statistics] + (engineTrace.map { [$0] } ?? [])
        guard description.type != .binary || description.url != nil else {
            throw StoreError.binaryStoreWithoutURL
        }
        path = description.path
        let file =
            try description.type == .binary
            ? BinaryStoreFile(
                url: URL(fileURLWithPath: path), writer: description.binaryImageWriter)
            : nil
        do {
            connection = try Connection(
                location: description.location, configuration: description.configuration,
                traceSinks: sinks)
            let isNew = file.map { !$0.exists } ?? false
            if let file, !isNew { try file.load(into: connection) }
            try StoreFunctions.register(on: connection)
            let prepared = try Self.prepareStore(
                connection, model: model, description: description, path: path)
            metadata = prepared.metadata
            self.model = prepared.model ?? model
            migrationReports = prepared.reports
            isHistoryTracked = description.isPersistentHistoryTrackingEnabled
            if isHistoryTracked { try connection.execute(script: HistorySQL.script) }
            if let file {
                let changed = isNew || isHistoryTracked || !prepared.reports.isEmpty
                try Self.attach(file, to: connection, writeNow: changed)
            }
            binaryFile = file
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, error: error)
        }
        guard let uuid = UUID(uuidString: metadata.uuid) else {
            throw StoreError.unreadableMetadata(path: path, reason: "Z_UUID is not a UUID")
        }
        storeUUID = uuid
        let entities = self.model.resolvedEntities
        let rowLayouts = entities.map { RowLayout(entity: $0, entities: entities) }
        layouts = rowLayouts
        inserts = entities.map(WriteSQL.insert(into:))
        toManyFaults = entities.map { entity in
            entity.relationships.map { relationship in
                relationship.isToMany
                    ? ToManyFault(
                        relationship, destination: rowLayouts[relationship.destinationID - 1])
                    : nil
            }
        }
    }

    /// The store's file, or `:memory:`: what errors name.
    let path: String
    /// What migrating the store on open did; empty when it matched the model.
    let migrationReports: [MigrationReport]
    /// A binary store's file; nil for the other store types.
    private let binaryFile: BinaryStoreFile?

    /// The store's UUID, as object IDs carry it.
    let storeUUID: UUID
    /// The root contexts that merge every other root context's saves
    /// (``ManagedObjectContext/automaticallyMergesChangesFromParent``).
    let mergeTargets = MergeTargets()

    /// Runs `body` with the connection, holding the lock.
    func withConnection<T>(_ body: (Connection) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(connection)
    }

    /// Runs `body` with the row cache, holding the lock.
    func withRowCache<T>(_ body: (inout RowCache) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&rowCache)
    }

    /// The row cache, for code already inside ``withConnection(_:)`` (holding the lock).
    func lockedRowCache<T>(_ body: (inout RowCache) -> T) -> T {
        body(&rowCache)
    }

    /// The engine trace, for code already inside ``withConnection(_:)``; nil when no
    /// sink is attached.
    var lockedTrace: EngineTrace? { engineTrace }

    /// Where annotations go (`trace?.prefetched(…)`); nil when no sink is attached, so
    /// an annotation site costs one branch.
    var trace: EngineTrace? { lock.withLock { engineTrace } }

    /// Replaces the engine trace's sinks; the connection forwards its events only
    /// while there is at least one.
    func setTraceSinks(_ sinks: [any EngineTraceSink]) {
        lock.withLock {
            if let old = engineTrace { connection.removeTraceSink(old) }
            engineTrace = EngineTrace(sinks: sinks)
            if let engineTrace { connection.addTraceSink(engineTrace) }
        }
    }

    /// How many rows the row cache holds.
    var rowCacheCount: Int { lock.withLock { rowCache.count } }

    /// The row layout for fetching `entity`.
    func layout(for entity: Entity) -> RowLayout {
        layouts[entity.id - 1]
    }

    /// The cached `INSERT` for `entity` (``WriteSQL/insert(into:)``), NULL placeholders
    /// for arguments.
    func insertStatement(for entity: Entity) -> SQL {
        inserts[entity.id - 1]
    }

    // MARK: - Opening

    private static func prepareStore(
        _ connection: Connection, model: ManagedObjectModel,
        description: PersistentStoreDescription, path: String
    ) throws -> StoreMigration.Outcome {
        if try StoreMetadata.tableExists(in: connection),
            let stored = try StoreMetadata.read(from: connection, path: path)
        {
            var differing = stored.differingEntities(from: model)
            var bound: ManagedObjectModel?
            var differences: [SchemaDifference] = []
            if !differing.isEmpty, !stored.isWrittenByThisEngine {
                let match = try StoreSchemaMatch.match(connection, model: model)
                differing = match.differingEntities
                differences = match.differences
                bound = match.model
                if differing.isEmpty, !match.renamedEntities.isEmpty,
                    try StoreMigration.exactSource(
                        of: connection, among: description.sourceModels) != nil
                {
                    // The store still has the version before the rename (a source model
                    // fits it under the old names): migrate, as Core Data would.
                    differing = match.renamedEntities
                }
            }
            guard differing.isEmpty else {
                return try StoreMigration.migrate(
                    connection, stored: stored, differing: differing, differences: differences,
                    to: model, description: description, path: path)
            }
            guard
                let reconciled = try IndexReconciliation.run(
                    connection, model: model, stored: stored, path: path)
            else { return StoreMigration.Outcome(metadata: stored, model: bound) }
            return StoreMigration.Outcome(
                metadata: reconciled.metadata, reports: [reconciled.report], model: bound)
        }
        let metadata = StoreMetadata(model: model)
        let schema = StoreSchema(entities: model.resolvedEntities)
        try connection.transaction(.exclusive) {
            try connection.execute(
                script: schema.statements.map(\.text).joined(separator: ";\n"))
            for row in schema.primaryKeyRows { try connection.execute(row) }
            try metadata.write(to: connection)
        }
        return StoreMigration.Outcome(metadata: metadata)
    }

    /// Makes every later write transaction on `connection` write `file` before it
    /// commits (a failed write rolls the transaction back); writes the file now when
    /// opening created the store or may have added history tables outside a transaction.
    private static func attach(_ file: BinaryStoreFile, to connection: Connection, writeNow: Bool)
        throws
    {
        if writeNow { try file.write(connection) }
        connection.beforeCommittingWrite = { connection in
            if !file.isDeferringWrites { try file.write(connection) }
        }
    }

    /// Runs `body` (holding the lock) without writing a binary store's file at its
    /// commits: the next commit that writes it carries the changes.
    func deferringImageWrites<T>(_ body: () throws -> T) rethrows -> T {
        guard let binaryFile else { return try body() }
        binaryFile.isDeferringWrites = true
        defer { binaryFile.isDeferringWrites = false }
        return try body()
    }
}
