import BenchKit
import SQLiteDB

/// The `raw` floor of the `batch-ops` suite: each write in hand-written SQL.
/// Cost: one statement per inserted row; one UPDATE; three DELETEs.
enum BatchOpsRaw {
    /// Inserts `count` posts with the values of ``BatchOpsWork/values(_:)``, in one
    /// transaction.
    static func insert(_ connection: Connection, _ count: Int) throws {
        try connection.transaction {
            for index in 0..<count {
                let row = BatchOpsWork.values(index)
                _ = try connection.execute(
                    """
                    INSERT INTO ZPOST (Z_ENT, Z_OPT, ZTITLE, ZTITLEINDEXED, ZBODY, ZWORDCOUNT, ZCREATEDAT, \
                    ZCREATEDATINDEXED, ZLIKES, ZSTATUS, ZSTATUSINDEXED) VALUES (2, 1, \
                    \(row["title"] as? String ?? ""), \(row["title"] as? String ?? ""), \
                    \(row["body"] as? String ?? ""), 5, \
                    \(700_000_000 + Double(index)), \(700_000_000 + Double(index)), \
                    \(index % 500), 'draft', 'draft')
                    """)
            }
        }
    }

    /// Marks every draft post archived.
    static func update(_ connection: Connection) throws {
        _ = try connection.execute(
            """
            UPDATE ZPOST SET ZSTATUS = 'archived', ZSTATUSINDEXED = 'archived', \
            Z_OPT = Z_OPT + 1 WHERE ZSTATUS = 'draft'
            """)
    }

    /// Deletes every archived post, its comments and its tag memberships.
    static func delete(_ connection: Connection) throws {
        try connection.execute(
            script: """
                DELETE FROM ZCOMMENT WHERE ZPOST IN (SELECT Z_PK FROM ZPOST WHERE ZSTATUS = 'archived');
                DELETE FROM Z_2TAGS WHERE Z_2POSTS IN (SELECT Z_PK FROM ZPOST WHERE ZSTATUS = 'archived');
                DELETE FROM ZPOST WHERE ZSTATUS = 'archived';
                """)
    }
}
