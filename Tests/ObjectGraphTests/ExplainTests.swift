import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing

/// `PersistentContainer.explain(_:reading:)`: the statements a fetch and its reads run
/// (Core Data's counts: one SELECT for a fetch with property values, 1 + ⌈N/B⌉ for N
/// results read in batches of B, as coredata-reference.md section 3 gives), and the
/// plan of each distinct SELECT, made on a side connection the store never sees.
@Suite struct ExplainTests {
    /// A file store of 5 users with 4 posts each (scores 0 to 3).
    static func store(in directory: TemporaryDirectory) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Explain", model: Fixtures.social)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: directory.url.appendingPathComponent("s.sqlite"))
        ]
        container.sqlDebugLog = nil
        try container.loadPersistentStores()
        try Fixtures.seed(container, users: 5, posts: 4)
        return container
    }

    @Test("a fetch with values: one SELECT, its binds and rows; a full scan and a sort planned")
    func oneSelect() throws {
        let directory = try TemporaryDirectory()
        let container = try Self.store(in: directory)
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "score > 1")
        request.sortDescriptors = [SortKey("title")]
        let explanation = try container.explain(request, reading: 100)
        #expect(explanation.resultsRead == 10)
        #expect(explanation.statements.count == 1 && explanation.selectCount == 1)
        let select = try #require(explanation.statements.first)
        #expect(select.sql.hasPrefix("SELECT ") && select.sql.contains("ORDER BY t0.ZTITLE"))
        #expect(select.arguments.count == 1 && select.rowsReturned == 10)
        let planned = try #require(explanation.plans.first)
        #expect(explanation.plans.count == 1 && planned.sql == select.sql)
        #expect(planned.plan.fullScans.map(\.detail) == ["SCAN t0"])
        #expect(planned.plan.tempBTrees.map(\.detail) == ["USE TEMP B-TREE FOR ORDER BY"])
        #expect(container.statistics.statementCount == 1)
    }

    @Test(
        "batches of 4, 6 results read: 1 + 2 SELECTs of whole batches, two distinct, the key list no full scan"
    )
    func batches() throws {
        let directory = try TemporaryDirectory()
        let container = try Self.store(in: directory)
        let request = FetchRequest(entityName: "Post")
        request.predicate = try FetchPredicate(format: "score >= 0")
        request.fetchBatchSize = 4
        let explanation = try container.explain(request, reading: 6)
        #expect(explanation.resultsRead == 6)
        #expect(explanation.statements.map(\.rowsReturned) == [20, 4, 4])
        #expect(explanation.plans.count == 2)
        let batch = try #require(explanation.plans.last)
        #expect(batch.sql.contains("_Z_intarray0"))
        #expect(batch.plan.rows.contains { $0.detail.hasPrefix("SCAN _Z_intarray0 VIRTUAL TABLE") })
        #expect(batch.plan.fullScans.isEmpty)
    }

    @Test("only the results asked for are read")
    func limit() throws {
        let directory = try TemporaryDirectory()
        let container = try Self.store(in: directory)
        let request = FetchRequest(entityName: "User")
        request.includesPropertyValues = false
        let explanation = try container.explain(request, reading: 2)
        #expect(explanation.resultsRead == 2)
        #expect(explanation.statements.count == 3)
    }

    @Test("an in-memory store cannot be planned on a side connection: a clear error")
    func inMemory() throws {
        let container = try Fixtures.container()
        #expect(throws: ExplainError.needsSQLiteFile(.inMemory)) {
            try container.explain(FetchRequest(entityName: "Post"), reading: 1)
        }
        #expect(
            "\(ExplainError.needsSQLiteFile(.binary))"
                == "explaining a fetch needs an SQLite store file, and this store is binary; "
                + "open the store as .sqlite")
    }
}
