import FaultlineTesting
import Foundation
import Synchronization
import Testing

@testable import ObjectGraph

/// The per-entity typed property index (`TypedPropertyTable`): every key found once
/// resolved, across contexts and threads, and its snapshots' probing.
@Suite struct TypedPropertyTableTests {
    @Test("a snapshot finds every key it was given and no other, at every size")
    func snapshotProbing() {
        // Forty distinct live key path objects (a subscript argument makes each new).
        let keyPaths: [AnyKeyPath] = (0..<40).map { \[Int][$0] }
        var snapshot: TypedIndexSnapshot?
        for (offset, keyPath) in keyPaths.enumerated() {
            let entry = TypedIndexSnapshot.Entry(
                keyPath: keyPath, index: Int32(offset), name: "p\(offset)")
            snapshot = TypedIndexSnapshot(adding: entry, to: snapshot?.entries ?? [])
            for (earlier, earlierPath) in keyPaths.prefix(offset + 1).enumerated() {
                #expect(snapshot?.index(TypedPropertyTable.key(earlierPath)) == Int32(earlier))
            }
        }
        #expect(snapshot?.entries.count == 40)
        let other: AnyKeyPath = \[Int].count
        #expect(snapshot?.index(TypedPropertyTable.key(other)) == nil)
    }

    @Test("typed reads on eight threads at once resolve every property to its own index")
    func concurrentFirstReads() throws {
        // A model of its own, so its entities' tables start empty in this test.
        let container = try Fixtures.container(model: TypedFixtures.makeSocial())
        try Fixtures.seed(container, users: 2, posts: 3)
        let contexts = (0..<8).map { _ in container.newBackgroundContext() }
        let results = Mutex<[[String]]>([])
        DispatchQueue.concurrentPerform(iterations: contexts.count) { index in
            let context = contexts[index]
            let read = context.performAndWait {
                let request = TypedPost.fetchRequest()
                request.sortDescriptors = [SortKey(\TypedPost.title)]
                return (try? context.fetch(request))?.map {
                    "\($0.title ?? "") \($0.score) \($0.isDraft) \($0.author?.name ?? "")"
                } ?? []
            }
            results.withLock { $0.append(read) }
        }
        let expected = [
            "p0-0 0.0 false u0", "p0-1 1.0 false u0", "p0-2 2.0 false u0",
            "p1-0 0.0 false u1", "p1-1 1.0 false u1", "p1-2 2.0 false u1",
        ]
        let all = results.withLock { $0 }
        #expect(all.count == 8)
        #expect(all.allSatisfy { $0 == expected })
    }

    @Test("a generic class's properties, whose key paths are new on every read, read right")
    func genericClass() throws {
        // Each read of a generic class's typed property makes a new key path object (a
        // key path in a generic context is not uniqued), so addresses repeat only when
        // the allocator reuses one: the table must not take an address for a property.
        let model = ManagedObjectModel(
            entities: Fixtures.social.entities.map { description in
                var typed = description
                typed.managedObjectClass =
                    description.name == "User" ? GenericUser<Int>.self : ManagedObject.self
                return typed
            })
        let container = try Fixtures.container(model: model)
        try Fixtures.seed(container, users: 3, posts: 0)
        let read = try inContext(container) { context in
            let request = GenericUser<Int>.fetchRequest()
            request.sortDescriptors = [SortKey("name")]
            return try context.fetch(request).flatMap { user in
                (0..<3).map { _ in "\(user.name ?? "") \(user.age)" }
            }
        }
        #expect(
            read == [
                "u0 20", "u0 20", "u0 20", "u1 21", "u1 21", "u1 21", "u2 22", "u2 22", "u2 22",
            ])
        let user = try #require(model.entity(named: "User"))
        #expect(user.typedProperties.entryCount <= 2)
    }
}

/// A generic typed class: its accessors run in a generic context.
final class GenericUser<Marker>: ManagedObject {
    @Attribute var name: String?
    @Attribute var age: Int64
}
