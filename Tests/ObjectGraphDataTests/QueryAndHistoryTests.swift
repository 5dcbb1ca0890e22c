import Foundation
import ObjectGraph
import ObjectGraphData
import Testing

/// The headless `@Query` and history fetching.
@Suite struct QueryAndHistoryTests {
    @Test("a Query follows saves: an insert that matches appears in order, no refetch")
    func queryFollowsSaves() throws {
        let (container, log) = try DataFixtures.container()
        let context = ModelContext(container)
        try context.performAndWait {
            try DataFixtures.seed(context)
            let query = try Query(
                FetchDescriptor<Note>(
                    predicate: #Predicate { $0.score >= 20 }, sortBy: [SortDescriptor(\.score)]),
                modelContext: context)
            #expect(query.results.map(\.score) == [20, 30, 40])
            var changes = 0
            query.onChange = { _ in changes += 1 }
            let note = Note(modelContext: context)
            note.score = 25
            let low = Note(modelContext: context)
            low.score = 1
            log.clear()
            try context.save()
            #expect(changes == 1)
            #expect(query.results.map(\.score) == [20, 25, 30, 40])
            #expect(query.count == 4)
            // The save reserves keys (Z_PRIMARYKEY); nothing reads ZNOTE again.
            let selects = log.sql.filter { $0.hasPrefix("SELECT") && $0.contains("ZNOTE") }
            #expect(selects.isEmpty, "\(selects)")
        }
    }

    @Test("a Query without a sort descriptor is refused by the controller")
    func queryNeedsSort() throws {
        let (container, _) = try DataFixtures.container()
        let context = ModelContext(container)
        _ = context.performAndWait {
            #expect(throws: FetchedResultsError.self) {
                try Query(FetchDescriptor<Note>(), modelContext: context)
            }
        }
    }

    @Test("fetchHistory returns each save's transaction after a token; deleteHistory prunes")
    func history() throws {
        let (container, _) = try DataFixtures.container(historyTracking: true)
        let context = ModelContext(container)
        try context.performAndWait {
            try DataFixtures.seed(context)
            let first = try context.fetchHistory(HistoryDescriptor())
            #expect(first.count == 1)
            #expect(first[0].changes.count == 9)
            let note = Note(modelContext: context)
            note.title = "later"
            try context.save()
            let after = try context.fetchHistory(HistoryDescriptor(after: first[0].token))
            #expect(after.count == 1)
            #expect(after[0].changes.map(\.changeType) == [.insert])
            #expect(try context.deleteHistory(HistoryDescriptor(after: after[0].token)) == 1)
            #expect(try context.fetchHistory(HistoryDescriptor()).count == 1)
        }
    }
}
