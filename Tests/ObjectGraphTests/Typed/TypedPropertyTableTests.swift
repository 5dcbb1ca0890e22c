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
        var snapshot: TypedIndexSnapshot?
        // Key path objects are 16-byte aligned: keys of that shape, some colliding.
        let keys = (1...40).map { UInt($0) << 4 | (UInt($0 % 3) << 20) }
        for (offset, key) in keys.enumerated() {
            snapshot = TypedIndexSnapshot(
                adding: (key, Int32(offset)), to: snapshot?.entries ?? [])
            for (earlier, earlierKey) in keys.prefix(offset + 1).enumerated() {
                #expect(snapshot?.index(earlierKey) == Int32(earlier))
            }
        }
        #expect(snapshot?.entries.count == 40)
        #expect(snapshot?.index(0x7_0000) == nil)
        #expect(snapshot?.index(41 << 4) == nil)
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
}
