import Dispatch
import Foundation
import ObjectGraph
import Synchronization
import Testing

/// Eight background contexts saving concurrently on 16 shared posts under each merge
/// policy, with a view context merging every save automatically. Counters (contexts
/// 0–3) add 1 to a post's score; titlers (4–7) set its title. Saves per context:
/// `FAULTLINE_STRESS_SAVES` (the figure is 500), 40 by default so the suite stays
/// fast. Run it under ThreadSanitizer with
/// `swift test --sanitize=thread --filter ContextStressTests`.
@Suite struct ContextStressTests {
    static let posts = 16
    static let writers = 8

    static var savesPerContext: Int {
        ProcessInfo.processInfo.environment["FAULTLINE_STRESS_SAVES"].flatMap(Int.init) ?? 40
    }

    /// The post a writer's save number `save` touches: overlapping between writers.
    static func post(writer: Int, save: Int) -> Int { (writer * 5 + save) % posts }

    @Test(
        "8 contexts x N saves on overlapping posts: no forbidden lost update, no deadlock",
        .timeLimit(.minutes(1)), arguments: MergePolicy.allCases)
    func stress(policy: MergePolicy) throws {
        let container = try Fixtures.container()
        let ids = try inContext(container) { context in
            let posts = (0..<Self.posts).map { index in
                let post = context.insertNewObject(forEntityName: "Post")
                post.setValue("seed-\(index)", forKey: "title")
                post.setValue(0.0, forKey: "score")
                return post
            }
            try context.save()
            return posts.map(\.objectID)
        }
        let view = container.newBackgroundContext()
        view.automaticallyMergesChangesFromParent = true
        view.performAndWait { for id in ids { _ = try? view.existingObject(with: id) } }
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        let saves = Self.savesPerContext
        for writer in 0..<Self.writers {
            let context = container.newBackgroundContext()
            context.mergePolicy = policy
            group.enter()
            context.perform {
                defer { group.leave() }
                for save in 0..<saves {
                    do {
                        try Self.write(writer, save, ids: ids, in: context)
                    } catch {
                        failures.withLock { $0.append("writer \(writer) save \(save): \(error)") }
                    }
                }
            }
        }
        #expect(group.wait(timeout: .now() + 55) == .success, "writers deadlocked")
        #expect(failures.withLock { $0 } == [])
        let stored = try inContext(container) { fresh in
            try ids.map { id in
                let post = try fresh.existingObject(with: id)
                return (
                    post.value(forKey: "title") as? String ?? "",
                    post.value(forKey: "score") as? Double ?? -1
                )
            }
        }
        check(stored, policy: policy, saves: saves)
        let seen = view.performAndWait {
            ids.map { id in
                let post = view.object(with: id)
                return (
                    post.value(forKey: "title") as? String ?? "",
                    post.value(forKey: "score") as? Double ?? -1
                )
            }
        }
        #expect(seen.map(\.0) == stored.map(\.0), "the view merged every save")
        #expect(seen.map(\.1) == stored.map(\.1), "the view merged every save")
    }

    /// One save of one writer; under `.error` it retries from fresh values on conflict.
    private static func write(
        _ writer: Int, _ save: Int, ids: [ObjectID], in context: ManagedObjectContext
    ) throws {
        let id = ids[post(writer: writer, save: save)]
        while true {
            let post = try context.existingObject(with: id)
            if writer < writers / 2 {
                post.setValue((post.value(forKey: "score") as? Double ?? 0) + 1, forKey: "score")
            } else {
                post.setValue("c\(writer)-s\(save)", forKey: "title")
            }
            do {
                try context.save()
                return
            } catch SaveError.optimisticLockingFailure(let conflicts)
                where context.mergePolicy == .error
            {
                context.rollback()
                for conflict in conflicts {
                    context.refresh(context.object(with: conflict.objectID), mergeChanges: false)
                }
            }
        }
    }

    /// What each policy promises about the final rows.
    private func check(_ stored: [(String, Double)], policy: MergePolicy, saves: Int) {
        var titled = Set<Int>()
        var counted = [Int](repeating: 0, count: Self.posts)
        for writer in 0..<Self.writers {
            for save in 0..<saves {
                let post = Self.post(writer: writer, save: save)
                if writer < Self.writers / 2 { counted[post] += 1 } else { titled.insert(post) }
            }
        }
        let written = Set(
            (Self.writers / 2..<Self.writers).flatMap { writer in
                (0..<saves).map { "c\(writer)-s\($0)" }
            })
        for (index, (title, score)) in stored.enumerated() {
            #expect(title == "seed-\(index)" || written.contains(title), "post \(index): \(title)")
            #expect(score >= 0 && score <= Double(counted[index]), "post \(index): \(score)")
            switch policy {
            case .error:
                // Every increment retried until it won: none lost.
                #expect(score == Double(counted[index]), "post \(index) lost increments")
                #expect(titled.contains(index) == (title != "seed-\(index)"))
            case .mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump:
                // Property merges never undo another context's change of another property.
                #expect(
                    titled.contains(index) == (title != "seed-\(index)"), "post \(index) title lost"
                )
                #expect((counted[index] > 0) == (score > 0), "post \(index) score lost")
            case .overwrite, .rollback:
                break  // whole-object policies may drop the other side's changes
            }
        }
    }
}
