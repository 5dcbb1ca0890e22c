import BenchKit
import ObjectGraph
import SQLiteDB

/// The `n-plus-one` suite: a to-many read for 1,000 parents, the classic N+1.
///
/// - `n-plus-one/user-post-counts`: the first 1,000 users by email and how many posts
///   each has. `fault-per-object` fires one relationship fault per user (1 + N);
///   `prefetch` prefetches `posts` (2); `count-subquery` is one dictionary fetch of
///   `email` and the key-path expression `posts.@count`, a correlated COUNT subquery
///   (1); `raw` the same SELECT written by hand (1).
/// - `n-plus-one/post-tags`: the 1,000 most recent posts and their tag names.
///   `fault-per-object`: 1 + N relationship faults + one object fault per distinct tag;
///   `prefetch` (2); `raw` one JOIN (1). There is no `count-subquery`: tag names are
///   not an aggregate, and Core Data rejects a to-many key path such as `tags.name` in
///   `propertiesToFetch` ("to-many key not allowed here"), so no single Core Data fetch
///   reads them.
///
/// Recent posts are ordered by the indexed `createdAtIndexed` (no sort of every post).
/// Each iteration starts from an empty context (reset, not timed). Cost: 1,000 parents.
enum NPlusOneSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "n-plus-one", summary: "Relationship faults per object vs prefetch vs one query",
        benchmarks: [userPostCounts, postTags])

    /// How many parents are read.
    static let limit = 1_000

    /// `n-plus-one/user-post-counts`.
    static let userPostCounts = Benchmark(
        BenchmarkID(suite: "n-plus-one", scenario: "user-post-counts"),
        summary: "Counts the posts of 1,000 users",
        configurations: [
            BenchmarkConfiguration("fault-per-object", summary: "one to-many fault per user"),
            BenchmarkConfiguration("prefetch", summary: "prefetches posts: 2 statements"),
            BenchmarkConfiguration(
                "count-subquery", summary: "one dictionary fetch with posts.@count"),
            BenchmarkConfiguration("raw", summary: "one SELECT with a correlated COUNT"),
        ],
        sizes: [10_000], setup: SuiteState.init, reset: { try $0.resetContext() },
        body: countPosts)

    /// `n-plus-one/post-tags`.
    static let postTags = Benchmark(
        BenchmarkID(suite: "n-plus-one", scenario: "post-tags"),
        summary: "Reads the tag names of the 1,000 most recent posts",
        configurations: [
            BenchmarkConfiguration("fault-per-object", summary: "one to-many fault per post"),
            BenchmarkConfiguration("prefetch", summary: "prefetches tags: 2 statements"),
            BenchmarkConfiguration("raw", summary: "one JOIN"),
        ],
        sizes: [10_000], setup: SuiteState.init, reset: { try $0.resetContext() },
        body: readTags)

    static func countPosts(_ state: inout SuiteState) throws -> UInt64 {
        let configuration = state.configuration
        return try state.run(
            engine: { try countPosts($0, configuration) },
            raw: { try NPlusOneRaw.postCounts($0, limit: limit) })
    }

    private static func countPosts(_ context: ManagedObjectContext, _ configuration: String)
        throws -> UInt64
    {
        let users = FetchRequest(entityName: "User")
        users.sortDescriptors = [SortKey("email")]
        users.fetchLimit = limit
        var checksum = Checksum()
        if configuration == "count-subquery" {
            users.propertiesToFetch = [
                "email",
                .expression(try FetchExpression(name: "postCount", expression: "posts.@count")),
            ]
            for row in try context.fetchDictionaries(users) {
                checksum.combine(row["email"] as? String ?? "")
                checksum.combine(Int(row["postCount"] as? Int64 ?? 0))
            }
            return checksum.value
        }
        if configuration == "prefetch" { users.relationshipKeyPathsForPrefetching = ["posts"] }
        for user in try context.fetch(users) {
            checksum.combine(user.value(forKey: "email") as? String ?? "")
            checksum.combine((user.value(forKey: "posts") as? Set<ManagedObject>)?.count ?? 0)
        }
        return checksum.value
    }

    static func readTags(_ state: inout SuiteState) throws -> UInt64 {
        let configuration = state.configuration
        return try state.run(
            engine: { try readTags($0, configuration) },
            raw: { try NPlusOneRaw.postTags($0, limit: limit) })
    }

    private static func readTags(_ context: ManagedObjectContext, _ configuration: String)
        throws -> UInt64
    {
        let posts = FetchRequest(entityName: "Post")
        posts.sortDescriptors = [SortKey("createdAtIndexed", ascending: false)]
        posts.fetchLimit = limit
        if configuration == "prefetch" { posts.relationshipKeyPathsForPrefetching = ["tags"] }
        var checksum = Checksum()
        for post in try context.fetch(posts) {
            let tags = post.value(forKey: "tags") as? Set<ManagedObject> ?? []
            let names = tags.map { $0.value(forKey: "name") as? String ?? "" }
            checksum.combine(names.sorted().joined(separator: ","))
        }
        return checksum.value
    }
}
