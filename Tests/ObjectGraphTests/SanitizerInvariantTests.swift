import Foundation
import Testing

@testable import ObjectGraph

/// Two unsafe-for-speed choices, tested so that a broken invariant is a memory error
/// AddressSanitizer reports (`swift test --sanitize=address`, run by .ci/run), not a
/// silent wrong answer:
/// - `ManagedObject.managedObjectContext` is held unretained (`UncheckedObjectState`,
///   `Sources/ObjectGraph/UncheckedState.swift`): every path that drops
///   an object from its context (deinit, reset, rollback, a saved deletion, a failed
///   lookup) must set it to nil first. Each test keeps objects past the path and reads
///   the reference (and the key-value code that reads it): a dangling one is a
///   heap-use-after-free. IDs are read after their model is gone too: an ID that held
///   its entity without a reference (a proposed cut of its copying cost) would need
///   entities to outlive their models.
/// - `PackedObjectKey` answers `Dictionary`'s `_rawHashValue(seed:)` itself: placement
///   and lookup must use the same hash for every operation, or the tables lose entries.
@Suite struct SanitizerInvariantTests {
    /// Reads what an object left by its context reads: the context reference, and a
    /// key-value read that goes through it.
    static func expectDetached(_ objects: [ManagedObject]) {
        for object in objects {
            #expect(object.managedObjectContext == nil)
            #expect(throws: KeyValueError.noContext(object: object.objectID)) {
                try object.checkedValue(forKey: "name")
            }
        }
    }

    @Test("10,000 fetched objects, faults and changed objects outlive their context and container")
    func outliveContainer() throws {
        var container: PersistentContainer? = try Fixtures.container()
        try Fixtures.seed(container!, users: 10_000, posts: 0)
        var context: ManagedObjectContext? = container!.newBackgroundContext()
        let objects = try context!.performAndWait {
            let request = FetchRequest(entityName: "User")
            request.returnsObjectsAsFaults = true
            let fetched = Array(try context!.fetch(request))
            fetched[0].setValue("changed", forKey: "name")
            context!.delete(fetched[1])
            return fetched + [context!.insertNewObject(forEntityName: "User")]
        }
        context = nil
        container = nil
        Self.expectDetached(objects)
    }

    @Test("object IDs outlive their model, container and context")
    func idsOutliveModel() throws {
        // A model of its own (not the shared fixture), so nothing else keeps its entities.
        var model: ManagedObjectModel? = ManagedObjectModel(entities: [
            EntityDescription(
                name: "Note", attributes: [AttributeDescription(name: "text", type: .string)])
        ])
        var container: PersistentContainer? = try Fixtures.container(model: model!)
        var context: ManagedObjectContext? = container!.newBackgroundContext()
        let ids = try context!.performAndWait {
            let note = context!.insertNewObject(forEntityName: "Note")
            let temporary = note.objectID
            try context!.save()
            return [temporary, note.objectID]
        }
        context = nil
        container = nil
        model = nil
        // Were an ID's entity freed with its model, these reads would be a use-after-free.
        #expect(ids.map(\.entityName) == ["Note", "Note"])
        #expect(ids[0].uriRepresentation().absoluteString.hasPrefix("x-coredata:///Note/t"))
        #expect(ids[1].uriRepresentation().path == "/Note/p1")
        #expect(ids[0] != ids[1])
    }

    @Test("a saved deletion, a rollback and a reset detach what they drop")
    func droppedBySaveRollbackReset() throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 3, posts: 0)
        var context: ManagedObjectContext? = container.newBackgroundContext()
        let dropped = try context!.performAndWait {
            let users = Array(try context!.fetch(FetchRequest(entityName: "User")))
            context!.delete(users[0])
            try context!.save()
            let inserted = context!.insertNewObject(forEntityName: "User")
            context!.rollback()
            let kept = users[1...]
            context!.reset()
            return [users[0], inserted] + kept
        }
        Self.expectDetached(dropped)
        context = nil
        Self.expectDetached(dropped)
    }

    @Test("objects of a context released on another queue are detached")
    func releasedElsewhere() async throws {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 50, posts: 0)
        let box = ObjectsBox()
        await Task.detached {
            let context = container.newBackgroundContext()
            let users = try? context.performAndWait {
                Array(try context.fetch(FetchRequest(entityName: "User")))
            }
            box.objects = users ?? []
        }.value
        #expect(box.objects.count == 50)
        Self.expectDetached(box.objects)
    }

    @Test("an object table agrees with a plain dictionary through 200,000 seeded operations")
    func objectTableMatchesDictionary() {
        let model = Fixtures.social
        let entities = ["User", "Post", "Tag"].map { model.entity(named: $0)! }
        let store = UUID()
        let temporaries = (0..<64).map { ObjectID(temporaryFor: entities[$0 % 3]) }
        var table = ObjectTable<Int>()
        var reference: [ObjectID: Int] = [:]
        var state: UInt64 = 18
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<200_000 {
            let id =
                next(10) == 0
                ? temporaries[next(64)]
                // Keys 4,096 apart collide in the low bits a weak hash would use.
                : ObjectID(
                    entity: entities[next(3)], primaryKey: Int64(next(2_000) * 4_096 + 1),
                    store: store)
            switch next(4) {
            case 0:
                table[id] = step
                reference[id] = step
            case 1:
                table[id] = nil
                reference[id] = nil
            case 2:
                table.update(id) {
                    $0 += 1; return $0 % 3 != 0
                }
                if let value = reference[id] {
                    reference[id] = (value + 1) % 3 != 0 ? value + 1 : nil
                }
            default:
                #expect(table[id] == reference[id])
            }
        }
        #expect(table.count == reference.count)
        #expect(reference.allSatisfy { table[$0.key] == $0.value })
    }

    @Test("equal packed keys hash alike for every seed; Set and Dictionary find them again")
    func packedKeysHashConsistently() {
        let keys = (0..<5_000).map { PackedObjectKey(bits: Int64($0) << 12 | Int64($0 % 7)) }
        for seed in [0, 1, -1, Int.max, Int.min, 0x5EED] {
            #expect(
                keys.allSatisfy {
                    $0._rawHashValue(seed: seed)
                        == PackedObjectKey(bits: $0.bits)._rawHashValue(seed: seed)
                })
        }
        var set = Set(keys)
        #expect(set.count == keys.count)
        let removed = stride(from: 0, to: keys.count, by: 2).map { keys[$0].bits }
        for bits in removed { set.remove(PackedObjectKey(bits: bits)) }
        #expect(set.count == keys.count / 2)
        #expect(removed.allSatisfy { !set.contains(PackedObjectKey(bits: $0)) })
        #expect(set.allSatisfy { !removed.contains($0.bits) })
    }
}

/// Carries objects out of a detached task (the test reads them after the task ends).
final class ObjectsBox: @unchecked Sendable {
    var objects: [ManagedObject] = []
}
