import Foundation
import ObjectGraph
import SQLiteDB

/// Writes a generated dataset straight into a Core Data-layout store with prepared
/// INSERTs through SQLiteDB: the floor the engine's batch insert is measured against.
///
/// The store's tables come from ObjectGraph (a container creates them); rows go in with
/// `Z_PK`, `Z_ENT`, `Z_OPT` = 1 and every value encoded exactly as the engine stores it;
/// `Z_PRIMARYKEY.Z_MAX` is set per table. Indexes are dropped for the load and created
/// again after it, faster than maintaining them row by row. Cost: one transaction per
/// entity and per join table, one step per row.
public final class RawStoreWriter: DatasetSink {
    private let connection: Connection
    private let entities: [String: ResolvedEntity]
    private let keys: KeyMap
    private let droppedIndexes: [String]
    private var insert: Statement?
    private var current:
        (
            layout: EntityLayout, attributes: [ResolvedAttribute?], parameters: [Int32?],
            nextRow: Int
        )?
    /// Rows written so far, join-table rows included.
    public private(set) var rowsWritten = 0

    /// Creates the store at `path` (which must not exist yet) for `layout`'s model.
    public init(path: String, model: ManagedObjectModel, layout: DatasetLayout) throws {
        try StoreFile.create(at: path, model: model)
        let (connection, dropped) = try StoreFile.openForLoad(at: path)
        self.connection = connection
        droppedIndexes = dropped.map(\.sql)
        let resolved = model.resolvedEntities.map(ResolvedEntity.init)
        entities = Dictionary(uniqueKeysWithValues: resolved.map { ($0.name, $0) })
        keys = KeyMap(layout: layout, entities: entities)
    }

    public func begin(_ entity: EntityLayout) throws {
        guard let resolved = entities[entity.name] else {
            throw DatasetError.unknownEntity(schema: "model", entity: entity.name)
        }
        try connection.begin(.immediate)
        let statement = try connection.prepare(resolved.insertSQL)
        try statement.bind(.integer(keys.entityID(entity.name)), at: 2)
        try statement.bind(.integer(1), at: 3)
        insert = statement
        current = (entity, resolved.columnAttributes(entity), resolved.parameters(entity), 0)
    }

    public func row(_ values: [GeneratedValue], toOne: [Int?]) throws {
        guard let insert, let state = current else { return }
        try insert.bind(.integer(keys.key(state.layout.name, row: state.nextRow)), at: 1)
        for (offset, value) in values.enumerated() {
            guard let parameter = state.parameters[offset],
                let attribute = state.attributes[offset]
            else { continue }
            // Stored as the engine stores it: a transformable through its transformer.
            let stored = try value.object.flatMap { try attribute.stored($0) }
            try insert.bind(stored ?? .null, at: parameter)
        }
        for (link, destination) in zip(state.layout.toOnes, toOne) {
            try bindForeignKey(link, destination, entity: state.layout.name)
        }
        try insert.run()
        insert.reset()
        current?.nextRow += 1
        rowsWritten += 1
    }

    /// Binds a to-one's key (and entity) columns at their slots' parameters.
    private func bindForeignKey(_ link: EntityLayout.ToOne, _ destination: Int?, entity: String)
        throws
    {
        guard let insert, let key = entities[entity]?.foreignKey(link.name) else { return }
        let value =
            destination.map { SQLiteValue.integer(keys.key(link.destination, row: $0)) } ?? .null
        try insert.bind(value, at: Int32(key.slot + 4))
        guard let entitySlot = key.entitySlot else { return }
        try insert.bind(
            destination == nil ? .null : .integer(keys.entityID(link.destination)),
            at: Int32(entitySlot + 4))
    }

    public func end(_ entity: EntityLayout) throws {
        insert = nil
        current = nil
        for (root, maxKey) in keys.maxKeyByRoot where root == entities[entity.name]?.rootID {
            try connection.execute(
                "UPDATE Z_PRIMARYKEY SET Z_MAX = \(maxKey) WHERE Z_ENT = \(root)")
        }
        try connection.commit()
    }

    public func links(_ link: LinkLayout, pairs: [(source: Int, destination: Int)]) throws {
        guard let table = entities[link.entity]?.joinTable(link.relationship) else {
            throw DatasetError.unknownProperty(
                schema: "model", entity: link.entity, property: link.relationship)
        }
        let keys = pairs.map {
            (
                self.keys.key(link.entity, row: $0.source),
                self.keys.key(link.destination, row: $0.destination)
            )
        }
        try StoreFile.insertLinks(keys, into: table, on: connection)
        rowsWritten += pairs.count
    }

    /// Creates the indexes again and leaves the file self-contained (no WAL), ready to be
    /// hashed and copied.
    public func finish() throws {
        try StoreFile.finishLoad(connection, indexes: droppedIndexes)
    }
}
