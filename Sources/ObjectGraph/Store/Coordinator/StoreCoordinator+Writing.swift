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
    /// Cost: BEGIN, 2 statements per root entity, COMMIT. A binary store's file is
    /// not written: the save that uses the keys writes them (a crash before it loses
    /// only keys no saved object holds).
    func reservePrimaryKeys(_ counts: [Int: Int]) throws -> [KeyReservation] {
        try withConnection { connection in
            try deferringImageWrites { try reserve(counts, on: connection) }
        }
    }

    private func reserve(_ counts: [Int: Int], on connection: Connection) throws
        -> [KeyReservation]
    {
        try connection.transaction(.exclusive) {
            try counts.keys.sorted().map { entityID in
                let current =
                    try connection.fetchOne(WriteSQL.lastKey(entityID: entityID)) {
                        $0.int64(at: 0)
                    } ?? 0
                let next = current + Int64(counts[entityID]!)
                try connection.execute(
                    WriteSQL.advanceLastKey(entityID: entityID, from: current, to: next))
                return KeyReservation(entityID: entityID, previousMax: current, newMax: next)
            }
        }
    }

    /// Gives reserved keys back after a failed save, when nobody reserved more since,
    /// so a failed save leaves `Z_PRIMARYKEY` exactly as it was (a binary store's file
    /// gets it with its next write, as it got the reservation).
    func releasePrimaryKeys(_ reservations: [KeyReservation]) {
        guard !reservations.isEmpty else { return }
        withConnection { connection in
            deferringImageWrites {
                try? connection.transaction(.exclusive) {
                    for reservation in reservations {
                        try connection.execute(
                            WriteSQL.advanceLastKey(
                                entityID: reservation.entityID, from: reservation.newMax,
                                to: reservation.previousMax))
                    }
                }
            }
        }
    }

    /// Writes a save's rows in one exclusive transaction, then updates the row cache.
    ///
    /// Every UPDATE and DELETE is guarded by `Z_OPT`; if any matches no row, the
    /// transaction rolls back and the save fails listing those objects.
    ///
    /// - Throws: ``SaveError/optimisticLockingFailure(conflicts:)`` (object IDs only) or ``SaveError/sqlite(_:objects:)``.
    func write(_ operations: [WriteOperation], history: HistoryRecord? = nil) throws {
        try withConnection { connection in
            var learnt: [String: Int64] = [:]
            do {
                try connection.transaction(.exclusive) {
                    var conflicts: [ObjectID] = []
                    var index = operations.startIndex
                    while index < operations.endIndex {
                        if case .insert = operations[index] {
                            index = try insertRun(operations, from: index, on: connection)
                            continue
                        }
                        let changed = try connection.execute(
                            WriteSQL.statement(for: operations[index]))
                        if changed == 0, let id = operations[index].objectID {
                            conflicts.append(id)
                        }
                        index += 1
                    }
                    if !conflicts.isEmpty {
                        throw SaveError.optimisticLockingFailure(
                            conflicts: conflicts.map { MergeConflict(objectID: $0) })
                    }
                    if let history { learnt = try recordHistory(history, on: connection) }
                }
            } catch let error as SQLiteError {
                throw SaveError.sqlite(error, objects: operations.compactMap(\.objectID))
            }
            lockedRowCache { cache in
                cache.reserve(operations.count)
                let now = MonotonicClock.now()
                for operation in operations { Self.apply(operation, to: &cache, at: now) }
            }
            historyStrings.learn(learnt)
            statistics.record { $0.saveCount += 1 }
        }
    }

    /// Runs the consecutive inserts of one entity starting at `start` through one cached
    /// INSERT statement, binding each row's values in place. Returns the index after
    /// the run.
    private func insertRun(
        _ operations: [WriteOperation], from start: Int, on connection: Connection
    ) throws -> Int {
        guard case .insert(let first, let firstValues) = operations[start] else {
            return start + 1
        }
        let entity = first.objectID.entity
        let sql = SQL(
            text: insertStatement(for: entity).text,
            arguments: Self.insertArguments(first, values: firstValues))
        return try connection.withCachedStatement(sql) { statement in
            try statement.run()
            statement.reset()
            var index = start + 1
            while index < operations.count, case .insert(let row, let values) = operations[index],
                row.objectID.entity === entity
            {
                try statement.bind(.integer(row.objectID.primaryKey!), at: 1)
                try statement.bind(.integer(Int64(entity.id)), at: 2)
                try statement.bind(.integer(row.version), at: 3)
                for (offset, value) in values.enumerated() {
                    try statement.bind(value, at: Int32(offset + 4))
                }
                try statement.run()
                statement.reset()
                index += 1
            }
            return index
        }
    }

    private static func insertArguments(_ row: RowSnapshot, values: [SQLiteValue])
        -> [SQLArgument]
    {
        let id = row.objectID
        return [
            .value(.integer(id.primaryKey!)), .value(.integer(Int64(id.entity.id))),
            .value(.integer(row.version)),
        ] + values.map { SQLArgument.value($0) }
    }

    private static func apply(
        _ operation: WriteOperation, to cache: inout RowCache, at time: UInt64
    ) {
        switch operation {
        case .insert(let row, _): cache.store(row, retain: true, at: time)
        case .update(let update): cache.store(update.result, retain: false, at: time)
        case .delete(let id, _): cache.evict(id)
        case .link, .unlink, .unlinkAll, .position, .joinPosition: break
        }
    }
}
