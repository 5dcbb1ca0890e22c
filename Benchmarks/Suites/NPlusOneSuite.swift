import BenchKit
import ObjectGraph
import SQLiteDB

/// The `n-plus-one` suite: a to-many read for 1,000 parents, the classic N+1.
///
/// - `n-plus-one/user-post-counts`: the first 1,000 users by email and how many posts
///   each has. `fault-per-object` fires one relationship fault per user (1 + N);
///   `prefetch` prefetches `posts` (2); `count-subquery` fetches the users, then one
///   grouped dictionary fetch with a `count:` aggregate (2); `raw` one SELECT with a
///   correlated COUNT (1).
/// - `n-plus-one/post-tags`: the 1,000 most recent posts and their tag names.
///   `fault-per-object`: 1 + N relationship faults + one object fault per distinct tag;
///   `prefetch` (2); `raw` one JOIN (1).
///
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
            BenchmarkConfiguration("count-subquery", summary: "users + one grouped count"),
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
        if configuration == "prefetch" { users.relationshipKeyPathsForPrefetching = ["posts"] }
        let fetched = try context.fetch(users)
        var counts: [ObjectID: Int] = [:]
        if configuration == "count-subquery" {
            counts = try groupedCounts(context, users: Array(fetched))
        }
        var checksum = Checksum()
        for user in fetched {
            checksum.combine(user.value(forKey: "email") as? String ?? "")
            let count =
                configuration == "count-subquery"
                ? counts[user.objectID, default: 0]
                : (user.value(forKey: "posts") as? Set<ManagedObject>)?.count ?? 0
            checksum.combine(count)
        }
        return checksum.value
    }

    private static func groupedCounts(_ context: ManagedObjectContext, users: [ManagedObject])
        throws -> [ObjectID: Int]
    {
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "author IN %@", users)
        request.propertiesToFetch = [
            "author", .expression(FetchExpression(name: "n", function: .count, keyPath: "author")),
        ]
        request.propertiesToGroupBy = ["author"]
        var counts: [ObjectID: Int] = [:]
        for row in try context.fetchDictionaries(request) {
            guard let author = row["author"] as? ObjectID else { continue }
            counts[author] = (row["n"] as? Int) ?? Int(row["n"] as? Int64 ?? 0)
        }
        return counts
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
        posts.sortDescriptors = [SortKey("createdAt", ascending: false)]
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
