import SQLiteDB

/// Matches a store written by Core Data to a model by its tables, the fallback when
/// version hashes cannot decide: Apple's entity hash layout is not public, so a Core
/// Data store's hashes never equal this engine's.
///
/// An entity matches when `Z_PRIMARYKEY` gives it the same number and name, its table
/// has every column the model stores it in, and each many-to-many join table exists.
/// Extra columns (Core Data's derived-attribute bookkeeping, history) are allowed.
///
/// Cost: one query on `Z_PRIMARYKEY` and one `pragma_table_info` per table.
enum StoreSchemaMatch {
    /// Entities that do not match, sorted by name; empty when the store fits the model.
    ///
    /// - Throws: ``SQLiteError`` when the store cannot be queried.
    static func differingEntities(in connection: Connection, model: ManagedObjectModel)
        throws -> [String]
    {
        let numbers = try connection.fetchAll(CatalogSQL.entityNumbers) {
            ($0.string(at: 1), Int($0.int64(at: 0)))
        }
        let stored = Dictionary(numbers, uniquingKeysWith: { first, _ in first })
        var columnsByTable: [String: Set<String>] = [:]
        func columns(of table: String) throws -> Set<String> {
            if let known = columnsByTable[table] { return known }
            let names = try connection.fetchAll(CatalogSQL.columnNames(of: table)) {
                $0.string(at: 0)
            }
            columnsByTable[table] = Set(names)
            return Set(names)
        }
        var differing = Set(stored.keys).subtracting(model.resolvedEntities.map(\.name))
        for entity in model.resolvedEntities {
            let needed = Set(["Z_PK", "Z_ENT", "Z_OPT"] + entity.columns.map(\.sql))
            let joins = entity.relationships.compactMap { relationship -> String? in
                guard case .joinTable(let table) = relationship.storage else { return nil }
                return table.name.sql
            }
            let fits =
                try stored[entity.name] == entity.id
                && needed.isSubset(of: columns(of: entity.tableName))
                && joins.allSatisfy { try !columns(of: $0).isEmpty }
            if !fits { differing.insert(entity.name) }
        }
        return differing.sorted()
    }
}
