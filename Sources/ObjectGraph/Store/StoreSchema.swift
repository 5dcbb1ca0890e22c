/// The DDL of a model in Core Data's layout: one table per hierarchy, join tables,
/// foreign-key and attribute indexes, and the three metadata tables.
///
/// Generated deterministically (tables in `Z_ENT` order, columns grouped by type then
/// sorted), so two stores of one model have byte-identical schemas.
package struct StoreSchema {
    private let entities: [Entity]

    /// The schema of a model's resolved entities.
    package init(entities: [Entity]) {
        self.entities = entities
    }

    /// Every statement that creates the schema, in order.
    package var statements: [String] {
        Self.metadataTables + entityTables + indexes + fetchIndexes + joinTables
    }

    /// Core Data's three metadata tables, verbatim.
    static let metadataTables = [
        "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, "
            + "Z_SUPER INTEGER, Z_MAX INTEGER)",
        "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), "
            + "Z_PLIST BLOB)",
        "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)",
    ]

    private var roots: [Entity] { entities.filter { $0.parentID == nil } }

    private func hierarchy(of root: Entity) -> [Entity] {
        root.descendantIDs.map { entities[$0 - 1] }
    }

    /// Column name to SQL type for a hierarchy's table, in `CREATE TABLE` order.
    private func columns(of root: Entity) -> [(name: String, type: String)] {
        var typed: [String: (group: Int, type: String)] = [:]
        for entity in hierarchy(of: root) {
            for attribute in entity.attributes {
                typed[attribute.column] = (attribute.type.columnGroup, attribute.type.columnType)
            }
            for case .foreignKey(let key) in entity.relationships.map(\.storage) {
                typed[key.column] = (0, "INTEGER")
                if let entityColumn = key.entityColumn { typed[entityColumn] = (0, "INTEGER") }
            }
        }
        for entity in entities {
            for relationship in entity.relationships
            where entities[relationship.destinationID - 1].rootID == root.id {
                if case .inverseForeignKey(_, let orderColumn?) = relationship.storage {
                    typed[orderColumn] = (0, "INTEGER")
                }
            }
        }
        return typed.sorted { ($0.value.group, $0.key) < ($1.value.group, $1.key) }
            .map { ($0.key, $0.value.type) }
    }

    private var entityTables: [String] {
        roots.map { root in
            let fixed = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
            let rest = columns(of: root).map { "\($0.name) \($0.type)" }
            return "CREATE TABLE \(root.tableName) ( "
                + (fixed + rest).joined(separator: ", ") + " )"
        }
    }

    private var indexes: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for entity in entities {
            var indexed = entity.attributes.filter(\.isIndexed).map(\.column)
            for case .foreignKey(let key) in entity.relationships.map(\.storage) {
                indexed.append(key.column)
            }
            for column in indexed.sorted() {
                let name = "\(entity.tableName)_\(column)_INDEX"
                guard seen.insert(name).inserted else { continue }
                result.append("CREATE INDEX \(name) ON \(entity.tableName) (\(column))")
            }
        }
        return result
    }

    /// `Z_<Entity>_<name>` fetch indexes, then `Z_<Entity>_UNIQUE_<COLUMNS>` unique
    /// indexes for uniqueness constraints.
    private var fetchIndexes: [String] {
        entities.flatMap { entity in
            entity.fetchIndexes.map { index in
                let columns = index.columns.map {
                    "\($0.column) COLLATE BINARY \($0.ascending ? "ASC" : "DESC")"
                }
                return "CREATE INDEX Z_\(entity.name)_\(index.name) ON \(entity.tableName) "
                    + "(\(columns.joined(separator: ", ")))"
            }
                + entity.uniquenessConstraints.map { columns in
                    "CREATE UNIQUE INDEX Z_\(entity.name)_UNIQUE_\(columns.joined(separator: "_")) "
                        + "ON \(entity.tableName) (\(columns.joined(separator: ", ")))"
                }
        }
    }

    private var joinTables: [String] {
        var result: [String] = []
        for entity in entities {
            for case .joinTable(let join) in entity.relationships.map(\.storage)
            where join.isPrimarySide && !result.contains(where: { $0.contains(join.name + " ") }) {
                let (first, second) = (join.sourceColumn, join.destinationColumn)
                let orders = [join.inverseOrderColumn, join.orderColumn].compactMap { $0 }
                    .map { ", \($0) INTEGER" }.joined()
                result.append(
                    "CREATE TABLE \(join.name) ( \(first) INTEGER, \(second) INTEGER\(orders), "
                        + "PRIMARY KEY (\(first), \(second)) )")
                result.append(
                    "CREATE INDEX \(join.name)_\(second)_INDEX ON \(join.name) "
                        + "(\(second), \(first))")
            }
        }
        return result
    }
}
