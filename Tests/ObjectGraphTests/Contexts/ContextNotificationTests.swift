import Foundation
import ObjectGraph
import Synchronization
import Testing

/// Collects notifications handed to an observer (called on the context's queue).
final class NoteLog: Sendable {
    private let notes = Mutex<[ContextNotification]>([])

    func append(_ note: ContextNotification) { notes.withLock { $0.append(note) } }
    var all: [ContextNotification] { notes.withLock { $0 } }
    var names: [ContextNotification.Name] { all.map(\.name) }
}

@Suite struct ContextNotificationTests {
    @Test("a save posts objects-did-change, will-save and did-save with the written IDs")
    func saveSequence() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        let context = container.newBackgroundContext()
        let log = NoteLog()
        let observations = context.performAndWait {
            [ContextNotification.Name.objectsDidChange, .willSave, .didSave].map { name in
                context.observe(name) { note in
                    #expect(note.context === context)
                    log.append(note)
                }
            }
        }
        let (renamed, deletedID, newTemporary) = try context.performAndWait {
            let users = try context.fetch(
                request("User", sortedBy: "name"))
            users[0].setValue("renamed", forKey: "name")
            context.delete(users[1])
            let new = context.insertNewObject(forEntityName: "User")
            new.setValue("new", forKey: "name")
            let temporary = new.objectID
            try context.save()
            return (users[0].objectID, users[1].objectID, temporary)
        }
        #expect(log.names == [.objectsDidChange, .willSave, .didSave])
        let change = log.all[0]
        #expect(change.insertedObjectIDs == [newTemporary])
        #expect(change.updatedObjectIDs == [renamed])
        #expect(change.deletedObjectIDs == [deletedID])
        let saved = log.all[2]
        #expect(saved.updatedObjectIDs == [renamed])
        #expect(saved.deletedObjectIDs == [deletedID])
        #expect(saved.insertedObjectIDs.count == 1)
        #expect(saved.insertedObjectIDs.allSatisfy { !$0.isTemporaryID })
        _ = observations
    }

    @Test("objects-did-change is posted when a perform block ends, once, with its changes")
    func endOfPerform() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let context = container.newBackgroundContext()
        let log = NoteLog()
        let observation = context.performAndWait {
            context.observe(.objectsDidChange) { log.append($0) }
        }
        try context.performAndWait {
            let user = try context.fetch(FetchRequest(entityName: "User"))[0]
            user.setValue("a", forKey: "name")
            user.setValue("b", forKey: "name")
            #expect(log.all.isEmpty)
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.updatedObjectIDs.count == 1)
        context.performAndWait {}  // nothing changed: nothing posted
        #expect(log.all.count == 1)
        observation.cancel()
        try context.performAndWait {
            try context.fetch(FetchRequest(entityName: "User"))[0].setValue("c", forKey: "name")
        }
        #expect(log.all.count == 1)
    }

    @Test("refresh lists the object as refreshed; updated objects resolve on the queue")
    func refreshedObjects() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let context = container.newBackgroundContext()
        let log = NoteLog()
        let resolved = Mutex<[String]>([])
        let observation = context.performAndWait {
            context.observe(.objectsDidChange) { note in
                log.append(note)
                let names = note.refreshedObjects.map { $0.value(forKey: "name") as? String ?? "" }
                resolved.withLock { $0 += names }
            }
        }
        let id = try context.performAndWait {
            let user = try context.fetch(FetchRequest(entityName: "User"))[0]
            context.refresh(user, mergeChanges: false)
            return user.objectID
        }
        #expect(log.all.map(\.refreshedObjectIDs) == [[id]])
        #expect(resolved.withLock { $0 } == ["u0"])
        _ = observation
    }

    @Test("an observation released stops its handler")
    func releasedObservation() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 1, posts: 0)
        let context = container.newBackgroundContext()
        let log = NoteLog()
        context.performAndWait {
            _ = context.observe(.objectsDidChange) { log.append($0) }
        }
        try context.performAndWait {
            try context.fetch(FetchRequest(entityName: "User"))[0].setValue("x", forKey: "name")
        }
        #expect(log.all.isEmpty)
    }

    @Test("notifications(of:) yields did-save values in order to an async consumer")
    func asyncSequence() async throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let stream = context.notifications(of: .didSave)
        let consumer = Task {
            var counts: [Int] = []
            for await note in stream {
                counts.append(note.insertedObjectIDs.count)
                if counts.count == 2 { break }
            }
            return counts
        }
        for count in [1, 3] {
            try await context.perform {
                for _ in 0..<count { _ = context.insertNewObject(forEntityName: "Tag") }
                try context.save()
            }
        }
        #expect(await consumer.value == [1, 3])
    }

    @Test("a save with nothing to write posts nothing")
    func emptySave() throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let log = NoteLog()
        let observations = context.performAndWait {
            [
                context.observe(.willSave) { log.append($0) },
                context.observe(.didSave) { log.append($0) },
            ]
        }
        try context.performAndWait { try context.save() }
        #expect(log.all.isEmpty)
        _ = observations
    }
}
