import Foundation
import ObjectGraph
import ObjectGraphData
import Testing

/// Expressions with no SQL form are errors naming the expression, never in-memory
/// filters.
@Suite struct PredicateTranslationErrorTests {
    @Test("integer division is refused: SQL divides in floating point, Swift truncates")
    func integerDivision() throws {
        let descriptor = FetchDescriptor(predicate: #Predicate<Note> { $0.score / 20 == 1 })
        let error = try #require(throws: PredicateTranslationError.self) {
            try descriptor.makeFetchRequest()
        }
        #expect(
            error.description
                == "#Predicate<Note>: IntDivision<KeyPath<Variable<Note>, Int64>, Value<Int64>> "
                + "has no SQL translation (SQL divides integers in floating point; Swift "
                + "truncates. Divide Doubles); rewrite the predicate, or fetch and filter in "
                + "memory explicitly")
    }

    @Test("a remainder has no SQL translation, named with its type")
    func remainder() throws {
        let descriptor = FetchDescriptor(predicate: #Predicate<Note> { $0.score % 2 == 0 })
        let error = try #require(throws: PredicateTranslationError.self) {
            try descriptor.makeFetchRequest()
        }
        guard case .unsupportedExpression(let expression, let model, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(expression == "IntRemainder<KeyPath<Variable<Note>, Int64>, Value<Int64>>")
        #expect(model == "Note")
    }

    @Test("a computed property that reads no stored property is an unsupported key path")
    func computedProperty() throws {
        let descriptor = FetchDescriptor(predicate: #Predicate<Note> { $0.kind == "note" })
        let error = try #require(throws: PredicateTranslationError.self) {
            try descriptor.makeFetchRequest()
        }
        guard case .unsupportedKeyPath(_, let model) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(model == "Note")
    }

    @Test("String.count is not a to-many count: refused, not guessed")
    func stringCount() throws {
        let descriptor = FetchDescriptor(
            predicate: #Predicate<Note> { ($0.title ?? "").count > 3 })
        #expect(throws: PredicateTranslationError.self) { try descriptor.makeFetchRequest() }
    }

    @Test("a fetch with an unsupported predicate throws and runs no SQL")
    func fetchThrowsWithoutSQL() throws {
        let (container, log) = try DataFixtures.container()
        let context = ModelContext(container)
        try context.performAndWait {
            try DataFixtures.seed(context)
            log.clear()
            #expect(throws: PredicateTranslationError.self) {
                try context.fetch(
                    FetchDescriptor(predicate: #Predicate<Note> { $0.score % 2 == 0 }))
            }
            #expect(log.sql.isEmpty)
        }
    }
}
