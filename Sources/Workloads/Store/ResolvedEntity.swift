import ObjectGraph
import SQLiteDB

/// What a store writer needs of one resolved entity: table, IDs and columns.
struct ResolvedEntity {
    let name: String
    let entityID: Int
    let rootID: Int
    private let entity: Entity

    init(_ entity: Entity) {
        self.entity = entity
        name = entity.name
        entityID = entity.id
        rootID = entity.rootID
    }

    /// The attributes of the layout's columns, in its order (nil for a name the entity
    /// lacks).
    func columnAttributes(_ layout: EntityLayout) -> [ResolvedAttribute?] {
        layout.columns.map { entity.attribute(named: $0.name) }
    }

    /// The foreign-key columns of a to-one (and its entity column, for hierarchies).
    func foreignKey(_ name: String) -> ResolvedRelationship.ForeignKey? {
        guard case .foreignKey(let key)? = entity.relationship(named: name)?.storage else {
            return nil
        }
        return key
    }

    /// The join table of a many-to-many, seen from this entity.
    func joinTable(_ name: String) -> ResolvedRelationship.JoinTable? {
        guard case .joinTable(let table)? = entity.relationship(named: name)?.storage else {
            return nil
        }
        return table
    }

    /// The engine's own INSERT of the entity (``WriteSQL/insert(into:)``): `Z_PK` at
    /// parameter 1, `Z_ENT` at 2, `Z_OPT` at 3, then every snapshot slot i at i + 4.
    var insertSQL: String { WriteSQL.insert(into: entity).text }

    /// The INSERT parameter of each of the layout's columns (nil for a name the entity
    /// lacks, which is then left NULL).
    func parameters(_ layout: EntityLayout) -> [Int32?] {
        layout.columns.map { column in
            entity.attribute(named: column.name).map { Int32($0.slot + 4) }
        }
    }
}

/// Primary keys of generated rows: row i of an entity is key offset + i + 1, where the
/// offset counts the rows of earlier entities sharing its table (one table per
/// inheritance hierarchy, one key sequence per table).
struct KeyMap {
    private var offsets: [String: Int] = [:]
    private(set) var maxKeyByRoot: [Int: Int] = [:]
    private var entityIDs: [String: Int] = [:]

    init(layout: DatasetLayout, entities: [String: ResolvedEntity]) {
        for entity in layout.entities {
            guard let resolved = entities[entity.name] else { continue }
            let used = maxKeyByRoot[resolved.rootID] ?? 0
            offsets[entity.name] = used
            maxKeyByRoot[resolved.rootID] = used + entity.count
            entityIDs[entity.name] = resolved.entityID
        }
    }

    /// The primary key of row `row` of `entity`.
    func key(_ entity: String, row: Int) -> Int64 {
        Int64((offsets[entity] ?? 0) + row + 1)
    }

    /// The `Z_ENT` of `entity`.
    func entityID(_ entity: String) -> Int64 {
        Int64(entityIDs[entity] ?? 0)
    }
}
