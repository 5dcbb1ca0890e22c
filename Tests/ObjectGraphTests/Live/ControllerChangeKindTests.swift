import Foundation
import ObjectGraph
import Testing

/// The change kinds a results controller reports (issue 33, item 4), by the rule of
/// Apple's delegate documentation,
/// https://developer.apple.com/documentation/coredata/nsfetchedresultscontrollerdelegate/controller(_:didchange:at:for:newindexpath:)
/// and the change types of
/// https://developer.apple.com/documentation/coredata/nsfetchedresultschangetype :
/// inserts and deletes when an object enters or leaves the results; a move only when
/// a changed attribute is one of the sort keys; an update when an object's state
/// changed without a sort-key change; the implicit shifts of other objects after an
/// insert or delete are not reported.
@Suite struct ControllerChangeKindTests {
    private func users(_ context: ManagedObjectContext, _ names: [String]) throws
        -> [String: ManagedObject]
    {
        var byName: [String: ManagedObject] = [:]
        for name in names {
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue(name, forKey: "name")
            user.setValue(Int64(30), forKey: "age")
            byName[name] = user
        }
        try context.save()
        return byName
    }

    private func controller(_ context: ManagedObjectContext, _ recorder: ChangeRecorder) throws
        -> FetchedResultsController
    {
        let request = FetchRequest<ManagedObject>(entityName: "User")
        request.sortDescriptors = [SortKey("name", ascending: false)]
        let controller = FetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: nil)
        controller.delegate = recorder
        try controller.performFetch()
        return controller
    }

    /// The issue's example: people f e d c b a sorted by first name descending; one save
    /// deletes f, edits a non-sort attribute of e and d, renames a, inserts two. By
    /// Apple's rule: e and d are updates (their sort key did not change, although the
    /// delete shifted them), a is the one move, f a delete, the new ones inserts.
    @Test("only a sort-key change is a move; other edits are updates despite shifts")
    func issueExample() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let people = try users(context, ["a", "b", "c", "d", "e", "f"])
            let recorder = ChangeRecorder()
            let controller = try controller(context, recorder)
            #expect(
                controller.fetchedObjectIDs
                    == ["f", "e", "d", "c", "b", "a"].map { people[$0]!.objectID })
            context.delete(people["f"]!)
            people["e"]!.setValue(Int64(41), forKey: "age")
            people["d"]!.setValue(Int64(42), forKey: "age")
            people["a"]!.setValue("ca", forKey: "name")
            let h = context.insertNewObject(forEntityName: "User")
            h.setValue("h", forKey: "name")
            let ab = context.insertNewObject(forEntityName: "User")
            ab.setValue("ab", forKey: "name")
            let (hID, abID) = (h.objectID, ab.objectID)  // temporary: reported before the save
            try context.save()
            let path = { (item: Int) in ResultsIndexPath(item: item, section: 0) }
            #expect(
                recorder.batches == [
                    [
                        .delete(people["f"]!.objectID, indexPath: path(0)),
                        .insert(hID, newIndexPath: path(0)),
                        .insert(abID, newIndexPath: path(6)),
                        .update(people["e"]!.objectID, indexPath: path(1)),
                        .update(people["d"]!.objectID, indexPath: path(2)),
                        .move(people["a"]!.objectID, from: path(5), to: path(3)),
                    ]
                ])
            let old = ["f", "e", "d", "c", "b", "a"].map { people[$0]!.objectID }
            let renamed = controller.fetchedObjectIDs.map {
                $0 == h.objectID ? hID : $0 == ab.objectID ? abID : $0
            }
            #expect(ControllerFixtures.apply(recorder.last, to: old) == renamed)
        }
    }

    /// An object another object moved past keeps its sort key: an edit of it is an
    /// update, not a move (ours reported a move before issue 33).
    @Test("an object passed by a moving one, edited elsewhere, is an update")
    func passedObjectIsUpdate() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let people = try users(context, ["a", "b", "c"])
            let recorder = ChangeRecorder()
            let controller = try controller(context, recorder)  // c b a
            people["a"]!.setValue("d", forKey: "name")  // to the top
            people["b"]!.setValue(Int64(50), forKey: "age")
            try context.save()
            let path = { (item: Int) in ResultsIndexPath(item: item, section: 0) }
            #expect(
                recorder.last == [
                    .update(people["b"]!.objectID, indexPath: path(1)),
                    .move(people["a"]!.objectID, from: path(2), to: path(0)),
                ])
            #expect(controller.count == 3)
        }
    }

    /// Apple: "Moves are reported when the changed attribute on the object is one of the
    /// sort descriptors", whether or not its index path changed.
    @Test("a sort-key change that keeps the object's place is a move in place")
    func sortKeyChangeInPlace() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let people = try users(context, ["a", "c", "e"])
            let recorder = ChangeRecorder()
            let controller = try controller(context, recorder)  // e c a
            people["c"]!.setValue("d", forKey: "name")
            try context.save()
            let path = ResultsIndexPath(item: 1, section: 0)
            #expect(recorder.last == [.move(people["c"]!.objectID, from: path, to: path)])
            #expect(controller.count == 3)
        }
    }
}
