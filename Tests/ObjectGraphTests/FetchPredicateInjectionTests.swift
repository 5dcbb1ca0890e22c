import Foundation
import ObjectGraph
import Testing

/// Hostile strings go through every operator as data: each is bound, never spliced into
/// the SQL, and matches exactly the row that holds it.
@Suite struct FetchPredicateInjectionTests {
    static let hostile = [
        "'; DROP TABLE ZUSER; --",
        "\" OR 1=1 --",
        "x') OR ('1'='1",
        "%_*?\\ ; SELECT * FROM Z_METADATA",
        "Robert'); DELETE FROM ZPOST WHERE ('a' = 'a",
    ]

    static let formats = [
        "name == %@", "name ==[cd] %@", "name != %@", "name < %@", "name <= %@", "name > %@",
        "name >= %@", "name BETWEEN {%@, %@}", "name IN {%@}", "name IN %@", "name BEGINSWITH %@",
        "name ENDSWITH[c] %@", "name CONTAINS %@", "name LIKE %@", "name MATCHES %@",
        "ANY posts.title == %@", "ALL posts.title == %@", "NONE posts.title != %@",
        "SUBQUERY(posts, $p, $p.title CONTAINS[cd] %@).@count > 0", "%@ IN posts.title",
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        let format: String
        let text: String
        var testDescription: String { "\(format) with \(text)" }
    }

    static let cases = formats.flatMap { format in hostile.map { Case(format: format, text: $0) } }

    @Test("hostile strings are matched as data by every operator", arguments: cases)
    func hostileString(_ testCase: Case) throws {
        let log = LogLines()
        let container = try Fixtures.container(log: log)
        try inContext(container) { context in
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue(testCase.text, forKey: "name")
            let post = context.insertNewObject(forEntityName: "Post")
            post.setValue(testCase.text, forKey: "title")
            post.setValue(user, forKey: "author")
            context.insertNewObject(forEntityName: "User").setValue("other", forKey: "name")
            try context.save()
            context.reset()
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(
                format: testCase.format, argumentArray: arguments(testCase))
            log.clear()
            let names = try context.fetch(request).compactMap {
                $0.value(forKey: "name") as? String
            }
            #expect(Set(names) == expected(testCase))
            #expect(log.sql.allSatisfy { !$0.contains(testCase.text) })
            #expect(try context.count(for: FetchRequest(entityName: "User")) == 2)
            #expect(try context.count(for: FetchRequest(entityName: "Post")) == 1)
        }
    }

    @Test("a hostile %K key path is looked up in the model, never spliced", arguments: hostile)
    func hostileKeyPath(_ text: String) throws {
        let container = try Fixtures.container()
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.predicate = try FetchPredicate(format: "%K == 'x'", text)
            #expect(throws: FetchError.self) { try context.fetch(request) }
            #expect(try context.count(for: FetchRequest(entityName: "User")) == 0)
        }
    }

    private func arguments(_ testCase: Case) -> [Any?] {
        if testCase.format.contains("{%@, %@}") { return [testCase.text, testCase.text] }
        if testCase.format == "name IN %@" { return [[testCase.text]] }
        return [testCase.text]
    }

    /// What the operator selects when the hostile string is plain data: the rows whose
    /// name compares as the operator says (byte order for `<` and `>`), the row itself
    /// for MATCHES when the text, read as a regular expression, matches itself.
    private func expected(_ testCase: Case) -> Set<String> {
        let text = testCase.text
        let otherIsLess = Array("other".utf8).lexicographicallyPrecedes(Array(text.utf8))
        switch testCase.format {
        case "name != %@": return ["other"]
        case "name < %@": return otherIsLess ? ["other"] : []
        case "name <= %@": return otherIsLess ? [text, "other"] : [text]
        case "name > %@": return otherIsLess ? [] : ["other"]
        case "name >= %@": return otherIsLess ? [text] : [text, "other"]
        case "NONE posts.title != %@", "ALL posts.title == %@": return [text, "other"]
        case "name MATCHES %@":
            let regex = try? NSRegularExpression(pattern: "^(?:" + text + ")$")
            let range = NSRange(text.startIndex..., in: text)
            return regex?.firstMatch(in: text, range: range) == nil ? [] : [text]
        default: return [text]
        }
    }
}
