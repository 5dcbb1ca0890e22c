import Foundation
import ObjectGraph
import Testing

/// The conformance table: every row is fetched through SQL from a saved store and
/// evaluated in memory (`evaluate(with:)`) on the same dataset inserted but not saved;
/// both must select the row's objects, or both fail with its error.
@Suite struct FetchPredicateConformanceTests {
    static let cases: [ConformanceCase] =
        ConformanceTable.nulls + ConformanceTable.strings + ConformanceTable.collections
        + ConformanceTable.modifiers + ConformanceTable.types + ConformanceTable.arithmetic
        + ConformanceTable.language

    @Test("the table has at least 300 rows and covers every rule")
    func coverage() {
        #expect(Self.cases.count >= 300)
        #expect(Set(Self.cases.map(\.rule)) == Set(PredicateRule.allCases))
    }

    @Test("every rule is written in docs/PREDICATES.md with its source")
    func documented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/PREDICATES.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for rule in PredicateRule.allCases {
            #expect(text.contains("**\(rule.rawValue)**"), "\(rule.rawValue) is not documented")
        }
    }

    @Test("SQL and memory give the table's answer", arguments: cases)
    func conforms(_ row: ConformanceCase) throws {
        let predicate = try FetchPredicate(format: row.format, argumentArray: row.arguments)
            .withSubstitutionVariables(row.variables)
        let fromSQL = Result { try fetched(row, predicate) }
        let inMemory = Result { try evaluated(row, predicate) }
        switch row.outcome {
        case .names(let names):
            #expect(try fromSQL.get() == names.sorted(), "SQL")
            #expect(try inMemory.get() == names.sorted(), "memory")
        case .error(let error):
            #expect(throws: error) { try fromSQL.get() }
            #expect(throws: error) { try inMemory.get() }
        }
    }

    private func fetched(_ row: ConformanceCase, _ predicate: FetchPredicate) throws -> [String] {
        let container = try Fixtures.container()
        return try inContext(container) { context in
            _ = row.dataset.insert(into: context)
            try context.save()
            context.reset()
            let request = FetchRequest(entityName: row.entity)
            request.predicate = predicate
            return try context.fetch(request).map(PredicateFixtures.label).sorted()
        }
    }

    private func evaluated(_ row: ConformanceCase, _ predicate: FetchPredicate) throws
        -> [String]
    {
        let container = try Fixtures.container()
        return try inContext(container) { context in
            let objects = row.dataset.insert(into: context).filter {
                $0.entityName == row.entity
            }
            return try objects.filter { try predicate.evaluate(with: $0) }
                .map(PredicateFixtures.label).sorted()
        }
    }
}
