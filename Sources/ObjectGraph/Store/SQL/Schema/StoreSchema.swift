import SQLiteDB

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
    package var statements: [SQL] {
        Self.metadataTables + entityTables + indexes + joinTables
    }

    /// The `Z_PRIMARYKEY` row of each entity: its number, name, parent and `Z_MAX` 0.
    var primaryKeyRows: [SQL] {
        entities.map { entity in
            "INSERT INTO Z_PRIMARYKEY(Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES("
                + "\(entity.id), \(entity.name), \(entity.parentID ?? 0), 0)"
        }
    }

    /// Core Data's three metadata tables, verbatim.
    static let metadataTables: [SQL] = [
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

    /// Each column of a hierarchy's table with its SQL type, in `CREATE TABLE` order.
    private func columns(of root: Entity) -> [SQL] {
        columnTypes(of: root).map { "\($0.name) \(raw: $0.type)" }
    }

    /// Each column of a hierarchy's table (but `Z_PK`, `Z_ENT`, `Z_OPT`) and its SQL
    /// type, in `CREATE TABLE` order.
    package func columnTypes(of root: Entity) -> [(name: SQLName, type: String)] {
        var typed: [SQLName: (group: Int, type: String)] = [:]
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

    private var entityTables: [SQL] {
        roots.map(tableStatement(for:))
    }

    /// The `CREATE TABLE` of `root`'s hierarchy.
    package func tableStatement(for root: Entity) -> SQL {
        let fixed: [SQL] = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
        return
            "CREATE TABLE \(root.table) ( \((fixed + columns(of: root)).joined(separator: ", ")) )"
    }

    /// A statement that creates one named schema object.
    package struct Named {
        /// The table's or index's name.
        package let name: SQLName
        /// The `CREATE` statement.
        package let sql: SQL
        /// Whether it is a unique index (a uniqueness constraint).
        package var isUnique = false
    }

    /// Every index of the schema: attribute and foreign-key indexes, fetch indexes,
    /// unique indexes, then the join tables' indexes.
    package var indexStatements: [Named] {
        attributeIndexes + fetchIndexes + joins.map(\.index)
    }

    /// Every join table's `CREATE TABLE`.
    package var joinTableStatements: [Named] { joins.map(\.table) }

    private var indexes: [SQL] { (attributeIndexes + fetchIndexes).map(\.sql) }

    private var attributeIndexes: [Named] {
        var seen = Set<SQLName>()
        var result: [Named] = []
        for entity in entities {
            var indexed = entity.attributes.filter(\.isIndexed).map(\.column)
            for case .foreignKey(let key) in entity.relationships.map(\.storage) {
                indexed.append(key.column)
            }
            for column in indexed.sorted() {
                let name = SQLName("\(entity.table)_\(column)_INDEX")
                guard seen.insert(name).inserted else { continue }
                result.append(
                    Named(name: name, sql: "CREATE INDEX \(name) ON \(entity.table) (\(column))"))
            }
        }
        return result
    }

    /// `Z_<Entity>_<name>` fetch indexes, then `Z_<Entity>_UNIQUE_<COLUMNS>` unique
    /// indexes for uniqueness constraints.
    private var fetchIndexes: [Named] {
        entities.flatMap { entity in
            entity.fetchIndexes.map { index in
                let columns = index.columns.map { element -> SQL in
                    "\(element.column) COLLATE BINARY " + (element.ascending ? "ASC" : "DESC")
                }
                let name = SQLName("Z_\(entity.name)_\(index.name)")
                return Named(
                    name: name,
                    sql:
                        "CREATE INDEX \(name) ON \(entity.table) (\(columns.joined(separator: ", ")))"
                )
            }
                + entity.uniquenessConstraints.map { columns in
                    let name = SQLName(
                        "Z_\(entity.name)_UNIQUE_" + columns.map(\.sql).joined(separator: "_"))
                    let list = columns.map { "\($0)" as SQL }.joined(separator: ", ")
                    return Named(
                        name: name, sql: "CREATE UNIQUE INDEX \(name) ON \(entity.table) (\(list))",
                        isUnique: true)
                }
        }
    }

    private var joinTables: [SQL] { joins.flatMap { [$0.table.sql, $0.index.sql] } }

    private var joins: [(table: Named, index: Named)] {
        var created = Set<SQLName>()
        var result: [(table: Named, index: Named)] = []
        for entity in entities {
            for case .joinTable(let join) in entity.relationships.map(\.storage)
            where join.isPrimarySide && created.insert(join.name).inserted {
                let (first, second) = (join.sourceColumn, join.destinationColumn)
                var orders: SQL = ""
                for order in [join.inverseOrderColumn, join.orderColumn].compactMap({ $0 }) {
                    orders.append(", \(order) INTEGER")
                }
                let index = SQLName("\(join.name)_\(second)_INDEX")
                result.append(
                    (
                        Named(
                            name: join.name,
                            sql: "CREATE TABLE \(join.name) ( \(first) INTEGER, \(second) INTEGER"
                                + "\(orders), PRIMARY KEY (\(first), \(second)) )"),
                        Named(
                            name: index,
                            sql: "CREATE INDEX \(index) ON \(join.name) (\(second), \(first))")
                    ))
            }
        }
        return result
    }
}
