import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// The `contexts` suite: what several contexts working together cost.
///
/// - `contexts/merge-into-view-k1`, `-k100`, `-k10000` (``ContextsMerge``): a background
///   context saves K changed posts (likes + 1) while a view context holds the first
///   1,000 posts loaded; the view then catches up and reads its 1,000 posts:
///   `automatic-merge` (`automaticallyMergesChangesFromParent`), `refetch` (reset and
///   fetch again), `refresh-all` (`refreshAllObjects()`), and `raw` (K UPDATEs and one
///   SELECT of the 1,000 rows).
/// - `contexts/child-vs-root-save` (``ContextsChildSave``): the edit-sheet pattern (a
///   child context edits 100 posts the root holds, saves into the root, the root saves)
///   vs the root editing and saving them directly, vs `raw` (100 UPDATEs).
/// - `contexts/history-merge` (``ContextsHistoryMerge``): another container on the same
///   file saves 100 of the 1,000 posts a context holds; the context catches up from
///   persistent history vs by fetching again, vs `raw`.
///
/// The "view" context is a private-queue context: the bench process runs benchmarks on
/// its main thread, which therefore cannot serve a main-queue context's merges.
enum ContextsSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "contexts",
        summary: "Merging saves into a view context; child (edit sheet) vs root saves; history",
        sizes: [10_000],
        scenarios: [
            ContextsMerge.scenario(changed: 1), ContextsMerge.scenario(changed: 100),
            ContextsMerge.scenario(changed: 10_000), ContextsChildSave.scenario,
            ContextsHistoryMerge.scenario,
        ])

    /// How many posts the view context holds.
    static let held = 1_000

    /// Titles and likes, in order.
    static func checksum(_ posts: some Sequence<Post>) -> UInt64 {
        var checksum = Checksum()
        for post in posts {
            checksum.combine(post.title ?? "")
            checksum.combine(Int(post.likes))
        }
        return checksum.value
    }

    /// The first `count` posts in row order (`FetchRequest` with a limit, no ORDER BY:
    /// SQLite's rowid order, `Z_PK` 1…count in the generated dataset).
    static func firstPosts(_ count: Int) -> FetchRequest<Post> {
        let request = Post.fetchRequest()
        request.fetchLimit = count
        return request
    }
}
