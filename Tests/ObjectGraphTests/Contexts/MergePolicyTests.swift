import Foundation
import ObjectGraph
import SQLiteDB
import Testing

/// The conflict matrix: every merge policy against each way two contexts can change
/// the same row. Context `mine` reads user u0 (name "u0", age 20), then another context
/// saves its change first, then `mine` saves.
@Suite struct MergePolicyTests {
    private struct Outcome: Equatable {
        var saved: Bool
        var row: [String]?  // name and age in the store, nil when the row is gone
    }

    /// Runs one scenario: `theirs` is saved first, then `mine` under `policy`.
    private func run(
        _ policy: MergePolicy, mine: (ManagedObject, ManagedObjectContext) -> Void,
        theirs: (ManagedObject, ManagedObjectContext) -> Void
    ) throws -> (Outcome, SaveError?) {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: 2, posts: 0)
        let context = container.newBackgroundContext()
        context.mergePolicy = policy
        let id = try context.performAndWait {
            let user = try context.fetch(request("User", sortedBy: "name"))[0]
            _ = user.value(forKey: "name")
            return user.objectID
        }
        try inContext(container) { other in
            theirs(try other.existingObject(with: id), other)
            try other.save()
        }
        var failure: SaveError?
        context.performAndWait {
            mine(context.object(with: id), context)
            do { try context.save() } catch { failure = error as? SaveError }
        }
        let row = try inContext(container) { fresh -> [String]? in
            let users = try fresh.fetch(request("User", where: "name != %@", "u1"))
            return users.first.map {
                [
                    $0.value(forKey: "name") as? String ?? "nil",
                    "\($0.value(forKey: "age") as? Int64 ?? -1)",
                ]
            }
        }
        return (Outcome(saved: failure == nil, row: row), failure)
    }

    private static func rename(_ name: String) -> (ManagedObject, ManagedObjectContext) -> Void {
        { object, _ in object.setValue(name, forKey: "name") }
    }
    private static func age99(_ object: ManagedObject, _: ManagedObjectContext) {
        object.setValue(Int64(99), forKey: "age")
    }
    private static func delete(_ object: ManagedObject, _ context: ManagedObjectContext) {
        context.delete(object)
    }
    private static func nothing(_: ManagedObject, _: ManagedObjectContext) {}

    @Test(
        "changed on one side only: no conflict, the change stays", arguments: MergePolicy.allCases)
    func oneSide(policy: MergePolicy) throws {
        let (outcome, _) = try run(policy, mine: Self.age99, theirs: Self.nothing)
        #expect(outcome == Outcome(saved: true, row: ["u0", "99"]))
        let (theirsOnly, _) = try run(policy, mine: Self.nothing, theirs: Self.rename("theirs"))
        #expect(theirsOnly == Outcome(saved: true, row: ["theirs", "20"]))
    }

    @Test("the same property on both sides", arguments: MergePolicy.allCases)
    func sameProperty(policy: MergePolicy) throws {
        let (outcome, failure) = try run(
            policy, mine: Self.rename("mine"), theirs: Self.rename("theirs"))
        let expected: [MergePolicy: Outcome] = [
            .error: Outcome(saved: false, row: ["theirs", "20"]),
            .mergeByPropertyObjectTrump: Outcome(saved: true, row: ["mine", "20"]),
            .mergeByPropertyStoreTrump: Outcome(saved: true, row: ["theirs", "20"]),
            .overwrite: Outcome(saved: true, row: ["mine", "20"]),
            .rollback: Outcome(saved: true, row: ["theirs", "20"]),
        ]
        #expect(outcome == expected[policy])
        if policy == .error {
            let conflict = try #require(failure.map(\.conflicts)?.first)
            #expect(conflict.objectSnapshot?["name"] == .text("mine"))
            #expect(conflict.cachedSnapshot?["name"] == .text("u0"))
            #expect(conflict.persistedSnapshot?["name"] == .text("theirs"))
            #expect(conflict.oldVersionNumber == 1)
            #expect(conflict.newVersionNumber == 2)
        }
    }

    @Test("different properties on both sides", arguments: MergePolicy.allCases)
    func differentProperties(policy: MergePolicy) throws {
        let (outcome, failure) = try run(policy, mine: Self.rename("mine"), theirs: Self.age99)
        let expected: [MergePolicy: Outcome] = [
            .error: Outcome(saved: false, row: ["u0", "99"]),
            .mergeByPropertyObjectTrump: Outcome(saved: true, row: ["mine", "99"]),
            .mergeByPropertyStoreTrump: Outcome(saved: true, row: ["mine", "99"]),
            .overwrite: Outcome(saved: true, row: ["mine", "20"]),
            .rollback: Outcome(saved: true, row: ["u0", "99"]),
        ]
        #expect(outcome == expected[policy])
        if policy == .error {
            let conflict = try #require(failure.map(\.conflicts)?.first)
            #expect(conflict.objectSnapshot?["age"] == .integer(20))
            #expect(conflict.persistedSnapshot?["age"] == .integer(99))
        }
    }

    @Test("deleted in the store, changed here", arguments: MergePolicy.allCases)
    func deletedTheirSide(policy: MergePolicy) throws {
        let (outcome, failure) = try run(policy, mine: Self.rename("mine"), theirs: Self.delete)
        #expect(outcome == Outcome(saved: policy != .error, row: nil))
        if policy == .error {
            let conflict = try #require(failure.map(\.conflicts)?.first)
            #expect(conflict.persistedSnapshot == nil)
            #expect(conflict.newVersionNumber == 0)
        }
    }

    @Test("deleted here, changed in the store", arguments: MergePolicy.allCases)
    func deletedMySide(policy: MergePolicy) throws {
        let (outcome, failure) = try run(policy, mine: Self.delete, theirs: Self.rename("theirs"))
        let expected: [MergePolicy: Outcome] = [
            .error: Outcome(saved: false, row: ["theirs", "20"]),
            .mergeByPropertyObjectTrump: Outcome(saved: true, row: nil),
            .mergeByPropertyStoreTrump: Outcome(saved: true, row: ["theirs", "20"]),
            .overwrite: Outcome(saved: true, row: nil),
            .rollback: Outcome(saved: true, row: ["theirs", "20"]),
        ]
        #expect(outcome == expected[policy])
        if policy == .error {
            #expect(try #require(failure.map(\.conflicts)?.first).objectSnapshot == nil)
        }
    }

    @Test("deleted on both sides", arguments: MergePolicy.allCases)
    func deletedBoth(policy: MergePolicy) throws {
        let (outcome, failure) = try run(policy, mine: Self.delete, theirs: Self.delete)
        #expect(outcome == Outcome(saved: policy != .error, row: nil))
        #expect(failure.map { $0.conflicts.count } == (policy == .error ? 1 : nil))
    }
}

extension SaveError {
    /// The conflicts of an optimistic-locking failure.
    fileprivate var conflicts: [MergeConflict] {
        if case .optimisticLockingFailure(let conflicts) = self { return conflicts }
        return []
    }
}
