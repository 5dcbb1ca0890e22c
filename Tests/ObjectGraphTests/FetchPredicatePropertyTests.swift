import Foundation
import ObjectGraph
import Testing

/// The in-memory evaluator gives the SQL's answer: thousands of generated predicates
/// over a small random dataset select the same objects both ways, or fail with the same
/// error. Seeded, so a failure names the seed and format to replay.
///
/// `swift test` runs 2 × 2,600 predicates; `FAULTLINE_PREDICATE_CASES=20000 swift test
/// --filter FetchPredicatePropertyTests` runs that many in all (split over the seeds).
@Suite struct FetchPredicatePropertyTests {
    static let seeds: [UInt64] = [0xFA17, 0x5EED_0002]
    static let casesPerSeed =
        (ProcessInfo.processInfo.environment["FAULTLINE_PREDICATE_CASES"].flatMap(Int.init)
            ?? 5_200) / seeds.count

    /// What one path answered for one predicate.
    enum Outcome: Equatable {
        case objects(Set<ObjectID>)
        case error(String)
    }

    /// How the in-memory side decides one object; the planted test swaps in a wrong
    /// rule to show the harness notices.
    typealias MemoryRule = (FetchPredicate, ManagedObject) throws -> Bool

    @Test("SQL result == in-memory result for generated predicates", arguments: seeds)
    func sqlMatchesMemory(seed: UInt64) throws {
        let (checked, mismatches) = try Self.disagreements(seed: seed, count: Self.casesPerSeed)
        #expect(checked == Self.casesPerSeed)
        #expect(
            mismatches.isEmpty,
            "seed \(seed): \(mismatches.count) of \(checked): \(mismatches.prefix(5))")
    }

    @Test("the harness reports a planted disagreement: nil in IN lists ignored in memory")
    func catchesPlantedRule() throws {
        let planted: MemoryRule = { predicate, object in
            let withoutNil = predicate.format.replacingOccurrences(of: "{nil, ", with: "{")
            return try FetchPredicate(format: withoutNil).evaluate(with: object)
        }
        let (_, mismatches) = try Self.disagreements(seed: 0xFA17, count: 1_000, inMemory: planted)
        #expect(!mismatches.isEmpty)
        #expect(mismatches.allSatisfy { $0.contains("{nil, ") })
    }

    /// Runs `count` generated predicates over a fresh seeded dataset; returns how many
    /// ran and the formats where SQL and `inMemory` disagreed.
    static func disagreements(
        seed: UInt64, count: Int, inMemory: MemoryRule = { try $0.evaluate(with: $1) }
    ) throws -> (Int, [String]) {
        let container = try Fixtures.container()
        return try inContext(container) { context in
            var random = SeededGenerator(seed: seed)
            try Self.seedDataset(context, &random)
            let all = try ["User", "Post", "Tag"].map { entity in
                (entity, try context.fetch(FetchRequest(entityName: entity)))
            }
            var generator = PredicateGenerator(random: random)
            var mismatches: [String] = []
            for index in 0..<count {
                let (entity, objects) = all[index % all.count]
                let format = generator.predicate(on: entity)
                let predicate = try FetchPredicate(format: format)
                let request = FetchRequest(entityName: entity)
                request.predicate = predicate
                let fromSQL = outcome { Set(try context.fetch(request).map(\.objectID)) }
                let fromMemory = outcome {
                    Set(try objects.filter { try inMemory(predicate, $0) }.map(\.objectID))
                }
                if fromSQL != fromMemory { mismatches.append("\(entity): \(format)") }
            }
            return (count, mismatches)
        }
    }

    private static func outcome(_ body: () throws -> Set<ObjectID>) -> Outcome {
        do { return .objects(try body()) } catch { return .error(String(describing: error)) }
    }

    /// 6 users (some without a name or age), 12 posts (some without an author, a title
    /// or a score) and 4 tags on random posts.
    private static func seedDataset(
        _ context: ManagedObjectContext, _ random: inout SeededGenerator
    ) throws {
        let users = (0..<6).map { index in
            let user = context.insertNewObject(forEntityName: "User")
            if index != 5 { user.setValue(PredicateGenerator.names[index], forKey: "name") }
            if index != 4 {
                user.setValue(Int64.random(in: 18...42, using: &random), forKey: "age")
            }
            return user
        }
        let tags = ["swift", "SQL", "food", "søk"].map { name in
            let tag = context.insertNewObject(forEntityName: "Tag")
            tag.setValue(name, forKey: "name")
            return tag
        }
        for index in 0..<12 {
            let post = context.insertNewObject(forEntityName: "Post")
            if index % 5 != 4 {
                post.setValue(
                    PredicateGenerator.titles.randomElement(using: &random), forKey: "title")
            }
            if index % 6 != 5 {
                post.setValue(Double(Int.random(in: 0...10, using: &random)) / 2, forKey: "score")
            }
            post.setValue(Bool.random(using: &random), forKey: "isDraft")
            post.setValue(
                Date(timeIntervalSinceReferenceDate: Double(index % 4) * 86_400),
                forKey: "published")
            if index % 7 != 6 {
                post.setValue(users[Int.random(in: 0..<4, using: &random)], forKey: "author")
            }
            post.setValue(Set(tags.filter { _ in Bool.random(using: &random) }), forKey: "tags")
        }
        try context.save()
        context.reset()
    }
}
