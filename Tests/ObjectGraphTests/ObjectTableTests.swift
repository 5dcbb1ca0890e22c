import Foundation
import Testing

@testable import ObjectGraph

/// The keyed tables behind the registry and the row cache, and the read-path helpers
/// that avoid rehashing: packed keys with their own hash mix, one-lookup fault reads,
/// to-many members without changes, prefetch rows grouped by owner.
@Suite struct ObjectTableTests {
    private let store = UUID()
    private var user: Entity { Fixtures.social.entity(named: "User")! }
    private var post: Entity { Fixtures.social.entity(named: "Post")! }

    private func id(_ entity: Entity, _ pk: Int64) -> ObjectID {
        ObjectID(entity: entity, primaryKey: pk, store: store)
    }

    @Test("keeps permanent and temporary IDs of several entities apart")
    func distinctKeys() {
        var table = ObjectTable<Int>()
        let temporary = ObjectID(temporaryFor: user)
        for pk in 1...5_000 {
            table[id(user, Int64(pk))] = pk
            table[id(post, Int64(pk))] = -pk
        }
        table[temporary] = 0
        #expect(table.count == 10_001)
        #expect(table[id(user, 4_321)] == 4_321)
        #expect(table[id(post, 4_321)] == -4_321)
        #expect(table[temporary] == 0)
        #expect(table[id(user, 5_001)] == nil)
    }

    @Test("spreads consecutive keys over the buckets, seed by seed")
    func hashMix() {
        let keys = (0..<1_024).map { PackedObjectKey(bits: Int64($0) << 12 | 1) }
        let buckets = Set(keys.map { $0._rawHashValue(seed: 7) & 1_023 })
        #expect(buckets.count > 600)
        #expect(keys[5]._rawHashValue(seed: 1) != keys[5]._rawHashValue(seed: 2))
    }

    @Test("modify changes a value in place and returns what the change returns")
    func modify() {
        var table = ObjectTable<Int>()
        table[id(user, 1)] = 10
        #expect(
            table.modify(id(user, 1)) { value -> Int in
                value += 1; return value * 2
            } == 22)
        #expect(table[id(user, 1)] == 11)
        #expect(table.modify(id(user, 2)) { _ in 0 } == nil)
    }

    @Test("a fault read from the row cache retains the entry only when asked")
    func rowCacheRead() {
        var cache = RowCache()
        let row = RowSnapshot.make(objectID: id(user, 1), version: 1, values: ["a", 1])
        cache.store(row, retain: false, at: 100)
        #expect(cache.snapshot(for: row.objectID, maxAge: nil, now: 0, retain: false) === row)
        #expect(cache.snapshot(for: row.objectID, maxAge: 50, now: 200, retain: true) == nil)
        cache.release([row.objectID])
        #expect(cache.count == 0)
        cache.store(row, retain: false, at: 100)
        #expect(cache.snapshot(for: row.objectID, maxAge: 50, now: 120, retain: true) === row)
        cache.release([row.objectID])
        #expect(cache.count == 0)
    }

    @Test("members without changes are the committed array; changes still apply")
    func toManyCurrent() {
        var state = ToManyState()
        state.committed = [id(post, 1), id(post, 2)]
        #expect(state.current == [id(post, 1), id(post, 2)])
        state.remove(id(post, 1))
        state.add(id(post, 3))
        #expect(state.current == [id(post, 2), id(post, 3)])
    }

    @Test("prefetched rows group by owner in row order, runs or not")
    func prefetchMembers() throws {
        let container = try Fixtures.container()
        inContext(container) { context in
            let objects = (1...5).map { context.object(with: id(post, Int64($0))) }
            let members = Prefetcher.members(objects, owners: [7, 7, 8, 7, 9])
            #expect(members[7] == [id(post, 1), id(post, 2), id(post, 4)])
            #expect(members[8] == [id(post, 3)])
            #expect(members[9] == [id(post, 5)])
            #expect(members.count == 3)
        }
    }
}
