import BenchKit
import Foundation
import SQLiteDB

/// The "same SQL, raw" floor (docs/FLOOR.md): Core Data's statements, exactly as the
/// engine emits them (same text, same binds, same count: the engine configuration's
/// trace is the spec, `SameSQLFloorTests` compares the fingerprints), run through
/// SQLiteDB and decoded into plain structs as the engine decodes them: every number and
/// date of a row at once, text only when the workload reads it (the engine keeps a
/// row's text as bytes and decodes a column on its first read; a post's `body`, read
/// by no workload, is never decoded on either side).
///
/// Beside a scenario's minimal `raw` floor it splits an engine configuration's ratio in
/// two: `raw-same-sql / raw` is what Core Data's statement shape costs, `engine /
/// raw-same-sql` is what the engine costs above its own SQL. The statement texts below
/// are copies of the engine's (they live here, not in the engine, so the floor does not
/// depend on the code it measures); a change to the engine's SQL fails the test.
enum SameSQL {
    /// The configuration's name in every suite.
    static let configurationName = BenchmarkConfiguration.sameSQLFloorName

    /// The floor mirroring `engine`'s statements.
    static func configuration(mirroring engine: String) -> BenchmarkConfiguration {
        .init(
            configurationName, summary: "\(engine)'s statements, raw, decoded into structs",
            kind: .raw)
    }

    // MARK: - Statements (the engine's text)

    /// The post row the engine selects: identity, then every column in model order.
    static let postColumns =
        "0, t0.Z_PK, t0.Z_OPT, t0.ZBODY, t0.ZCREATEDAT, t0.ZCREATEDATINDEXED, t0.ZLIKES, "
        + "t0.ZSTATUS, t0.ZSTATUSINDEXED, t0.ZTITLE, t0.ZTITLEINDEXED, t0.ZWORDCOUNT, t0.ZAUTHOR"
    /// The user row the engine selects.
    static let userColumns =
        "0, t0.Z_PK, t0.Z_OPT, t0.ZAGE, t0.ZAGEINDEXED, t0.ZBIO, t0.ZCREATEDAT, "
        + "t0.ZCREATEDATINDEXED, t0.ZEMAIL, t0.ZEMAILINDEXED, t0.ZISACTIVE, t0.ZNAME, t0.ZSCORE"
    /// The tag row the engine selects.
    static let tagColumns = "0, t0.Z_PK, t0.Z_OPT, t0.ZNAME"

    /// A user's row fault: `SELECT <user row> FROM ZUSER t0 WHERE t0.Z_PK = ?`.
    static func userFault(_ key: Int64) -> SQL {
        "SELECT \(raw: userColumns) FROM ZUSER t0 WHERE t0.Z_PK = \(key)"
    }

    /// A fetch of one post by `SELF == %@` (`materialize/fetch-self`).
    static func fetchPost(_ key: Int64) -> SQL {
        "SELECT \(raw: postColumns) FROM ZPOST t0 WHERE t0.Z_PK = \(key)"
    }

    /// A post's row fault.
    static func postFault(_ key: Int64) -> SQL {
        "SELECT \(raw: postColumns) FROM ZPOST t0 WHERE t0.Z_PK = \(key)"
    }

    /// A tag's row fault.
    static func tagFault(_ key: Int64) -> SQL {
        "SELECT \(raw: tagColumns) FROM ZTAG t0 WHERE t0.Z_PK = \(key)"
    }

    /// A user's `posts` fault: the destination keys.
    static func userPosts(_ key: Int64) -> SQL {
        "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = \(key)"
    }

    /// A post's `tags` fault: the destination keys through the join table.
    static func postTags(_ key: Int64) -> SQL {
        "SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = \(key)"
    }

    /// `Post`'s entity number (`Z_ENT`) in the social model.
    static let postEntity: Int64 = 2

    /// Reserves `count` keys the engine's way: `Z_MAX` read and moved in one exclusive
    /// transaction. Returns the first key.
    static func reserveKeys(_ connection: Connection, entity: Int64, count: Int) throws -> Int64 {
        try connection.transaction(.exclusive) {
            let last =
                try connection.fetchOne("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(entity)") {
                    $0.int64(at: 0)
                } ?? 0
            let next = last + Int64(count)
            _ = try connection.execute(
                "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = \(next) WHERE Z_ENT = \(entity) AND Z_MAX = \(last)"
            )
            return last + 1
        }
    }

    /// The engine's INSERT of a post: every column, in snapshot order, bound.
    static let insertPostText =
        "INSERT INTO ZPOST(Z_PK, Z_ENT, Z_OPT, ZBODY, ZCREATEDAT, ZCREATEDATINDEXED, ZLIKES, "
        + "ZSTATUS, ZSTATUSINDEXED, ZTITLE, ZTITLEINDEXED, ZWORDCOUNT, ZAUTHOR) "
        + "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// A new post's INSERT, every column bound, as the engine's cached INSERT runs it.
    static func insertPost(_ post: PostRow, key: Int64) -> SQL {
        let values: [SQLiteValue] = [
            .integer(key), .integer(postEntity), .integer(post.version), text(post.body),
            date(post.createdAt), date(post.createdAtIndexed), .integer(Int64(post.likes)),
            text(post.status), text(post.statusIndexed), text(post.title),
            text(post.titleIndexed), .integer(Int64(post.wordCount)),
            post.author.map { .integer($0) } ?? .null,
        ]
        return SQL(text: insertPostText, arguments: values.map { .value($0) })
    }

    private static func text(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }

    private static func date(_ value: Date?) -> SQLiteValue {
        value.map { .real($0.timeIntervalSinceReferenceDate) } ?? .null
    }

    // MARK: - Rows (the values the engine decodes)

    /// A post row: its numbers and dates, and the one text column the workloads read
    /// (`title`); the other text columns are neither decoded here nor by the engine.
    struct PostRow {
        var key: Int64
        var version: Int64
        var body: String?
        var createdAt: Date?
        var createdAtIndexed: Date?
        var likes: Int32
        var status: String?
        var statusIndexed: String?
        var title: String?
        var titleIndexed: String?
        var wordCount: Int32
        var author: Int64?

        /// A post's values, as a new object holds them.
        init(
            key: Int64, version: Int64, body: String?, createdAt: Date?,
            createdAtIndexed: Date?, likes: Int32, status: String?, statusIndexed: String?,
            title: String?, titleIndexed: String?, wordCount: Int32, author: Int64?
        ) {
            (self.key, self.version, self.body) = (key, version, body)
            (self.createdAt, self.createdAtIndexed, self.likes) = (
                createdAt, createdAtIndexed, likes
            )
            (self.status, self.statusIndexed) = (status, statusIndexed)
            (self.title, self.titleIndexed, self.wordCount) = (title, titleIndexed, wordCount)
            self.author = author
        }

        /// Decodes the current row of `statement`, selected with ``postColumns``.
        @inline(__always)
        init(_ statement: Statement) {
            key = statement.int64(at: 1)
            version = statement.int64(at: 2)
            body = nil
            createdAt = SameSQL.date(statement, 4)
            createdAtIndexed = SameSQL.date(statement, 5)
            likes = Int32(truncatingIfNeeded: statement.int64(at: 6))
            status = nil
            statusIndexed = nil
            title = SameSQL.string(statement, 9)
            titleIndexed = nil
            wordCount = Int32(truncatingIfNeeded: statement.int64(at: 11))
            author = statement.isNull(at: 12) ? nil : statement.int64(at: 12)
        }
    }

    /// A user row: its numbers and dates, and the text the workloads read (`email`,
    /// `name`).
    struct UserRow {
        var key: Int64
        var version: Int64
        var age: Int16
        var ageIndexed: Int16
        var bio: String?
        var createdAt: Date?
        var createdAtIndexed: Date?
        var email: String?
        var emailIndexed: String?
        var isActive: Bool
        var name: String?
        var score: Double

        /// Decodes the current row of `statement`, selected with ``userColumns``.
        @inline(__always)
        init(_ statement: Statement) {
            key = statement.int64(at: 1)
            version = statement.int64(at: 2)
            age = Int16(truncatingIfNeeded: statement.int64(at: 3))
            ageIndexed = Int16(truncatingIfNeeded: statement.int64(at: 4))
            bio = nil
            createdAt = SameSQL.date(statement, 6)
            createdAtIndexed = SameSQL.date(statement, 7)
            email = SameSQL.string(statement, 8)
            emailIndexed = nil
            isActive = statement.int64(at: 10) != 0
            name = SameSQL.string(statement, 11)
            score = statement.double(at: 12)
        }
    }

    /// A tag row: its name is what the workloads read.
    struct TagRow {
        var key: Int64
        var version: Int64
        var name: String?

        /// Decodes the current row of `statement`, selected with ``tagColumns``.
        @inline(__always)
        init(_ statement: Statement) {
            key = statement.int64(at: 1)
            version = statement.int64(at: 2)
            name = SameSQL.string(statement, 3)
        }
    }

    @inline(__always)
    static func string(_ statement: Statement, _ column: Int32) -> String? {
        statement.isNull(at: column) ? nil : statement.string(at: column)
    }

    @inline(__always)
    static func date(_ statement: Statement, _ column: Int32) -> Date? {
        statement.isNull(at: column)
            ? nil : Date(timeIntervalSinceReferenceDate: statement.double(at: column))
    }

    /// One row fault: the row of `sql`, decoded, or nil when it is gone.
    @inline(__always)
    static func fault<Row>(
        _ connection: Connection, _ sql: SQL, _ decode: (Statement) -> Row
    ) throws -> Row? {
        try connection.fetchOne(sql) { decode($0) }
    }

    /// A to-many fault: the destination keys.
    @inline(__always)
    static func keys(_ connection: Connection, _ sql: SQL) throws -> [Int64] {
        try connection.fetchAll(sql) { $0.int64(at: 1) }
    }
}
