import SQLiteDB

/// Runs a ``MappingModel`` on a store inside the caller's transaction: the old tables
/// are renamed `Z_MIG_<name>`, the new schema is created, each entity mapping fills
/// its destination table chunk by chunk, relationships are set in SQL through the key
/// table `_MIGRATION_KEYS` (mapping, source key, destination key), and the old tables
/// are dropped.
///
/// Cost: per source row, one decode and one `INSERT` of the destination row and one of
/// its keys; per relationship mapping, one `UPDATE` or `INSERT … SELECT` over the keys.
/// Memory: one chunk of source objects.
struct CustomMigrator {
    let mapping: MappingModel
    let connection: Connection
    let path: String
    let schema: StoreSchema
    /// The next key per destination root.
    private var nextKeys: [Int: Int64] = [:]

    init(mapping: MappingModel, connection: Connection, path: String) {
        self.mapping = mapping
        self.connection = connection
        self.path = path
        schema = StoreSchema(entities: mapping.destination.resolvedEntities)
    }

    /// Migrates; returns what was done.
    ///
    /// - Throws: ``MigrationError/mappingFailed(path:mapping:reason:)`` for a mapping
    ///   that names unknown entities or properties, or whose closure throws or makes a
    ///   value of the wrong type; ``MigrationError/storeRefused(path:step:reason:)``.
    mutating func run() throws -> MigrationReport {
        var report = MigrationReport(
            sourceChecksum: mapping.source.versionChecksum,
            destinationChecksum: mapping.destination.versionChecksum)
        let store = try StoreTables(connection)
        for (name, index) in store.indexes.sorted(by: { $0.key < $1.key })
        where index.table.hasPrefix("Z") {
            try execute(MigrationSQL.dropIndex(SQLName(name)))
        }
        let old = store.tables.filter {
            $0.hasPrefix("Z") && !["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"].contains($0)
        }.sorted()
        for table in old {
            try execute(MigrationSQL.renameTable(SQLName(table), to: SQLName("Z_MIG_" + table)))
        }
        let roots = mapping.destination.resolvedEntities.filter { $0.parentID == nil }
        for root in roots { try execute(schema.tableStatement(for: root)) }
        for join in schema.joinTableStatements { try execute(join.sql) }
        try execute(CustomMigrationSQL.createKeyTable)
        try execute(CustomMigrationSQL.createKeyIndex)
        for (index, entityMapping) in mapping.entityMappings.enumerated() {
            let count = try copyObjects(entityMapping, number: index)
            report.tables.append(
                .init(
                    table: entityMapping.destinationEntity, strategy: .copied,
                    details: ["\(entityMapping.name): \(count) objects"]))
        }
        for (index, entityMapping) in mapping.entityMappings.enumerated() {
            try setRelationships(entityMapping, number: index)
            try setKeyPathValues(entityMapping, number: index)
        }
        try execute(CustomMigrationSQL.dropKeyTable)
        for table in old { try execute(MigrationSQL.dropTable(SQLName("Z_MIG_" + table))) }
        for index in schema.indexStatements { try execute(index.sql) }
        try execute(MigrationSQL.deleteKeyCounters)
        for entity in mapping.destination.resolvedEntities {
            let counter = entity.parentID == nil ? nextKeys[entity.id] ?? 0 : 0
            try execute(
                MigrationSQL.insertKeyCounter(
                    entity: entity.id, name: entity.name, parent: entity.parentID,
                    counter: counter))
        }
        return report
    }

    /// Runs one migration statement (``Connection/migrationStep(_:path:)``).
    func execute(_ sql: SQL) throws {
        try connection.migrationStep(sql, path: path)
    }

    func failure(_ entityMapping: EntityMapping, _ reason: String) -> MigrationError {
        .mappingFailed(path: path, mapping: "entity mapping \(entityMapping.name)", reason: reason)
    }

    func entities(of entityMapping: EntityMapping) throws -> (Entity, Entity) {
        guard let source = mapping.source.entity(named: entityMapping.sourceEntity) else {
            throw failure(
                entityMapping, "the source model has no entity \(entityMapping.sourceEntity)")
        }
        guard let destination = mapping.destination.entity(named: entityMapping.destinationEntity)
        else {
            throw failure(
                entityMapping,
                "the destination model has no entity \(entityMapping.destinationEntity)")
        }
        return (source, destination)
    }

    // MARK: - Objects

    /// Makes the destination objects of one mapping, a chunk of source rows at a time.
    private mutating func copyObjects(_ entityMapping: EntityMapping, number: Int) throws -> Int {
        let (source, destination) = try entities(of: entityMapping)
        let makers = try destination.attributes.map { attribute in
            try valueMaker(for: attribute, of: entityMapping, source: source)
        }
        let sourceTable = SQLName("Z_MIG_" + mapping.source.entity(id: source.rootID).tableName)
        let reader = SourceRowReader(
            entity: source, table: sourceTable,
            includesSubentities: entityMapping.includesSubentities)
        let insert = CustomMigrationSQL.insertObject(
            into: destination.table, columns: destination.attributes.map(\.column))
        let insertRow = try prepared(insert)
        let insertKeys = try prepared(CustomMigrationSQL.insertKey)
        var after: Int64 = 0
        var made = 0
        while true {
            let chunk = try reader.read(
                from: connection, after: after, limit: mapping.chunkSize, path: path)
            guard let last = chunk.last else { break }
            after = last.key
            for object in chunk {
                if let filter = entityMapping.filter,
                    try !run(entityMapping, { try filter(object) })
                {
                    continue
                }
                let key = (nextKeys[destination.rootID] ?? 0) + 1
                nextKeys[destination.rootID] = key
                var values: [SQLiteValue] = [
                    .integer(key), .integer(Int64(destination.id)), .integer(1),
                ]
                for make in makers { values.append(try run(entityMapping) { try make(object) }) }
                try step(insertRow, values, sql: insert)
                try step(
                    insertKeys, [.integer(Int64(number)), .integer(object.key), .integer(key)],
                    sql: CustomMigrationSQL.insertKeyStep)
                made += 1
            }
            if mapping.chunkSize <= 0 { break }
        }
        return made
    }

    /// A statement prepared once for a mapping's rows.
    private func prepared(_ sql: SQL) throws -> Statement {
        do {
            return try connection.prepare(sql.text)
        } catch let error as SQLiteError {
            throw MigrationError.storeRefused(path: path, step: sql.text, reason: error.description)
        }
    }

    /// Binds `values` to `statement`, runs it and resets it.
    private func step(_ statement: Statement, _ values: [SQLiteValue], sql: SQL) throws {
        do {
            defer { statement.reset() }
            for (index, value) in values.enumerated() {
                try statement.bind(value, at: Int32(index + 1))
            }
            _ = try statement.run()
        } catch let error as SQLiteError {
            throw MigrationError.storeRefused(path: path, step: sql.text, reason: error.description)
        }
    }

    /// Runs a mapping's closure; what it throws becomes a ``MigrationError``.
    private func run<T>(_ entityMapping: EntityMapping, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MigrationError {
            throw error
        } catch {
            throw failure(entityMapping, "its closure threw: \(error)")
        }
    }

    /// How one destination attribute's stored value is made from a source object.
    private func valueMaker(
        for attribute: ResolvedAttribute, of entityMapping: EntityMapping, source: Entity
    ) throws -> (SourceObject) throws -> SQLiteValue {
        let rule =
            entityMapping.attributes[attribute.name]
            ?? (source.attribute(named: attribute.name) != nil ? .source(attribute.name) : nil)
        guard let rule else {
            let fallback = attribute.defaultValue
            return { _ in fallback }
        }
        if case .source(let name) = rule, source.attribute(named: name) == nil {
            throw failure(entityMapping, "source entity \(source.name) has no attribute \(name)")
        }
        return { object in
            let value: Any?
            switch rule {
            case .source(let name): value = object[name]
            case .constant(let constant): value = constant
            case .compute(let closure): value = try closure(object)
            case .sourceKeyPath: value = nil  // set by setKeyPathValues
            }
            guard let value else { return .null }
            guard let stored = try? attribute.stored(value) else {
                throw failure(
                    entityMapping,
                    "the value for \(attribute.name) is a \(type(of: value)), which a "
                        + "\(attribute.type.rawValue) attribute cannot hold")
            }
            return stored
        }
    }
}
