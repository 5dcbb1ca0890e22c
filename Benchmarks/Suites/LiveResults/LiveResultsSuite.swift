import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// The `live-results` suite: what keeping a list's results current costs after a save,
/// with a ``FetchedResultsController`` over every post that is not archived (95% of
/// the dataset: about 95,000 results at 100k), newest first.
///
/// - `live-results/update`: one save of K = 100 published posts (inside the predicate,
///   staying there: their likes and title change), then the list is current again.
/// - `live-results/update-outside`: the same save on K archived posts (outside the
///   predicate, staying outside).
///
/// Configurations: `batch-20` and `batch-0`, a controller with that `fetchBatchSize`
/// (the diff runs inside the save, in memory: no SELECT); `refetch`, no controller but
/// the request's object IDs fetched again after the save (what a list that refetches
/// pays); `raw`, the same UPDATEs and the ID SELECT through SQLiteDB (the floor).
/// The controller and the changed posts are set up untimed on a fresh copy of the
/// dataset; the timed body is the K changes, the save and bringing the list up to
/// date. The checksum is the result count and how many changed posts are results.
enum LiveResultsSuite {
    /// The suite.
    static let suite = BenchmarkSuite(
        name: "live-results", summary: "Keeping a fetched results controller current after a save",
        isDefault: false, sizes: [10_000],
        scenarios: [scenario(inside: true), scenario(inside: false)])

    /// How many posts one save changes.
    static let changes = 100
    /// The watched predicate and order.
    static let predicate = "status != %@"
    static let excluded = "archived"

    /// How the list is kept current.
    enum Variant: BenchmarkVariant {
        case batch20, batch0, refetch, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .batch20: .init("batch-20", summary: "controller, fetchBatchSize 20, diff")
            case .batch0: .init("batch-0", summary: "controller, fetchBatchSize 0, diff")
            case .refetch: .init("refetch", summary: "object IDs fetched again after the save")
            case .raw:
                .init("raw", summary: "UPDATEs and the ID SELECT through SQLiteDB", kind: .raw)
            }
        }
    }

    static func scenario(inside: Bool) -> BenchmarkScenario {
        BenchmarkScenario(
            inside ? "update" : "update-outside",
            summary: "One save of \(changes) posts \(inside ? "inside" : "outside") the predicate",
            variants: Variant.self,
            setup: { context, _ in
                LiveResultsState(suite: try SuiteState(context), inside: inside)
            },
            reset: { state, variant in try state.prepare(variant) },
            body: { state, variant in try state.run(variant) })
    }

    /// The watched request.
    static func request(batchSize: Int) throws -> FetchRequest<ManagedObject> {
        let request = FetchRequest<ManagedObject>(entityName: "Post")
        request.predicate = try FetchPredicate(format: predicate, excluded)
        request.sortDescriptors = [SortKey("createdAt", ascending: false)]
        request.fetchBatchSize = batchSize
        return request
    }

    /// The posts a save changes: the K oldest published (inside) or archived (outside).
    static func targets(inside: Bool) throws -> FetchRequest<ManagedObject> {
        let request = FetchRequest<ManagedObject>(entityName: "Post")
        request.predicate = try FetchPredicate(
            format: "status == %@", inside ? "published" : excluded)
        request.sortDescriptors = [SortKey("createdAt")]
        request.fetchLimit = changes
        return request
    }
}
