import Foundation
import ObjectGraph
import TestSupport
import Testing

@Suite struct ControllerMergeTests {
    private func container(_ path: String) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Merge", model: Fixtures.social)
        var description = PersistentStoreDescription(url: URL(fileURLWithPath: path))
        description.isPersistentHistoryTrackingEnabled = true
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        return container
    }

    @Test("another container's saves merged from history reach the controller and its stream")
    func mergeFromHistory() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("merge.sqlite")
        let writer = try container(path)
        try inContext(writer) { try ControllerFixtures.seed($0, count: 10) }
        let reader = try container(path)
        let viewer = reader.newBackgroundContext()
        let recorder = ChangeRecorder()
        let (controller, token) = try viewer.performAndWait {
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(), managedObjectContext: viewer,
                sectionNameKeyPath: nil)
            controller.delegate = recorder
            try controller.performFetch()
            return (
                controller, try viewer.execute(.fetchHistory(after: nil)).transactions.last?.token
            )
        }
        var stream = controller.snapshots.makeAsyncIterator()
        let (top, added) = try inContext(writer) { context in
            let posts = try context.fetch(FetchRequest(entityName: "Post"))
            let top = posts.first { $0.value(forKey: "title") as? String == "p8" }!
            top.setValue(1.0, forKey: "score")
            let added = context.insertNewObject(forEntityName: "Post")
            added.setValue(60.0, forKey: "score")
            try context.save()
            return (top.objectID, added.objectID)
        }
        try viewer.performAndWait {
            let found = try viewer.execute(.fetchHistory(after: token)).transactions
            viewer.mergeChanges(fromHistory: found)
        }
        let changes = recorder.batches.flatMap { $0 }
        #expect(changes.contains(.delete(top, indexPath: .init(item: 0, section: 0))))
        #expect(changes.contains { if case .insert(added, _) = $0 { true } else { false } })
        let expected = viewer.performAndWait { controller.snapshot }
        var last: FetchedResultsSnapshot?
        for _ in recorder.snapshots { last = await stream.next() }
        #expect(last == expected)
        #expect(expected.allItemIdentifiers.contains(added))
        #expect(!expected.allItemIdentifiers.contains(top))
    }
}

@Suite struct ControllerAutomaticMergeTests {
    @Test("a background save merged automatically reaches a controller with no refetch")
    func automaticMerge() throws {
        let container = try Fixtures.container()
        try inContext(container) { try ControllerFixtures.seed($0, count: 10) }
        let viewer = container.newBackgroundContext()
        viewer.automaticallyMergesChangesFromParent = true
        let recorder = ChangeRecorder()
        let controller = try viewer.performAndWait {
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(), managedObjectContext: viewer,
                sectionNameKeyPath: nil)
            controller.delegate = recorder
            try controller.performFetch()
            return controller
        }
        let added = try inContext(container) { context in
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(95.0, forKey: "score")
            try context.save()
            return post.objectID
        }
        viewer.performAndWait {
            let changes = recorder.batches.flatMap { $0 }
            #expect(changes == [.insert(added, newIndexPath: .init(item: 0, section: 0))])
            #expect(controller.fetchedObjectIDs.first == added)
        }
    }
}
