import Foundation
import ObjectGraph
import Testing

/// The in-memory evaluator gives the SQL's answer: thousands of generated predicates
/// over a small random dataset select the same objects both ways. Seeded, so a failure
/// names the seed and format to replay.
@Suite struct FetchPredicatePropertyTests {
    static let seeds: [UInt64] = [0xFA17, 0x5EED_0002]
    static let casesPerSeed = 2_600

    @Test("SQL result == in-memory result for generated predicates", arguments: seeds)
    func sqlMatchesMemory(seed: UInt64) throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            var random = SeededGenerator(seed: seed)
            try Self.seedDataset(context, &random)
            let all = try ["User", "Post", "Tag"].map { entity in
                (entity, try context.fetch(FetchRequest(entityName: entity)))
            }
            var generator = PredicateGenerator(random: random)
            var mismatches: [String] = []
            for index in 0..<Self.casesPerSeed {
                let (entity, objects) = all[index % all.count]
                let format = generator.predicate(on: entity)
                let predicate = try FetchPredicate(format: format)
                let request = FetchRequest(entityName: entity)
                request.predicate = predicate
                let fromSQL = Set(try context.fetch(request).map(\.objectID))
                let inMemory = Set(
                    try objects.filter { try predicate.evaluate(with: $0) }.map(\.objectID))
                if fromSQL != inMemory { mismatches.append("\(entity): \(format)") }
            }
            #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.prefix(5))")
        }
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
