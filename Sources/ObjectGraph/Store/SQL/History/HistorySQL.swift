import SQLiteDB

/// The statements of persistent history, in the shape of Core Data's `ATRANSACTION`,
/// `ACHANGE` and `ATRANSACTIONSTRING` tables (docs/HISTORY.md: which columns are
/// documented and which are inferred). Every value is bound; every name is fixed.
enum HistorySQL {
    /// `Z_ENT` of history rows, as Core Data numbers its history entities [inferred].
    static let changeEntity: Int64 = 16001
    static let transactionEntity: Int64 = 16002
    static let stringEntity: Int64 = 16003

    /// ``tables`` as one script.
    static var script: String { tables.map(\.text).joined(separator: ";\n") }

    /// The DDL, idempotent so that turning tracking on for an existing store adds it.
    /// `ATRANSACTION` is `AUTOINCREMENT` so that a token is never handed out twice,
    /// even after the history was deleted.
    static let tables: [SQL] = [
        "CREATE TABLE IF NOT EXISTS ATRANSACTIONSTRING ( Z_PK INTEGER PRIMARY KEY, "
            + "Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR )",
        "CREATE UNIQUE INDEX IF NOT EXISTS Z_TRANSACTIONSTRING_UNIQUE_NAME ON "
            + "ATRANSACTIONSTRING (ZNAME COLLATE BINARY ASC)",
        "CREATE TABLE IF NOT EXISTS ATRANSACTION ( Z_PK INTEGER PRIMARY KEY AUTOINCREMENT, "
            + "Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, ZBUNDLEIDTS INTEGER, "
            + "ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, "
            + "ZAUTHOR VARCHAR, ZBUNDLEID VARCHAR, ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, "
            + "ZQUERYGEN BLOB )",
        "CREATE INDEX IF NOT EXISTS ATRANSACTION_ZTIMESTAMP_INDEX ON ATRANSACTION (ZTIMESTAMP)",
        "CREATE TABLE IF NOT EXISTS ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, "
            + "Z_OPT INTEGER, ZCHANGETYPE INTEGER, ZENTITY INTEGER, ZENTITYPK INTEGER, "
            + "ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB )",
        "CREATE INDEX IF NOT EXISTS ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)",
    ]

    /// Adds a transaction string or finds the one there: returns its `Z_PK`.
    static func upsertString(_ name: String) -> SQL {
        "INSERT INTO ATRANSACTIONSTRING(Z_ENT, Z_OPT, ZNAME) VALUES(\(stringEntity), 1, "
            + "\(name)) ON CONFLICT(ZNAME) DO UPDATE SET ZNAME = excluded.ZNAME RETURNING Z_PK"
    }

    /// The transaction row; returns its `Z_PK`, the new token.
    static func insertTransaction(strings: HistoryStrings.Keys, timestamp: Double) -> SQL {
        "INSERT INTO ATRANSACTION(Z_ENT, Z_OPT, ZAUTHORTS, ZBUNDLEIDTS, ZCONTEXTNAMETS, "
            + "ZPROCESSIDTS, ZTIMESTAMP) VALUES(\(transactionEntity), 1, "
            + "\(strings.author as Int64?), \(strings.bundleID as Int64?), "
            + "\(strings.contextName as Int64?), \(strings.processID as Int64?), "
            + "\(timestamp)) RETURNING Z_PK"
    }

    /// The cached change INSERT; its values are bound per change.
    static let insertChange: SQL =
        "INSERT INTO ACHANGE(Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, "
        + "ZCOLUMNS) VALUES(?, 1, ?, ?, ?, ?, ?)"

    /// The transactions after a bound, with their strings, oldest first.
    static func selectTransactions(after condition: SQL) -> SQL {
        "SELECT t0.Z_PK, t0.ZTIMESTAMP, a.ZNAME, c.ZNAME, b.ZNAME, p.ZNAME FROM ATRANSACTION t0 "
            + "LEFT JOIN ATRANSACTIONSTRING a ON a.Z_PK = t0.ZAUTHORTS "
            + "LEFT JOIN ATRANSACTIONSTRING c ON c.Z_PK = t0.ZCONTEXTNAMETS "
            + "LEFT JOIN ATRANSACTIONSTRING b ON b.Z_PK = t0.ZBUNDLEIDTS "
            + "LEFT JOIN ATRANSACTIONSTRING p ON p.Z_PK = t0.ZPROCESSIDTS WHERE "
            + condition + " ORDER BY t0.Z_PK"
    }

    /// The changes of the transactions after a bound, in transaction then write order.
    static func selectChanges(after condition: SQL) -> SQL {
        "SELECT c0.Z_PK, c0.ZTRANSACTIONID, c0.ZCHANGETYPE, c0.ZENTITY, c0.ZENTITYPK, "
            + "c0.ZCOLUMNS FROM ACHANGE c0 WHERE c0.ZTRANSACTIONID IN (SELECT t0.Z_PK FROM "
            + "ATRANSACTION t0 WHERE " + condition + ") ORDER BY c0.ZTRANSACTIONID, c0.Z_PK"
    }

    /// The condition on `t0` (`ATRANSACTION`) for a request's bound: after it for a
    /// fetch, before it for a delete.
    static func condition(_ bound: PersistentHistoryChangeRequest.Bound, before: Bool) -> SQL {
        switch bound {
        case .token(nil): return "1"
        case .token(let token?):
            return before
                ? "t0.Z_PK < \(token.transactionNumber)" : "t0.Z_PK > \(token.transactionNumber)"
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            return before ? "t0.ZTIMESTAMP < \(seconds)" : "t0.ZTIMESTAMP > \(seconds)"
        }
    }

    /// The two DELETEs of a trim, changes first.
    static func delete(where condition: SQL) -> [SQL] {
        [
            "DELETE FROM ACHANGE WHERE ZTRANSACTIONID IN (SELECT t0.Z_PK FROM ATRANSACTION t0 "
                + "WHERE " + condition + ")",
            "DELETE FROM ATRANSACTION AS t0 WHERE " + condition,
        ]
    }
}
