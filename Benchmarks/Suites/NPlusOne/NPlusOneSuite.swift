import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

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
/// `raw-same-sql` in both runs `fault-per-object`'s statements raw (``SameSQL``).
///
/// Recent posts are ordered by the indexed `createdAtIndexed` (no sort of every post).
/// Each iteration starts from an empty context (reset, not timed). Cost: 1,000 parents.
enum NPlusOneSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "n-plus-one", summary: "Relationship faults per object vs prefetch vs one query",
        sizes: [10_000], scenarios: [userPostCounts, postTags])

    /// How many parents are read.
    static let limit = 1_000

    /// The ways `user-post-counts` counts.
    enum CountVariant: BenchmarkVariant {
        case faultPerObject, prefetch, countSubquery, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .faultPerObject:
                .init(
                    "fault-per-object", summary: "one to-many fault per user",
                    demonstrates: [.nPlusOne])
            case .prefetch: .init("prefetch", summary: "prefetches posts: 2 statements")
            case .countSubquery:
                .init("count-subquery", summary: "one dictionary fetch with posts.@count")
            case .raw: .init("raw", summary: "one SELECT with a correlated COUNT", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "fault-per-object")
            }
        }
    }

    /// The ways `post-tags` reads (no `count-subquery`: see the type's notes).
    enum TagVariant: BenchmarkVariant {
        case faultPerObject, prefetch, raw, sameSQL

        var configuration: BenchmarkConfiguration {
            switch self {
            case .faultPerObject:
                .init(
                    "fault-per-object", summary: "one to-many fault per post",
                    demonstrates: [.nPlusOne])
            case .prefetch: .init("prefetch", summary: "prefetches tags: 2 statements")
            case .raw: .init("raw", summary: "one JOIN", kind: .raw)
            case .sameSQL: SameSQL.configuration(mirroring: "fault-per-object")
            }
        }
    }

    /// `n-plus-one/user-post-counts`.
    static let userPostCounts = BenchmarkScenario(
        "user-post-counts", summary: "Counts the posts of 1,000 users", variants: CountVariant.self,
        setup: SuiteState.open, reset: SuiteState.emptyContext, body: countPosts)

    /// `n-plus-one/post-tags`.
    static let postTags = BenchmarkScenario(
        "post-tags", summary: "Reads the tag names of the 1,000 most recent posts",
        variants: TagVariant.self, setup: SuiteState.open, reset: SuiteState.emptyContext,
        body: readTags)

    static func countPosts(_ state: inout SuiteState, _ variant: CountVariant) throws -> UInt64 {
        switch variant {
        case .faultPerObject: try state.engine { try countPosts($0, prefetch: false) }
        case .prefetch: try state.engine { try countPosts($0, prefetch: true) }
        case .countSubquery: try state.engine(countInQuery)
        case .raw: try state.raw { try NPlusOneRaw.postCounts($0, limit: limit) }
        case .sameSQL: try state.raw { try NPlusOneRaw.postCountsSameSQL($0, limit: limit) }
        }
    }

    /// The first 1,000 users by email.
    private static func firstUsers() -> FetchRequest<User> {
        let users = User.fetchRequest()
        users.sortDescriptors = [SortKey(\User.email)]
        users.fetchLimit = limit
        return users
    }

    private static func countPosts(_ context: ManagedObjectContext, prefetch: Bool) throws
        -> UInt64
    {
        let users = firstUsers()
        if prefetch { users.relationshipKeyPathsForPrefetching = ["posts"] }
        var checksum = Checksum()
        for user in try context.fetch(users) {
            checksum.combine(user.email ?? "")
            checksum.combine(user.posts.count)
        }
        return checksum.value
    }

    private static func countInQuery(_ context: ManagedObjectContext) throws -> UInt64 {
        let users = firstUsers()
        users.propertiesToFetch = [
            "email",
            .expression(try FetchExpression(name: "postCount", expression: "posts.@count")),
        ]
        var checksum = Checksum()
        for row in try context.fetchDictionaries(users) {
            checksum.combine(row["email"] as? String ?? "")
            checksum.combine(Int(row["postCount"] as? Int64 ?? 0))
        }
        return checksum.value
    }

    static func readTags(_ state: inout SuiteState, _ variant: TagVariant) throws -> UInt64 {
        switch variant {
        case .faultPerObject: try state.engine { try readTags($0, prefetch: false) }
        case .prefetch: try state.engine { try readTags($0, prefetch: true) }
        case .raw: try state.raw { try NPlusOneRaw.postTags($0, limit: limit) }
        case .sameSQL: try state.raw { try NPlusOneRaw.postTagsSameSQL($0, limit: limit) }
        }
    }

    private static func readTags(_ context: ManagedObjectContext, prefetch: Bool) throws -> UInt64 {
        let posts = Post.fetchRequest()
        posts.sortDescriptors = [SortKey(\Post.createdAtIndexed, ascending: false)]
        posts.fetchLimit = limit
        if prefetch { posts.relationshipKeyPathsForPrefetching = ["tags"] }
        var checksum = Checksum()
        for post in try context.fetch(posts) {
            let names = post.tags.map { $0.name ?? "" }
            checksum.combine(names.sorted().joined(separator: ","))
        }
        return checksum.value
    }
}
