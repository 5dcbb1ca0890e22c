import Foundation
import Testing

@testable import ObjectGraph

/// `MATCHES` with catastrophic backtracking (issue 32, item 5): `(.*a){25}x` on a value
/// of 30 `a`s would run for hours; each path gives up after its step budget with
/// ``FetchError/matchBudgetExceeded(pattern:valueLength:)``, in SQL and in memory.
@Suite struct MatchesBudgetTests {
    static let pattern = "(.*a){25}x"
    static let value = String(repeating: "a", count: 30)
    static let message =
        "fetch: MATCHES '(.*a){25}x' gave up after 5,000,000 steps on a value of 30 characters "
        + "(catastrophic backtracking); rewrite the expression without nested repetition such "
        + "as (.*a){25}"

    @Test("the matcher throws the budget error, and says so in one line")
    func matcher() {
        #expect(throws: FetchError.matchBudgetExceeded(pattern: Self.pattern, valueLength: 30)) {
            try StringMatching.matches(Self.value, Self.pattern, .matches, [])
        }
        #expect(
            "\(FetchError.matchBudgetExceeded(pattern: Self.pattern, valueLength: 30))"
                == Self.message)
    }

    @Test("linear expressions on long values stay well inside the budget")
    func linear() throws {
        let long = String(repeating: "ab", count: 100_000)
        #expect(try StringMatching.matches(long, "(ab)*", .matches, []))
        #expect(try StringMatching.matches(long, "a.*b", .matches, []))
        #expect(try !StringMatching.matches(long, "(ab)*c", .matches, []))
        #expect(try StringMatching.matches("Straße", "STRASSE|stra.e", .matches, .caseInsensitive))
    }

    @Test("the in-memory evaluator (pending changes) throws it")
    func inMemory() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            context.insertNewObject(forEntityName: "User").setValue(Self.value, forKey: "name")
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(format: "name MATCHES %@", Self.pattern)
            #expect(
                throws: FetchError.matchBudgetExceeded(pattern: Self.pattern, valueLength: 30)
            ) { try context.fetch(request) }
        }
    }

    @Test("a fetch in SQL fails with the budget message, and the context stays usable")
    func inSQL() throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            context.insertNewObject(forEntityName: "User").setValue(Self.value, forKey: "name")
            context.insertNewObject(forEntityName: "User").setValue("b", forKey: "name")
            try context.save()
            context.reset()
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(format: "name MATCHES %@", Self.pattern)
            do {
                _ = try context.fetch(request)
                Issue.record("the fetch returned")
            } catch {
                #expect("\(error)".contains(Self.message), "\(error)")
            }
            request.predicate = try FetchPredicate(format: "name MATCHES 'b'")
            #expect(try context.fetch(request).count == 1)
        }
    }
}
