import Foundation
import ObjectGraph
import TestSupport
import Testing

/// The binary store against the SQLite and in-memory stores: the same dataset and the
/// same work give the same rows, the same SQL text and the same engine statistics
/// (statements, rows, faults, cache hits, VM steps) on all three; and the binary
/// store's file, reopened, holds what its memory held.
@Suite struct StoreParityTests {
    struct Outcome: Equatable {
        let rows: [String]
        let sql: [String]
        let statistics: EngineStatistics
    }

    @Test(
        "same rows, SQL and statistics on .sqlite, .inMemory and .binary",
        arguments: StoreParityCase.all)
    func parity(_ work: StoreParityCase) throws {
        var outcomes: [StoreKind: Outcome] = [:]
        for kind in StoreKind.allCases {
            let (outcome, directory, contents) = try Self.run(work, on: kind)
            outcomes[kind] = outcome
            if kind == .binary {
                #expect(try Self.contents(of: try Self.reopen(in: directory)) == contents)
            }
        }
        let sqlite = try #require(outcomes[.sqlite])
        #expect(!sqlite.rows.isEmpty && !sqlite.sql.isEmpty)
        #expect(outcomes[.inMemory] == sqlite)
        #expect(outcomes[.binary] == sqlite)
    }

    /// Runs `work` on a seeded store of `kind`; returns what it saw, the store's
    /// directory, and the store's contents afterwards. The container is released.
    private static func run(_ work: StoreParityCase, on kind: StoreKind) throws -> (
        Outcome, TemporaryDirectory, [String]
    ) {
        let store = try StoreUnderTest(kind)
        try StoreParityCase.seed(store.container)
        store.container.resetStatistics()
        store.log.clear()
        let rows = try inContext(store.container) { try work.run($0) }
        let outcome = Outcome(
            rows: rows, sql: store.log.sql, statistics: store.container.statistics)
        return (outcome, store.directory, try contents(of: store.container))
    }

    /// Every row of every entity and the many-to-many links, as sorted text.
    private static func contents(of container: PersistentContainer) throws -> [String] {
        let properties = [
            "User": ["objectID", "name", "age"],
            "Post": ["objectID", "title", "score", "published", "isDraft", "author"],
            "Tag": ["objectID", "name"],
        ]
        return try inContext(container) { context in
            let rows = try properties.flatMap { entity, keys in
                let request = FetchRequest(entityName: entity)
                request.propertiesToFetch = keys.map(FetchProperty.key)
                return try context.fetchDictionaries(request).map { row in
                    keys.map { "\($0)=\(row[$0] ?? "nil")" }.joined(separator: " ")
                }
            }
            let links = try context.fetch(FetchRequest(entityName: "Tag")).map { tag in
                let posts = (tag.value(forKey: "posts") as? Set<ManagedObject>) ?? []
                return "\(tag.value(forKey: "name") ?? "nil") "
                    + posts.map {
                        "\($0.value(forKey: "title") ?? "nil")"
                    }.sorted().joined(separator: ",")
            }
            return (rows + links).sorted()
        }
    }

    /// The binary store of a released ``StoreUnderTest``, opened again from its file.
    private static func reopen(in directory: TemporaryDirectory) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Reopened", model: Fixtures.social)
        container.persistentStoreDescriptions = [
            .binary(url: directory.url.appending(path: "s.store"))
        ]
        try container.loadPersistentStores()
        return container
    }
}
