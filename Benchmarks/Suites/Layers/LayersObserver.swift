import BenchKit
import Foundation
import ObjectGraph
import ObjectGraphData
import SQLiteDB
import Workloads

/// `layers/observer`: a live list of every post (sorted by `createdAt`), then one save
/// that inserts a post and changes another's likes; timed from the changes to the list
/// being current again.
///
/// `coredata`: a ``FetchedResultsController`` with a delegate; `swiftdata`: a
/// ``Query`` with `onChange` (the headless `@Query`); both fetched untimed before each
/// iteration (every object loaded) and updated in memory after the save. `raw`: the
/// INSERT and UPDATE in a transaction, then the keys selected again in order (what a
/// list without an observer does). The checksum is the list's length after the save
/// plus the number of change notifications (1 for the observers, 1 for the refetch).
enum LayersObserver {
    /// What one iteration holds between its untimed setup and its timed save.
    struct State {
        var layers: LayersState
        var controller: FetchedResultsController?
        var query: Query<Post>?
        var target: Post?
        let changes = ChangeCounter()
    }

    /// Counts the controller's did-change callbacks.
    final class ChangeCounter: FetchedResultsControllerDelegate {
        var count = 0

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            count += 1
        }
    }

    /// `layers/observer`.
    static let scenario = BenchmarkScenario(
        "observer", summary: "A live list of every post kept current after one save",
        variants: LayersSuite.Layer.self,
        setup: { context, layer in State(layers: try LayersState(context, layer)) },
        reset: { state, layer in try prepare(&state, layer) },
        body: { state, layer in
            switch layer {
            case .coredata:
                return try state.layers.suite.engine { context in
                    try change(context, state.target, index: state.layers.size)
                    return UInt64((state.controller?.count ?? 0) + state.changes.count)
                }
            case .swiftdata:
                return try state.layers.swiftData { model in
                    try change(model.managedObjectContext, state.target, index: state.layers.size)
                    return UInt64((state.query?.count ?? 0) + state.changes.count)
                }
            case .raw:
                return try state.layers.suite.raw { try runRaw($0, index: state.layers.size) }
            }
        })

    /// Untimed: a fresh copy, the observer's fetch, the post to change loaded.
    private static func prepare(_ state: inout State, _ layer: LayersSuite.Layer) throws {
        try state.layers.restore()
        state.controller = nil
        state.query = nil
        state.changes.count = 0
        let changes = state.changes
        switch layer {
        case .coredata:
            (state.controller, state.target) = try state.layers.suite.engine { context in
                let controller = FetchedResultsController(
                    fetchRequest: request(), managedObjectContext: context,
                    sectionNameKeyPath: nil)
                controller.delegate = changes
                try controller.performFetch()
                return (
                    controller,
                    controller.object(at: ResultsIndexPath(item: 0, section: 0)) as? Post
                )
            }
        case .swiftdata:
            (state.query, state.target) = try state.layers.swiftData { model in
                let query = try Query(
                    FetchDescriptor<Post>(sortBy: [SortDescriptor(\.createdAt)]),
                    modelContext: model)
                query.onChange = { _ in changes.count += 1 }
                return (query, query[0])
            }
        case .raw: state.target = nil
        }
    }

    private static func request() -> FetchRequest<Post> {
        let request = Post.fetchRequest()
        request.sortDescriptors = [SortKey(\Post.createdAt)]
        return request
    }

    /// The save both observers see: one new post, one post's likes changed.
    private static func change(_ context: ManagedObjectContext, _ target: Post?, index: Int) throws
    {
        Post(context: context).fill(index)
        target?.likes += 1
        try context.save()
    }

    private static func runRaw(_ connection: Connection, index: Int) throws -> UInt64 {
        try connection.transaction {
            try LayersInsert.insertRaw(connection, index..<(index + 1))
            _ = try connection.execute(
                """
                UPDATE ZPOST SET ZLIKES = ZLIKES + 1, Z_OPT = Z_OPT + 1 WHERE Z_PK = \
                (SELECT Z_PK FROM ZPOST ORDER BY ZCREATEDAT, Z_PK LIMIT 1)
                """)
        }
        var count = 0
        try connection.forEachRow("SELECT 0, t0.Z_PK FROM ZPOST t0 ORDER BY t0.ZCREATEDAT, t0.Z_PK")
        { _ in count += 1 }
        return UInt64(count + 1)
    }
}
