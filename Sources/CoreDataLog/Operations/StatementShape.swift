/// What a statement's text says about the operation it belongs to.
///
/// Cost: prefix and substring checks on the text.
enum StatementShape {
    /// How a statement outside a transaction is grouped.
    enum Standalone: Equatable {
        /// A SELECT of data: a fetch, a count, a fault or a batch.
        case select
        /// A statement of an operation of this kind.
        case operation(OperationKind)
    }

    private static let metadataTables = [
        "SQLITE_MASTER", "SQLITE_SCHEMA", "Z_METADATA", "Z_MODELCACHE",
    ]
    private static let maintenancePragmas = [
        "page_count", "freelist_count", "incremental_vacuum", "wal_checkpoint",
    ]

    static func standalone(_ statement: LogStatement, inMigration: Bool) -> Standalone {
        let sql = statement.sql
        let upper = sql.uppercased()
        switch statement.kind {
        case .select:
            return metadataTables.contains { upper.contains($0) } ? .operation(.storeOpen) : .select
        case .pragma:
            let lower = sql.lowercased()
            return .operation(
                maintenancePragmas.contains { lower.contains($0) } ? .maintenance : .storeOpen)
        case .schema:
            if inMigration { return .operation(.migration) }
            return .operation(upper.contains(" TRIGGER ") ? .batchDelete : .storeOpen)
        case .insert, .update, .delete:
            if inMigration { return .operation(.migration) }
            return .operation(isBatchUpdate(upper) ? .batchUpdate : .save)
        case .transaction, .other: return .operation(.other)
        }
    }

    /// A statement's role inside `BEGIN` … `COMMIT`.
    static func roleInTransaction(_ statement: LogStatement) -> StatementRole {
        if statement.sql.uppercased().contains("Z_PRIMARYKEY") { return .keyReservation }
        switch statement.kind {
        case .insert, .update, .delete: return .write
        case .transaction: return .transaction
        default: return .support
        }
    }

    /// What a committed transaction was.
    static func transactionKind(_ operation: LogOperation, inMigration: Bool) -> OperationKind {
        if inMigration { return .migration }
        let work = operation.statements.filter { $0.role != .transaction }
        if !work.isEmpty, work.allSatisfy({ $0.statement.kind == .schema }) { return .storeOpen }
        let statements = operation.statements.map { $0.statement.sql.uppercased() }
        if statements.contains(where: {
            $0.hasPrefix("CREATE TEMP TRIGGER") || $0.hasPrefix("CREATE TEMPORARY TRIGGER")
        }) {
            return .batchDelete
        }
        let writes = operation.statements.filter { $0.role == .write }
        if !writes.isEmpty, writes.allSatisfy({ isBatchUpdate($0.statement.sql.uppercased()) }) {
            return .batchUpdate
        }
        if !writes.isEmpty || operation.statements.contains(where: { $0.role == .keyReservation }) {
            return .save
        }
        return .other
    }

    /// `UPDATE … SET …, Z_OPT = (Z_OPT + 1) WHERE …` without the per-row
    /// `Z_PK = ? AND Z_OPT = ?` check of a save.
    static func isBatchUpdate(_ upper: String) -> Bool {
        upper.hasPrefix("UPDATE") && !upper.contains("Z_PRIMARYKEY")
            && (upper.contains("Z_OPT = (Z_OPT + 1)") || upper.contains("Z_OPT = Z_OPT + 1")
                || upper.contains("Z_OPT=Z_OPT+1"))
            && !upper.contains("Z_PK = ?") && !upper.contains("Z_PK=?")
    }

    /// `SELECT COUNT(…) FROM …`: a count request's statement.
    static func isCount(_ sql: String) -> Bool {
        sql.uppercased().hasPrefix("SELECT COUNT(")
    }

    /// The operation kind of an engine batch request (`insert`, `update`, `delete`).
    static func batchKind(_ word: String) -> OperationKind {
        switch word {
        case "insert": .batchInsert
        case "update": .batchUpdate
        case "delete": .batchDelete
        default: .other
        }
    }
}
