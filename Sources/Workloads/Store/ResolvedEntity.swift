import ObjectGraph

/// What a store writer needs of one resolved entity: table, IDs and columns.
struct ResolvedEntity {
    let name: String
    let tableName: String
    let entityID: Int
    let rootID: Int
    private let entity: Entity

    init(_ entity: Entity) {
        self.entity = entity
        name = entity.name
        tableName = entity.tableName
        entityID = entity.id
        rootID = entity.rootID
    }

    /// The attribute types of the layout's columns, in its order.
    func columnTypes(_ layout: EntityLayout) -> [AttributeType] {
        layout.columns.map { column in entity.attribute(named: column.name)?.type ?? .string }
    }

    /// The foreign-key columns of a to-one (and its entity column, for hierarchies).
    func foreignKey(_ name: String) -> Relationship.ForeignKey? {
        guard case .foreignKey(let key)? = entity.relationship(named: name)?.storage else {
            return nil
        }
        return key
    }

    /// The join table of a many-to-many, seen from this entity.
    func joinTable(_ name: String) -> Relationship.JoinTable? {
        guard case .joinTable(let table)? = entity.relationship(named: name)?.storage else {
            return nil
        }
        return table
    }

    /// `INSERT INTO <table> (Z_PK, Z_ENT, Z_OPT, <attributes>, <foreign keys>) VALUES (?, …)`.
    func insertSQL(_ layout: EntityLayout) -> String {
        var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
        columns += layout.columns.compactMap { entity.attribute(named: $0.name)?.column }
        for toOne in layout.toOnes {
            guard let key = foreignKey(toOne.name) else { continue }
            columns.append(key.column)
            if let entityColumn = key.entityColumn { columns.append(entityColumn) }
        }
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return
            "INSERT INTO \(tableName) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
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
