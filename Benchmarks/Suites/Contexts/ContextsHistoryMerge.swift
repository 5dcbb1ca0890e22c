import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// `contexts/history-merge`: merging another process's saves into a context that
/// holds objects, from persistent history or by fetching again.
///
/// A context holds H = 1,000 posts (the oldest, loaded); another container on the same
/// file (another process) saves K = 100 of them (new likes). `history` fetches the
/// transactions after its last token (2 SELECTs) and merges them
/// (`mergeChanges(fromHistory:)`: the K objects are refreshed, then read: one SELECT
/// each); `refetch` resets the context and fetches the H posts again (one SELECT of H
/// rows); `raw` selects the H posts' likes through SQLiteDB (the floor). The checksum is
/// H and how many held posts carry the new likes (K).
enum ContextsHistoryMerge {
    /// How many posts the context holds.
    static let held = 1_000
    /// Every how many held posts the other process changes one.
    static let stride = 10

    /// How the context catches up.
    enum Variant: BenchmarkVariant {
        case history, refetch, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .history: .init("history", summary: "fetch history after a token, merge")
            case .refetch: .init("refetch", summary: "reset and fetch the held posts again")
            case .raw: .init("raw", summary: "SELECT the held posts' likes", kind: .raw)
            }
        }
    }

    /// `contexts/history-merge`.
    static let scenario = BenchmarkScenario(
        "history-merge", summary: "Catches up with another container's save of 100 held posts",
        variants: Variant.self, setup: { context, _ in try HistoryMergeState(context) },
        reset: { state, _ in try state.prepare() },
        body: { state, variant in
            switch variant {
            case .history: try state.mergeFromHistory()
            case .refetch: try state.refetch()
            case .raw: try state.selectRaw()
            }
        })

    /// The held posts: the oldest H.
    static func heldRequest() -> FetchRequest<ManagedObject> {
        let request = FetchRequest<ManagedObject>(entityName: "Post")
        request.sortDescriptors = [SortKey("createdAt")]
        request.fetchLimit = held
        return request
    }
}
