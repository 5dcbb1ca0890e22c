import Foundation
import ObjectGraph
import TestSupport
import Testing

@Suite struct FetchedResultsControllerTests {
    @Test("performFetch runs one SELECT; sections are named by the first sort key")
    func sections() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try ControllerFixtures.seed(context, count: 10)
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(), managedObjectContext: context,
                sectionNameKeyPath: "isDraft")
            container.resetStatistics()
            try controller.performFetch()
            #expect(container.statistics.selectCount == 1)
            #expect(controller.sections.map(\.name) == ["0", "1"])
            #expect(controller.sections.map(\.numberOfObjects) == [3, 2])
            // The snapshot a diffable data source applies: Apple's
            // NSDiffableDataSourceSnapshot sectionIdentifiers / itemIdentifiers.
            #expect(controller.snapshot.sectionIdentifiers == ["0", "1"])
            #expect(
                controller.snapshot.itemIdentifiers
                    == controller.sections.indices.map {
                        controller.objects(inSection: $0).map(\.objectID)
                    })
            let scores = controller.objects(inSection: 0).map {
                $0.value(forKey: "score") as? Double
            }
            #expect(scores == [80, 70, 50])
            #expect(
                controller.objects(inSection: 1).map { $0.value(forKey: "title") as? String }
                    == ["p9", "p6"])
            #expect(container.statistics.selectCount == 1)
        }
    }

    @Test("with a batch size, objects load a batch at a time on first access")
    func batches() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try ControllerFixtures.seed(context, count: 100)
            context.reset()
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(batchSize: 20, minimumScore: 0),
                managedObjectContext: context, sectionNameKeyPath: nil)
            container.resetStatistics()
            try controller.performFetch()
            #expect(container.statistics.selectCount == 1)
            #expect(controller.count == 100)
            _ = controller.object(at: ResultsIndexPath(item: 0, section: 0))
            _ = controller.object(at: ResultsIndexPath(item: 19, section: 0))
            #expect(container.statistics.selectCount == 2)
            _ = controller.object(at: ResultsIndexPath(item: 20, section: 0))
            #expect(container.statistics.selectCount == 3)
        }
    }

    @Test(
        "an update to a visible object that stays in the results costs 0 SELECTs",
        arguments: [0, 20])
    func updateInPlace(batchSize: Int) throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try inContext(container) { context in
            try ControllerFixtures.seed(context, count: 10)
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(batchSize: batchSize),
                managedObjectContext: context, sectionNameKeyPath: nil)
            let recorder = ChangeRecorder()
            controller.delegate = recorder
            try controller.performFetch()
            let first = controller.object(at: ResultsIndexPath(item: 0, section: 0))
            first.setValue("renamed", forKey: "title")
            log.clear()
            try context.save()
            #expect(log.sql.filter { $0.hasPrefix("SELECT") }.isEmpty)
            #expect(log.sql.count == 3)  // BEGIN, UPDATE, COMMIT
            #expect(
                recorder.last == [.update(first.objectID, indexPath: .init(item: 0, section: 0))])
            #expect(recorder.events == ["will", "object", "did", "snapshot"])
        }
    }

    @Test("moves, leaving and entering the predicate, deletes and new sections are diffed")
    func changeKinds() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            try ControllerFixtures.seed(context, count: 10)
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(), managedObjectContext: context,
                sectionNameKeyPath: "isDraft")
            let recorder = ChangeRecorder()
            controller.delegate = recorder
            try controller.performFetch()
            let top = controller.object(at: .init(item: 0, section: 0))  // p8, 80
            top.setValue(55.0, forKey: "score")
            try context.save()
            #expect(
                recorder.last == [
                    .move(
                        top.objectID, from: .init(item: 0, section: 0),
                        to: .init(item: 1, section: 0))
                ])
            top.setValue(5.0, forKey: "score")
            try context.save()
            #expect(recorder.last == [.delete(top.objectID, indexPath: .init(item: 1, section: 0))])
            let drafts = controller.objects(inSection: 1)
            for draft in drafts { context.delete(draft) }
            try context.save()
            #expect(recorder.sectionChanges == [.delete(name: "1", index: 1)])
            #expect(controller.sections.map(\.name) == ["0"])
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(99.0, forKey: "score")
            let temporary = post.objectID
            try context.save()
            // Reported when processed, before the save wrote it: under its temporary ID.
            #expect(
                recorder.last == [.insert(temporary, newIndexPath: .init(item: 0, section: 0))])
            #expect(controller.fetchedObjectIDs.first == post.objectID)
            #expect(recorder.snapshots.last == controller.snapshot)
        }
    }

    /// Apple, NSFetchedResultsController: the controller processes "any change in the
    /// context that affects the result set", saved or not
    /// (https://developer.apple.com/documentation/coredata/nsfetchedresultscontroller).
    /// Before issue 33 an unsaved edit waited for the save here.
    @Test("an unsaved edit is reported when processed; the save adds nothing; other entities none")
    func unsavedAndOtherEntities() throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let recorder = ChangeRecorder()
        let (controller, top) = try context.performAndWait {
            try ControllerFixtures.seed(context, count: 10)
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(), managedObjectContext: context,
                sectionNameKeyPath: nil)
            controller.delegate = recorder
            try controller.performFetch()
            return (controller, controller.object(at: .init(item: 0, section: 0)).objectID)
        }
        context.performAndWait {
            context.object(with: top).setValue(1.0, forKey: "score")
        }
        #expect(recorder.batches == [[.delete(top, indexPath: .init(item: 0, section: 0))]])
        try context.performAndWait {
            context.insertNewObject(forEntityName: "Tag").setValue("t", forKey: "name")
            try context.save()
        }
        #expect(recorder.batches.count == 1)
        #expect(context.performAndWait { controller.count } == 4)
    }

    @Test(
        "diffs match a brute-force refetch over seeded random change sequences",
        arguments: [(UInt64(1), 0), (UInt64(2), 7), (UInt64(3), 0), (UInt64(4), 3)])
    func randomSequences(seed: UInt64, batchSize: Int) throws {
        let container = try Fixtures.container()
        var random = SeededGenerator(seed: seed)
        try inContext(container) { context in
            try ControllerFixtures.seed(context, count: 30)
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(batchSize: batchSize),
                managedObjectContext: context, sectionNameKeyPath: nil)
            let recorder = ChangeRecorder()
            controller.delegate = recorder
            try controller.performFetch()
            for round in 0..<40 {
                let before = controller.fetchedObjectIDs
                let posts = Array(try context.fetch(FetchRequest(entityName: "Post")))
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    try randomChange(context, posts, &random)
                }
                let batchesBefore = recorder.batches.count
                // The unsaved changes are reported when processed (inserted objects
                // under their temporary IDs); the save then only renames them.
                context.processPendingChanges()
                let replayed = recorder.batches[batchesBefore...].reduce(before) {
                    ControllerFixtures.apply($1, to: $0)
                }
                #expect(replayed == controller.fetchedObjectIDs, "round \(round)")
                let batchesAfterChanges = recorder.batches.count
                try context.save()
                #expect(recorder.batches.count == batchesAfterChanges, "round \(round)")
                let fresh = try freshSnapshot(container, batchSize: batchSize)
                #expect(controller.snapshot == fresh, "round \(round)")
            }
        }
    }

    private func randomChange(
        _ context: ManagedObjectContext, _ posts: [ManagedObject], _ random: inout SeededGenerator
    ) throws {
        let live = posts.filter { !$0.isDeleted }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(Double(Int.random(in: 0..<10, using: &random) * 10), forKey: "score")
            post.setValue(Bool.random(using: &random), forKey: "isDraft")
        case 1 where !live.isEmpty:
            live.randomElement(using: &random)!.setValue(
                Double(Int.random(in: 0..<10, using: &random) * 10), forKey: "score")
        case 2 where !live.isEmpty:
            live.randomElement(using: &random)!.setValue(
                Bool.random(using: &random), forKey: "isDraft")
        case 3 where !live.isEmpty:
            context.delete(live.randomElement(using: &random)!)
        default:
            live.first?.setValue("touched", forKey: "title")
        }
    }

    private func freshSnapshot(_ container: PersistentContainer, batchSize: Int) throws
        -> FetchedResultsSnapshot
    {
        try inContext(container) { context in
            let controller = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(batchSize: batchSize),
                managedObjectContext: context, sectionNameKeyPath: nil)
            try controller.performFetch()
            return controller.snapshot
        }
    }

    @Test("requests a controller cannot watch are refused with what to change")
    func errors() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let unsorted = FetchRequest<ManagedObject>(entityName: "Post")
            let controller = FetchedResultsController(
                fetchRequest: unsorted, managedObjectContext: context, sectionNameKeyPath: nil)
            #expect(throws: FetchedResultsError.missingSortKeys(entity: "Post")) {
                try controller.performFetch()
            }
            let sectioned = FetchedResultsController(
                fetchRequest: try ControllerFixtures.request(), managedObjectContext: context,
                sectionNameKeyPath: "title")
            do {
                try sectioned.performFetch()
                Issue.record("a section key path that is not the first sort key was accepted")
            } catch let error as FetchedResultsError {
                #expect("\(error)".contains("must be the first sort key"))
            }
        }
    }
}
