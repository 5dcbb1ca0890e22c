import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// `contexts/merge-into-view-k<K>`: a background save of K changed posts, seen by a
/// view context that holds the first 1,000 posts loaded.
///
/// Untimed before each iteration: a fresh dataset copy; the view fetches and loads its
/// 1,000 posts; the background context fetches the first K posts and adds 1 to their
/// likes (unsaved). Timed: the background save, the view catching up, and reading the
/// view's 1,000 titles and likes (the checksum).
///
/// Expected statements: the save is BEGIN, K UPDATEs, COMMIT everywhere; then
/// `automatic-merge` 0 SELECTs (loaded objects reload from the row cache the save
/// filled), `refresh-all` 0 (faults filled from the row cache), `refetch` 1 (the fetch
/// after reset), `raw` 1 SELECT.
enum ContextsMerge {
    /// How the view catches up.
    enum Variant: BenchmarkVariant {
        case automaticMerge, refetch, refreshAll, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .automaticMerge:
                .init("automatic-merge", summary: "automaticallyMergesChangesFromParent")
            case .refetch: .init("refetch", summary: "reset, fetch the 1,000 again")
            case .refreshAll: .init("refresh-all", summary: "refreshAllObjects()")
            case .raw: .init("raw", summary: "K UPDATEs, one SELECT", kind: .raw)
            }
        }
    }

    /// A case: the store, the view context and what it holds.
    final class State {
        let suite: SuiteState
        let changed: Int
        /// The view context (engine configurations only).
        let view: ManagedObjectContext?
        var held: [Post] = []

        init(_ context: CaseContext, _ variant: Variant, changed: Int) throws {
            suite = try SuiteState(context)
            self.changed = changed
            view = suite.store.container?.newBackgroundContext()
            view?.name = "view"
            view?.automaticallyMergesChangesFromParent = variant == .automaticMerge
        }
    }

    /// `contexts/merge-into-view-k<changed>`.
    static func scenario(changed: Int) -> BenchmarkScenario {
        BenchmarkScenario(
            "merge-into-view-k\(changed)",
            summary: "A background save of \(changed) changed posts reaches a view holding 1,000",
            variants: Variant.self,
            setup: { context, variant in try State(context, variant, changed: changed) },
            reset: { state, _ in try prepare(state) },
            body: { state, variant in try run(state, variant) })
    }

    private static func prepare(_ state: State) throws {
        try state.suite.restoreDataset()
        guard let view = state.view else { return }
        state.held = []
        state.held = try view.performAndWait {
            view.reset()
            let posts = Array(try view.fetch(ContextsSuite.firstPosts(ContextsSuite.held)))
            _ = ContextsSuite.checksum(posts)
            return posts
        }
        try state.suite.engine { context in
            for post in try context.fetch(ContextsSuite.firstPosts(state.changed)) {
                post.likes += 1
            }
        }
    }

    private static func run(_ state: State, _ variant: Variant) throws -> UInt64 {
        if variant == .raw { return try state.suite.raw { try raw($0, changed: state.changed) } }
        try state.suite.engine { try $0.save() }
        let view = state.view!
        return try view.performAndWait {
            switch variant {
            case .automaticMerge, .raw:
                break  // the merge was queued on the view's queue by the save, so it ran first
            case .refetch:
                view.reset()
                state.held = Array(try view.fetch(ContextsSuite.firstPosts(ContextsSuite.held)))
            case .refreshAll:
                view.refreshAllObjects()
            }
            return ContextsSuite.checksum(state.held)
        }
    }

    private static func raw(_ connection: Connection, changed: Int) throws -> UInt64 {
        try connection.transaction {
            for key in 1...changed {
                _ = try connection.execute(
                    "UPDATE ZPOST SET ZLIKES = ZLIKES + 1, Z_OPT = Z_OPT + 1 WHERE Z_PK = \(key)")
            }
        }
        var checksum = Checksum()
        try connection.forEachRow(
            "SELECT t0.ZTITLE, t0.ZLIKES FROM ZPOST t0 LIMIT \(ContextsSuite.held)"
        ) { row in
            checksum.combine(row.string(at: 0))
            checksum.combine(Int(row.int64(at: 1)))
        }
        return checksum.value
    }
}
