import Foundation
import ObjectGraph
import ObjectGraphData
import Testing

/// String sorts (issue 33, item 8). SwiftData: `SortDescriptor(\.name)` on a String key
/// path compares with `String.StandardComparator.localizedStandard` by default
/// (https://developer.apple.com/documentation/foundation/sortdescriptor/init(_:comparator:order:)-3ws3n,
/// whose `comparator` defaults to `.localizedStandard`), the Finder-like order of
/// `localizedStandardCompare(_:)`
/// (https://developer.apple.com/documentation/foundation/nsstring/localizedstandardcompare(_:):
/// "the way the Finder sorts"). Core Data's SQL for that selector is
/// `COLLATE NSCollateFinderlike` (coredata-reference.md §2.1); a plain sort descriptor
/// (`compare:`) adds no collation (binary order).
@Suite struct StringSortTests {
    private static let names = ["Trip 10", "cherry", "apple", "Trip 9", "Banana"]
    private static let finderlike = ["apple", "Banana", "cherry", "Trip 9", "Trip 10"]
    private static let binary = ["Banana", "Trip 10", "Trip 9", "apple", "cherry"]

    private func seeded() throws -> (ModelContainer, StatementLog, ModelContext) {
        let (container, log) = try DataFixtures.container()
        let context = ModelContext(container)
        try context.performAndWait {
            for name in Self.names {
                let writer = Writer(context: context.managedObjectContext)
                writer.name = name
            }
            try context.save()
        }
        return (container, log, context)
    }

    @Test("SortDescriptor(\\.name) sorts Finder-like, in SQL, with Core Data's collation")
    func swiftDataDefault() throws {
        let (_, log, context) = try seeded()
        try context.performAndWait {
            log.clear()
            let writers = try context.fetch(
                FetchDescriptor<Writer>(sortBy: [SortDescriptor(\.name)]))
            #expect(writers.map(\.name) == Self.finderlike)
            let select = try #require(log.sql.first { $0.hasPrefix("SELECT") })
            #expect(select.hasSuffix("ORDER BY t0.ZNAME COLLATE NSCollateFinderlike"))
            let reversed = try context.fetch(
                FetchDescriptor<Writer>(sortBy: [SortDescriptor(\.name, order: .reverse)]))
            #expect(reversed.map(\.name) == Self.finderlike.reversed())
        }
    }

    @Test("comparator: .lexical keeps the binary order and no collation")
    func lexical() throws {
        let (_, log, context) = try seeded()
        try context.performAndWait {
            log.clear()
            let writers = try context.fetch(
                FetchDescriptor<Writer>(sortBy: [SortDescriptor(\.name, comparator: .lexical)]))
            #expect(writers.map(\.name) == Self.binary)
            let select = try #require(log.sql.first { $0.hasPrefix("SELECT") })
            #expect(select.hasSuffix("ORDER BY t0.ZNAME"))
        }
    }

    @Test("SortKey comparison .localizedStandard orders SQL, pending inserts and a Query alike")
    func coreDataLayer() throws {
        let (_, _, context) = try seeded()
        try context.performAndWait {
            let plain = FetchRequest<Writer>()
            plain.sortDescriptors = [SortKey(\Writer.name)]
            #expect(try context.managedObjectContext.fetch(plain).map(\.name) == Self.binary)
            let finder = FetchRequest<Writer>()
            finder.sortDescriptors = [SortKey(\Writer.name, comparison: .localizedStandard)]
            // An unsaved insert is sorted in memory with the same comparison.
            let pending = Writer(context: context.managedObjectContext)
            pending.name = "banana 2"
            #expect(
                try context.managedObjectContext.fetch(finder).map(\.name)
                    == ["apple", "Banana", "banana 2", "cherry", "Trip 9", "Trip 10"])
            let query = try Query(
                FetchDescriptor<Writer>(sortBy: [SortDescriptor(\.name)]), modelContext: context)
            #expect(
                query.results.map(\.name)
                    == ["apple", "Banana", "banana 2", "cherry", "Trip 9", "Trip 10"])
            pending.name = "Trip 11"
            context.processPendingChanges()
            #expect(query.results.map(\.name).suffix(3) == ["Trip 9", "Trip 10", "Trip 11"])
        }
    }
}
