import SQLiteDB

/// Brings a store from an ``InferredMapping``'s source schema to its destination
/// schema with SQL alone, inside the caller's transaction, as Core Data migrates a
/// SQLite store in place: no object is loaded.
///
/// Each destination hierarchy table is either altered in place (the same table and
/// entity numbers; columns only added, renamed, dropped or filled) or copied (a new
/// table filled with `INSERT … SELECT` from the old one, renamed `Z_MIG_<name>`
/// meanwhile): see ``MigrationReport/Strategy``. Join tables are kept or rebuilt the
/// same way. With `defersCleanup`, dropping old tables and columns and creating
/// non-unique indexes are left to ``DeferredCleanup`` (docs/MIGRATION.md).
///
/// Cost: O(rows) for each copied table and each filled column; O(1) per renamed, added
/// or dropped column (SQLite rewrites the schema, not the rows; `DROP COLUMN` does
/// rewrite the table).
struct LightweightMigrator {
    let mapping: InferredMapping
    let connection: Connection
    let path: String
    let defersCleanup: Bool
    var store: StoreTables
    let schema: StoreSchema
    var report: MigrationReport
    /// Source root ID to the key offset its rows get (hierarchies merged).
    var offsets: [Int: Int64] = [:]
    /// Old table names to the names they have while the migration runs.
    private var renamed: [String: String] = [:]
    /// Destination roots altered in place (the rest are copied or created).
    private var altered: [Int: [TableStep]] = [:]
    /// Join tables kept in place.
    var keptJoins: Set<String> = []

    init(
        mapping: InferredMapping, connection: Connection, path: String, defersCleanup: Bool
    ) throws {
        self.mapping = mapping
        self.connection = connection
        self.path = path
        self.defersCleanup = defersCleanup
        store = try StoreTables(connection)
        schema = StoreSchema(entities: mapping.destination.resolvedEntities)
        report = MigrationReport(
            sourceChecksum: mapping.source.versionChecksum,
            destinationChecksum: mapping.destination.versionChecksum)
    }

    private var destinationRoots: [Entity] {
        mapping.destination.resolvedEntities.filter { $0.parentID == nil }
    }

    private var sourceRoots: [Entity] {
        mapping.source.resolvedEntities.filter { $0.parentID == nil }
    }

    private func hierarchy(_ root: Entity, in model: ManagedObjectModel) -> [Entity] {
        root.descendantIDs.map(model.entity(id:))
    }

    /// Migrates; returns what was done.
    ///
    /// - Throws: ``MigrationError/storeRefused(path:step:reason:)`` when SQLite refuses
    ///   a statement (the caller rolls the transaction back).
    mutating func run() throws -> MigrationReport {
        try computeOffsets()
        for root in destinationRoots {
            if let steps = try alterSteps(for: root) { altered[root.id] = steps }
        }
        let joins = destinationJoins()
        keptJoins = Set(joins.filter(isKept).map(\.join.name.sql))
        try dropStaleIndexes()
        try renameReplacedTables()
        for root in destinationRoots where altered[root.id] == nil { try copy(root) }
        for join in joins where !keptJoins.contains(join.join.name.sql) { try rebuild(join) }
        for root in destinationRoots {
            guard let steps = altered[root.id] else { continue }
            try alter(root, steps)
        }
        try retireOldTables()
        try createIndexes()
        try rewritePrimaryKeys()
        return report
    }

    /// Runs one migration statement (``Connection/migrationStep(_:path:)``).
    func execute(_ sql: SQL) throws {
        try connection.migrationStep(sql, path: path)
    }

    // MARK: - Keys

    /// When a destination hierarchy takes rows from several source hierarchies, every
    /// source hierarchy's keys are shifted past the previous ones' so they cannot collide
    /// (foreign keys into them shift alike).
    private mutating func computeOffsets() throws {
        let merges = destinationRoots.contains { root in
            Set(
                hierarchy(root, in: mapping.destination).compactMap {
                    mapping.map(ofDestination: $0.id).source?.rootID
                }
            ).count > 1
        }
        guard merges else { return }
        var next: Int64 = 0
        for root in sourceRoots {
            offsets[root.id] = next
            next += try maximumKey(of: root)
        }
    }

    private func maximumKey(of root: Entity) throws -> Int64 {
        let counter =
            try connection.fetchOne(MigrationSQL.keyCounter(of: root.id)) {
                $0.int64(at: 0)
            } ?? 0
        guard store.tables.contains(root.tableName) else { return counter }
        let largest =
            try connection.fetchOne(MigrationSQL.largestKey(in: root.table)) {
                $0.int64(at: 0)
            } ?? 0
        return max(counter, largest)
    }

    func offset(ofSourceRoot id: Int) -> Int64 { offsets[id] ?? 0 }

    /// The name a source table has now (`Z_MIG_…` once renamed).
    func current(_ table: SQLName) -> SQLName {
        renamed[table.sql].map { SQLName($0) } ?? table
    }

    // MARK: - Tables

    private mutating func renameReplacedTables() throws {
        let keptRoots = Set(
            destinationRoots.filter { altered[$0.id] != nil }.map(\.tableName))
        var tables = sourceRoots.map(\.tableName).filter { !keptRoots.contains($0) }
        tables += sourceJoinTables().filter { !keptJoins.contains($0) }
        for table in tables where store.tables.contains(table) {
            let temporary = "Z_MIG_" + table
            try execute(MigrationSQL.renameTable(SQLName(table), to: SQLName(temporary)))
            renamed[table] = temporary
        }
    }

    private func sourceJoinTables() -> [String] {
        var names: [String] = []
        for entity in mapping.source.resolvedEntities {
            for case .joinTable(let join) in entity.relationships.map(\.storage)
            where join.isPrimarySide && !names.contains(join.name.sql) {
                names.append(join.name.sql)
            }
        }
        return names
    }

    /// Creates `root`'s table and fills it from every source entity mapped into it.
    private mutating func copy(_ root: Entity) throws {
        try execute(schema.tableStatement(for: root))
        var details: [String] = []
        for entity in hierarchy(root, in: mapping.destination) {
            let map = mapping.map(ofDestination: entity.id)
            guard let source = map.source else { continue }
            let values = columnValues(for: map)
            let sourceTable = current(mapping.source.entity(id: source.rootID).table)
            let columns: [SQL] = ["Z_PK", "Z_ENT", "Z_OPT"] + values.map { "\($0.column)" }
            let offset = offset(ofSourceRoot: source.rootID)
            let expressions: [SQL] =
                [MigrationSQL.shiftedKey(offset), "\(Int64(entity.id))", "s.Z_OPT"]
                + values.map(\.value.expression)
            try execute(
                MigrationSQL.copyRows(
                    into: root.table, columns: columns, expressions: expressions,
                    from: sourceTable, entity: source.id))
            details.append("\(source.name) -> \(entity.name)")
        }
        report.tables.append(
            .init(
                table: root.tableName, strategy: details.isEmpty ? .created : .copied,
                details: details))
    }

    /// Drops the renamed old tables, or leaves them to deferred cleanup.
    private mutating func retireOldTables() throws {
        for (old, temporary) in renamed.sorted(by: { $0.key < $1.key }) {
            let replaced =
                destinationRoots.contains { $0.tableName == old }
                || schema.joinTableStatements.contains { $0.name.sql == old }
            if !replaced {
                report.tables.append(.init(table: old, strategy: .dropped, details: []))
            }
            if defersCleanup {
                report.deferred.append(.dropTable(temporary))
            } else {
                try execute(MigrationSQL.dropTable(SQLName(temporary)))
            }
        }
    }

    // MARK: - Indexes

    private var desiredIndexes: [String: StoreSchema.Named] {
        Dictionary(
            schema.indexStatements.map { ($0.name.sql, $0) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Drops every index the new schema does not have as it is, every index of a table
    /// about to be replaced (its name would collide with the new table's), and every
    /// index on a column about to be dropped or renamed (SQLite refuses to drop an
    /// indexed column); ``createIndexes()`` makes the new schema's again.
    private mutating func dropStaleIndexes() throws {
        let desired = desiredIndexes
        let keptTables =
            Set(destinationRoots.filter { altered[$0.id] != nil }.map(\.tableName))
            .union(keptJoins)
        var touched: [String: Set<String>] = [:]
        for root in destinationRoots {
            for step in altered[root.id] ?? [] {
                switch step {
                case .dropColumn(let column, _), .rename(let column, _):
                    touched[root.tableName, default: []].insert(column.sql)
                default: break
                }
            }
        }
        for (name, index) in store.indexes.sorted(by: { $0.key < $1.key }) {
            let columns = try connection.fetchAll(CatalogSQL.indexColumns(of: name)) {
                $0.string(at: 0)
            }
            let isKept =
                keptTables.contains(index.table) && desired[name]?.sql.text == index.sql
                && touched[index.table].map { $0.isDisjoint(with: columns) } ?? true
            guard !isKept, index.table.hasPrefix("Z") else { continue }
            try execute(MigrationSQL.dropIndex(SQLName(name)))
            report.indexes.append("dropped \(name)")
        }
        store = try StoreTables(connection)
    }

    /// Creates the new schema's missing indexes; non-unique ones are deferred when
    /// cleanup is.
    private mutating func createIndexes() throws {
        let existing = try StoreTables(connection).indexes
        for index in schema.indexStatements where existing[index.name.sql] == nil {
            if defersCleanup && !index.isUnique {
                report.deferred.append(.createIndex(index.name.sql))
                continue
            }
            try execute(index.sql)
            report.indexes.append("created \(index.name.sql)")
        }
    }

    /// `Z_PRIMARYKEY` for the new entity numbers: each root's counter is at least its
    /// largest key and its sources' counters (shifted), so keys are never reused.
    private func rewritePrimaryKeys() throws {
        var counters: [Int: Int64] = [:]
        for root in sourceRoots {
            counters[root.id] =
                try connection.fetchOne(MigrationSQL.keyCounter(of: root.id)) {
                    $0.int64(at: 0)
                } ?? 0
        }
        try execute(MigrationSQL.deleteKeyCounters)
        for entity in mapping.destination.resolvedEntities {
            var counter: Int64 = 0
            if entity.parentID == nil {
                counter =
                    try connection.fetchOne(MigrationSQL.largestKey(in: entity.table)) {
                        $0.int64(at: 0)
                    } ?? 0
                for member in hierarchy(entity, in: mapping.destination) {
                    guard let source = mapping.map(ofDestination: member.id).source else {
                        continue
                    }
                    counter = max(
                        counter,
                        (counters[source.rootID] ?? 0) + offset(ofSourceRoot: source.rootID))
                }
            }
            try execute(
                MigrationSQL.insertKeyCounter(
                    entity: entity.id, name: entity.name, parent: entity.parentID,
                    counter: counter))
        }
    }
}
