import Foundation
import ObjectGraph

/// Records what a controller tells its delegate, batch by batch.
final class ChangeRecorder: FetchedResultsControllerDelegate {
    private(set) var batches: [[FetchedResultsChange]] = []
    private(set) var sectionChanges: [FetchedResultsSectionChange] = []
    private(set) var snapshots: [FetchedResultsSnapshot] = []
    private(set) var events: [String] = []

    var last: [FetchedResultsChange] { batches.last ?? [] }

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        batches.append([])
        events.append("will")
    }

    func controller(
        _ controller: FetchedResultsController, didChangeSection change: FetchedResultsSectionChange
    ) {
        sectionChanges.append(change)
        events.append("section")
    }

    func controller(_ controller: FetchedResultsController, didChange change: FetchedResultsChange)
    {
        batches[batches.count - 1].append(change)
        events.append("object")
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        events.append("did")
    }

    func controller(
        _ controller: FetchedResultsController,
        didChangeContentWith snapshot: FetchedResultsSnapshot
    ) {
        snapshots.append(snapshot)
        events.append("snapshot")
    }
}

enum ControllerFixtures {
    /// Posts with a score and draft flag, sorted drafts last then by score descending.
    static func request(batchSize: Int = 0, minimumScore: Double = 50) throws
        -> FetchRequest<ManagedObject>
    {
        let request = FetchRequest<ManagedObject>(entityName: "Post")
        request.predicate = try FetchPredicate(format: "score >= %@", minimumScore)
        request.sortDescriptors = [SortKey("isDraft"), SortKey("score", ascending: false)]
        request.fetchBatchSize = batchSize
        return request
    }

    /// Inserts `count` posts with scores 0, 10, 20 … (drafts every third).
    static func seed(_ context: ManagedObjectContext, count: Int) throws {
        for index in 0..<count {
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue("p\(index)", forKey: "title")
            post.setValue(Double(index * 10 % 100), forKey: "score")
            post.setValue(index % 3 == 0, forKey: "isDraft")
        }
        try context.save()
    }

    /// Applies a flat diff (one section) to `old` the way a table view does: removals
    /// (deletes, move sources) by old index from the end, then insertions (inserts,
    /// move destinations) by new index from the start.
    static func apply(_ changes: [FetchedResultsChange], to old: [ObjectID]) -> [ObjectID] {
        var removals: [Int] = []
        var insertions: [(Int, ObjectID)] = []
        for change in changes {
            switch change {
            case .delete(_, let path): removals.append(path.item)
            case .insert(let id, let path): insertions.append((path.item, id))
            case .move(let id, let from, let to):
                removals.append(from.item)
                insertions.append((to.item, id))
            case .update: break
            }
        }
        var result = old
        for index in removals.sorted(by: >) { result.remove(at: index) }
        for (index, id) in insertions.sorted(by: { $0.0 < $1.0 }) { result.insert(id, at: index) }
        return result
    }
}
