import Foundation
import ObjectGraph
import Testing

/// The binary store against the SQLite and in-memory stores: the same dataset and the
/// same work give the same rows, the same SQL text and the same engine statistics
/// (statements, rows, faults, cache hits, VM steps) on all three.
@Suite struct StoreParityTests {
    struct Outcome: Equatable {
        let rows: [String]
        let sql: [String]
        let statistics: EngineStatistics
    }

    @Test("same rows, SQL and statistics on .sqlite, .inMemory and .binary",
        arguments: StoreParityCase.all)
    func parity(_ work: StoreParityCase) throws {
        var outcomes: [StoreKind: Outcome] = [:]
        for kind in StoreKind.allCases {
            let store = try StoreUnderTest(kind)
            try StoreParityCase.seed(store.container)
            store.container.resetStatistics()
            store.log.clear()
            let rows = try inContext(store.container) { try work.run($0) }
            outcomes[kind] = Outcome(
                rows: rows, sql: store.log.sql, statistics: store.container.statistics)
        }
        let sqlite = try #require(outcomes[.sqlite])
        #expect(!sqlite.rows.isEmpty && !sqlite.sql.isEmpty)
        #expect(outcomes[.inMemory] == sqlite)
        #expect(outcomes[.binary] == sqlite)
    }
}
