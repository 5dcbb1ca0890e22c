import BenchKit
import SQLiteDB

/// The `raw` configurations of the `n-plus-one` suite: the same reads as the engine's,
/// each in one hand-written statement (cost: one SELECT each), and the `raw-same-sql`
/// floors: `fault-per-object`'s statements, decoded into structs (``SameSQL``).
enum NPlusOneRaw {
    /// Emails and post counts of the first `limit` users by email.
    static func postCounts(_ connection: Connection, limit: Int) throws -> UInt64 {
        var checksum = Checksum()
        try connection.forEachRow(
            """
            SELECT t0.ZEMAIL, (SELECT COUNT(*) FROM ZPOST t1 WHERE t1.ZAUTHOR = t0.Z_PK) \
            FROM ZUSER t0 ORDER BY t0.ZEMAIL LIMIT \(limit)
            """
        ) { row in
            checksum.combine(row.string(at: 0))
            checksum.combine(Int(row.int64(at: 1)))
        }
        return checksum.value
    }

    /// Sorted tag names of the `limit` most recent posts, in post order.
    static func postTags(_ connection: Connection, limit: Int) throws -> UInt64 {
        var order: [Int64] = []
        var names: [Int64: [String]] = [:]
        try connection.forEachRow(
            """
            SELECT p.Z_PK, t.ZNAME FROM (SELECT Z_PK, ZCREATEDATINDEXED FROM ZPOST \
            ORDER BY ZCREATEDATINDEXED DESC LIMIT \(limit)) p \
            LEFT JOIN Z_2TAGS j ON j.Z_2POSTS = p.Z_PK LEFT JOIN ZTAG t ON t.Z_PK = j.Z_3TAGS \
            ORDER BY p.ZCREATEDATINDEXED DESC
            """
        ) { row in
            let post = row.int64(at: 0)
            if names[post] == nil {
                order.append(post)
                names[post] = []
            }
            if !row.isNull(at: 1) { names[post, default: []].append(row.string(at: 1)) }
        }
        var checksum = Checksum()
        for post in order {
            checksum.combine(names[post, default: []].sorted().joined(separator: ","))
        }
        return checksum.value
    }

    /// `fault-per-object`'s statements raw: the users' SELECT, then each user's `posts`
    /// fault.
    static func postCountsSameSQL(_ connection: Connection, limit: Int) throws -> UInt64 {
        let users = try connection.fetchAll(
            "SELECT \(raw: SameSQL.userColumns) FROM ZUSER t0 ORDER BY t0.ZEMAIL LIMIT \(limit)"
        ) { SameSQL.UserRow($0) }
        var checksum = Checksum()
        for user in users {
            checksum.combine(user.email ?? "")
            checksum.combine(try SameSQL.keys(connection, SameSQL.userPosts(user.key)).count)
        }
        return checksum.value
    }

    /// `fault-per-object`'s statements raw: the posts' SELECT, each post's `tags` fault,
    /// then one row fault per distinct tag, kept in a table as the row cache keeps it.
    static func postTagsSameSQL(_ connection: Connection, limit: Int) throws -> UInt64 {
        let posts = try connection.fetchAll(
            """
            SELECT \(raw: SameSQL.postColumns) FROM ZPOST t0 \
            ORDER BY t0.ZCREATEDATINDEXED DESC LIMIT \(limit)
            """
        ) { SameSQL.PostRow($0) }
        var tags: [Int64: SameSQL.TagRow] = [:]
        var checksum = Checksum()
        for post in posts {
            var names: [String] = []
            for key in try SameSQL.keys(connection, SameSQL.postTags(post.key)) {
                if tags[key] == nil {
                    tags[key] = try SameSQL.fault(
                        connection, SameSQL.tagFault(key), SameSQL.TagRow.init)
                }
                names.append(tags[key]?.name ?? "")
            }
            checksum.combine(names.sorted().joined(separator: ","))
        }
        return checksum.value
    }
}
