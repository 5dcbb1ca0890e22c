import Foundation
import ObjectGraph
import ObjectGraphData
import Testing

/// For random predicates (seeded), the objects SQL selects are the objects
/// `Predicate.evaluate` accepts, over a random store of notes.
@Suite struct PredicatePropertyTests {
    @Test("SQL results == Predicate.evaluate for 300 random predicates", arguments: [1, 2, 3])
    func sqlMatchesEvaluate(seed: UInt64) throws {
        let (container, _) = try DataFixtures.container()
        let context = ModelContext(container)
        try context.performAndWait {
            var generator = SplitMix64(state: seed)
            try Self.seedRandomNotes(context, &generator)
            let all = try context.fetch(FetchDescriptor<Note>())
            var random = RandomPredicates(generator: generator)
            var selective = 0
            for _ in 0..<100 {
                let (predicate, description) = random.predicate(depth: 3)
                let fetched = Set(try context.fetch(FetchDescriptor(predicate: predicate)))
                let evaluated = Set(try all.filter { try predicate.evaluate($0) })
                #expect(
                    fetched == evaluated,
                    "seed \(seed): \(description): SQL \(fetched.count), evaluate \(evaluated.count)"
                )
                if !evaluated.isEmpty && evaluated.count < all.count { selective += 1 }
            }
            // The generator is not trivial: most predicates select some notes, not all.
            #expect(selective > 50, "only \(selective) of 100 predicates were selective")
        }
    }

    /// 60 notes with random scores, ratings, drafts, titles (some nil), authors (some
    /// nil) and labels, over three writers (one unnamed) and three labels.
    static func seedRandomNotes(_ context: ModelContext, _ generator: inout SplitMix64) throws {
        let writers: [Writer?] = [
            writer(context, "ann"), writer(context, "bob"), writer(context, nil), nil,
        ]
        let labels = ["ann", "bob", "cy"].map { name in
            let label = Label(modelContext: context)
            label.name = name
            return label
        }
        let titles: [String?] = ["alpha", "beta", "t1", "x", nil, "ab"]
        for _ in 0..<60 {
            let note = Note(modelContext: context)
            note.score = Int64(generator.next() % 50)
            note.rating = Double(generator.next() % 50) / 10
            note.isDraft = generator.next() % 2 == 0
            note.title = titles[Int(generator.next() % UInt64(titles.count))]
            note.author = writers[Int(generator.next() % UInt64(writers.count))]
            note.labels = Set(labels.filter { _ in generator.next() % 2 == 0 })
        }
        try context.save()
    }

    private static func writer(_ context: ModelContext, _ name: String?) -> Writer {
        let writer = Writer(modelContext: context)
        writer.name = name
        return writer
    }
}
