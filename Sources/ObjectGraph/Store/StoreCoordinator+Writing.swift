import SQLiteDB

extension StoreCoordinator {
    /// A block of primary keys taken from `Z_PRIMARYKEY` for one hierarchy.
    struct KeyReservation {
        /// The `Z_ENT` whose `Z_MAX` was advanced (the hierarchy's root).
        let entityID: Int
        /// `Z_MAX` before; the keys are `previousMax + 1 ... newMax`.
        let previousMax: Int64
        /// `Z_MAX` after.
        let newMax: Int64
    }

    /// Reserves `count` keys per root entity in one short exclusive transaction, as Core
    /// Data does before a save: `SELECT Z_MAX …` then `UPDATE OR FAIL … SET Z_MAX = ?
    /// WHERE Z_ENT = ? AND Z_MAX = ?` for each.
    ///
    /// Cost: BEGIN, 2 statements per root entity, COMMIT.
    func reservePrimaryKeys(_ counts: [Int: Int]) throws -> [KeyReservation] {
        try withConnection { connection in
            try connection.transaction(.exclusive) {
                try counts.keys.sorted().map { entityID in
                    let current =
                        try connection.fetchOne(
                            "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(entityID)"
                        ) { $0.int64(at: 0) } ?? 0
                    let next = current + Int64(counts[entityID]!)
                    try connection.execute(
                        "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = \(next) WHERE Z_ENT = "
                            + "\(entityID) AND Z_MAX = \(current)")
                    return KeyReservation(entityID: entityID, previousMax: current, newMax: next)
                }
            }
        }
    }

    /// Gives reserved keys back after a failed save, when nobody reserved more since,
    /// so a failed save leaves `Z_PRIMARYKEY` exactly as it was.
    func releasePrimaryKeys(_ reservations: [KeyReservation]) {
        guard !reservations.isEmpty else { return }
        withConnection { connection in
            try? connection.transaction(.exclusive) {
                for reservation in reservations {
                    try connection.execute(
                        "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = \(reservation.previousMax) "
                            + "WHERE Z_ENT = \(reservation.entityID) AND Z_MAX = "
                            + "\(reservation.newMax)")
                }
            }
        }
    }

    /// Writes a save's rows in one exclusive transaction, then updates the row cache.
    ///
    /// Every UPDATE and DELETE is guarded by `Z_OPT`; if any matches no row, the
    /// transaction rolls back and the save fails listing those objects.
    ///
    /// - Throws: ``SaveError/optimisticLockingFailure(objects:)`` or ``SaveError/sqlite(_:objects:)``.
    func write(_ operations: [WriteOperation]) throws {
        try withConnection { connection in
            do {
                try connection.transaction(.exclusive) {
                    var conflicts: [ObjectID] = []
                    for operation in operations {
                        let changed = try execute(operation, on: connection)
                        if changed == 0, let id = operation.objectID {
                            conflicts.append(id)
                        }
                    }
                    if !conflicts.isEmpty {
                        throw SaveError.optimisticLockingFailure(objects: conflicts)
                    }
                }
            } catch let error as SQLiteError {
                throw SaveError.sqlite(error, objects: operations.compactMap(\.objectID))
            }
            lockedRowCache { cache in
                for operation in operations { Self.apply(operation, to: &cache) }
            }
            statistics.record { $0.saveCount += 1 }
        }
    }

    private func execute(_ operation: WriteOperation, on connection: Connection) throws -> Int {
        switch operation {
        case .insert(let row):
            let id = row.objectID
            let arguments =
                [
                    .value(.integer(id.primaryKey!)), .value(.integer(Int64(id.entity.id))),
                    .value(.integer(row.version)),
                ] + row.values.map { SQLArgument.value($0) }
            return try connection.execute(
                SQL(text: insertText(for: id.entity), arguments: arguments))
        case .update(let update):
            return try connection.execute(Self.updateSQL(update))
        case .delete(let id, let version):
            return try connection.execute(
                "DELETE FROM \(raw: id.entity.tableName) WHERE Z_PK = \(id.primaryKey!) "
                    + "AND Z_OPT = \(version)")
        case .link(let join, let source, let destination):
            return try connection.execute(
                "INSERT INTO \(raw: join.name)(\(raw: join.sourceColumn), "
                    + "\(raw: join.destinationColumn)) VALUES(\(source), \(destination))")
        case .unlink(let join, let source, let destination):
            return try connection.execute(
                "DELETE FROM \(raw: join.name) WHERE \(raw: join.sourceColumn) = \(source) "
                    + "AND \(raw: join.destinationColumn) = \(destination)")
        case .unlinkAll(let join, let source):
            return try connection.execute(
                "DELETE FROM \(raw: join.name) WHERE \(raw: join.sourceColumn) = \(source)")
        }
    }

    private static func updateSQL(_ update: WriteOperation.Update) -> SQL {
        let id = update.result.objectID
        var assignments = zip(update.columns, update.values).map { column, value -> SQL in
            "\(raw: column) = \(value)"
        }
        assignments.append("Z_OPT = \(update.result.version)")
        return "UPDATE \(raw: id.entity.tableName) SET \(assignments.joined(separator: ", ")) "
            + "WHERE Z_PK = \(id.primaryKey!) AND Z_OPT = \(update.expectedVersion)"
    }

    private static func apply(_ operation: WriteOperation, to cache: inout RowCache) {
        switch operation {
        case .insert(let row): cache.store(row, retain: true)
        case .update(let update): cache.store(update.result, retain: false)
        case .delete(let id, _): cache.evict(id)
        case .link, .unlink, .unlinkAll: break
        }
    }
}
