import Foundation
import ObjectGraph
import Testing

/// Core Data's behaviour of `reset()`, `refresh(_:mergeChanges:)` / `refreshAllObjects()`
/// and the objects-did-change of a merged save (issue 33, items 1 to 3). Expected values
/// come from Apple's documentation and from CoreDataPlus's suite, which runs on real
/// Core Data (github.com/alemar11/CoreDataPlus, commit f71b5f5), never from our output.
@Suite struct ResetAndRefreshTests {
    // MARK: - 1. reset() posts invalidated-all

    /// CoreDataPlus `Tests/Notifications/NotificationPayload_Tests.swift`,
    /// `test_ObserveInsertionsAndInvalidationsOnDidChangeNotification`: one object
    /// inserted and processed, then `reset()`: the second objects-did-change has every
    /// key empty except `NSInvalidatedAllObjectsKey`, which lists 1 object ID.
    /// Apple: https://developer.apple.com/documentation/coredata/nsinvalidatedallobjectskey
    /// ("all objects in the context have been invalidated").
    @Test("reset() posts objects-did-change with invalidated-all and the forgotten IDs")
    func resetPostsInvalidatedAll() throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let log = NoteLog()
        let observation = context.performAndWait {
            context.observe(.objectsDidChange) { log.append($0) }
        }
        let id = context.performAndWait {
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue("car", forKey: "name")
            context.processPendingChanges()
            return user.objectID
        }
        context.performAndWait { context.reset() }
        #expect(log.all.count == 2)
        #expect(log.all[0].insertedObjectIDs == [id])
        #expect(!log.all[0].invalidatedAll)
        let reset = log.all[1]
        #expect(reset.invalidatedAll)
        #expect(reset.invalidatedAllObjectIDs == [id])
        #expect(reset.insertedObjectIDs.isEmpty && reset.updatedObjectIDs.isEmpty)
        #expect(reset.deletedObjectIDs.isEmpty && reset.refreshedObjectIDs.isEmpty)
        #expect(reset.invalidatedObjectIDs.isEmpty)
        _ = observation
    }

    @Test("reset() of a context holding nothing posts nothing")
    func resetOfEmptyContext() throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let log = NoteLog()
        let observation = context.performAndWait {
            context.observe(.objectsDidChange) { log.append($0) }
        }
        context.performAndWait { context.reset() }
        #expect(log.all.isEmpty)
        _ = observation
    }

    /// Our choice (Apple does not document what its controller does on
    /// `NSInvalidatedAllObjectsKey`): the controller fetches again (one SELECT) and
    /// reports the difference, here a row another context saved without a merge.
    @Test("a results controller on a reset context fetches again and reports the difference")
    func controllerReactsToReset() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        let context = container.newBackgroundContext()
        let recorder = ChangeRecorder()
        let controller = try context.performAndWait {
            let controller = FetchedResultsController(
                fetchRequest: try request("User", sortedBy: "name"), managedObjectContext: context,
                sectionNameKeyPath: nil)
            controller.delegate = recorder
            try controller.performFetch()
            return controller
        }
        let newID = try inContext(container) { other in
            let user = other.insertNewObject(forEntityName: "User")
            user.setValue("u1a", forKey: "name")
            try other.save()
            return user.objectID
        }
        container.resetStatistics()
        context.performAndWait { context.reset() }
        #expect(container.statistics.selectCount == 1)
        #expect(recorder.batches == [[.insert(newID, newIndexPath: .init(item: 2, section: 0))]])
        let names = context.performAndWait {
            controller.objects(inSection: 0).map { $0.value(forKey: "name") as? String }
        }
        #expect(names == ["u0", "u1", "u1a", "u2"])
    }

    // MARK: - 2. refresh with mergeChanges keeps changed objects materialized

    /// CoreDataPlus `Tests/NSManagedObjectContextInvestigation_Tests.swift`,
    /// `test_InvestigationRefreshAllObjects`: two saved objects, one edited, then
    /// `refreshAllObjects()`: the edited one `isFault == false` with its edit, the other
    /// `isFault == true`. Apple, refresh(_:mergeChanges:): with true "the context reloads
    /// the object's property values from the store or the cache. Then the context
    /// applies local changes over the newly loaded values."
    @Test("refreshAllObjects: a changed object stays materialized with its change, others fault")
    func refreshAllKeepsChangedMaterialized() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let car1 = context.insertNewObject(forEntityName: "User")
            car1.setValue("car1", forKey: "name")
            let car2 = context.insertNewObject(forEntityName: "User")
            car2.setValue("car2", forKey: "name")
            try context.save()
            car1.setValue("car1_updated", forKey: "name")
            container.resetStatistics()
            context.refreshAllObjects()
            #expect(!car1.isFault)
            #expect(car2.isFault)
            #expect(car1.hasChanges)
            // The save filled the row cache: the reload ran no SQL.
            #expect(container.statistics.selectCount == 0)
            #expect(car1.value(forKey: "name") as? String == "car1_updated")
        }
    }

    @Test("refresh(mergeChanges: true) of a changed object reloads other values from the store")
    func refreshMergeReloadsOthers() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        try inContext(container) { context in
            let user = try context.fetch(request("User"))[0]
            user.setValue("edited", forKey: "name")
            try inContext(container) { other in
                try other.fetch(request("User"))[0].setValue(Int64(99), forKey: "age")
                try other.save()
            }
            context.stalenessInterval = 0
            container.resetStatistics()
            context.refresh(user, mergeChanges: true)
            #expect(container.statistics.selectCount == 1)
            #expect(!user.isFault)
            #expect(user.value(forKey: "name") as? String == "edited")
            #expect(user.value(forKey: "age") as? Int64 == 99)
            context.refresh(user, mergeChanges: false)
            #expect(user.isFault)
            #expect(!user.hasChanges)
        }
    }

    // MARK: - 3. a merged save lists refreshed objects, only those held

    /// CoreDataPlus `Tests/Notifications/NotificationPayload_Tests.swift`,
    /// `test_ObserveRefreshesOnMaterializedObjects` (Core Data, automatic merges):
    /// objects 1 and 2 materialized in the view context; other contexts update 3 (not
    /// registered), delete 6 (not registered), update 2: the one objects-did-change lists
    /// 1 refreshed object and nothing inserted, updated, deleted or invalidated. The DTS
    /// answer quoted there: updated objects count "when the updated objects are in use
    /// and not faulted", deleted ones "when the deleted objects are in use".
    @Test("a merged save lists held, loaded updates as refreshed, never as updated")
    func mergedSaveRefreshed() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 10, posts: 0)
        let view = container.newBackgroundContext()
        view.automaticallyMergesChangesFromParent = true
        let log = NoteLog()
        let (observation, heldIDs) = try view.performAndWait {
            let held = try view.fetch(
                request("User", where: "name IN %@", ["u1", "u2"]))
            for user in held { _ = user.value(forKey: "name") }
            return (view.observe(.objectsDidChange) { log.append($0) }, held.map(\.objectID))
        }
        let background = container.newBackgroundContext()
        try background.performAndWait {
            try background.fetch(request("User", where: "name == %@", "u3"))[0]
                .setValue(Int64(1), forKey: "age")
            try background.save()
            background.delete(try background.fetch(request("User", where: "name == %@", "u6"))[0])
            try background.save()
            try background.fetch(request("User", where: "name == %@", "u2"))[0]
                .setValue(Int64(2), forKey: "age")
            try background.save()
        }
        view.performAndWait {}  // the scheduled merges have run
        let nonEmpty = log.all.filter { !$0.isEmpty }
        #expect(nonEmpty.count == 1)
        let note = try #require(nonEmpty.first)
        #expect(note.refreshedObjectIDs.count == 1)
        #expect(note.refreshedObjectIDs.isSubset(of: Set(heldIDs)))
        #expect(note.updatedObjectIDs.isEmpty)
        #expect(note.insertedObjectIDs.isEmpty)
        #expect(note.deletedObjectIDs.isEmpty)
        #expect(note.invalidatedObjectIDs.isEmpty)
        _ = observation
    }
}
