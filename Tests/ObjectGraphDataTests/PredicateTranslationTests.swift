import Foundation
import ObjectGraph
import ObjectGraphData
import SQLiteDB
import Testing

/// Each `#Predicate` construct: the SQL it compiles to (from FROM on, values bound as
/// `?`), the bound values, and the rows, which equal `Predicate.evaluate`'s.
@Suite struct PredicateTranslationTests {
    struct Case: CustomTestStringConvertible, @unchecked Sendable {
        let name: String
        let predicate: Predicate<Note>
        let sql: String
        let arguments: [SQLArgument]
        let rows: [String]
        var testDescription: String { name }
    }

    static let ann = "ann"
    static let cases: [Case] =
        PredicateCases.comparisons + PredicateCases.optionals
        + PredicateCases.collections

    @Test(
        "#Predicate -> SQL, bound values and rows; the same rows by Predicate.evaluate",
        arguments: cases)
    func construct(_ testCase: Case) throws {
        let (container, log) = try DataFixtures.container()
        let context = ModelContext(container)
        try context.performAndWait {
            try DataFixtures.seed(context)
            log.clear()
            let fetched = try context.fetch(FetchDescriptor(predicate: testCase.predicate))
            let select = try #require(log.statements.first)
            let from = select.sql.components(separatedBy: " FROM ").dropFirst()
                .joined(separator: " FROM ")
            #expect(from == testCase.sql)
            #expect(select.arguments == testCase.arguments)
            #expect(DataFixtures.titles(fetched) == testCase.rows)
            let all = try context.fetch(FetchDescriptor<Note>())
            let evaluated = try all.filter { try testCase.predicate.evaluate($0) }
            #expect(DataFixtures.titles(evaluated) == testCase.rows)
        }
    }
}
