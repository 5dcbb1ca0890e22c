import Foundation
import Testing

@testable import ObjectGraph

/// `PredicateValue(_:)` converts a `%@` argument; the common arguments (an ID, an
/// object, a string, an integer) are tested first by their exact type (issue 34: an
/// ObjectID went through every failed cast of the other types), and that order must
/// give every argument the constant it had before.
@Suite struct FetchPredicateValueTests {
    @Test("an ID, an object, a string and an integer keep their constants")
    func commonArguments() throws {
        let container = try Fixtures.container()
        let context = container.newBackgroundContext()
        let (object, userID) = context.performAndWait {
            let user = context.insertNewObject(forEntityName: "User")
            return (PredicateValue(user), user.objectID)
        }
        let id = ObjectID(
            entity: Fixtures.social.entity(named: "User")!, primaryKey: 7, store: UUID())
        #expect(PredicateValue(id) == .object(id))
        #expect(object == .object(userID))
        #expect(PredicateValue("x") == .string("x"))
        #expect(PredicateValue(42) == .integer(42))
        #expect(PredicateValue(Int64.max) == .integer(.max))
        #expect(PredicateValue(true) == .bool(true))
        #expect(PredicateValue(1.5) == .double(1.5))
        #expect(PredicateValue(nil) == .null)
        #expect(PredicateValue(Optional<ObjectID>.some(id) as Any) == .object(id))
        #expect(PredicateValue(Substring("x") as Any) == nil)
    }

    @Test("lists of the common arguments convert element by element")
    func lists() throws {
        let id = ObjectID(
            entity: Fixtures.social.entity(named: "Post")!, primaryKey: 3, store: UUID())
        #expect(PredicateValue([id, id] as [Any]) == .list([.object(id), .object(id)]))
        #expect(PredicateValue(["a", 1] as [Any]) == .list([.string("a"), .integer(1)]))
        #expect(PredicateValue(Set([2, 1])) == .list([.integer(1), .integer(2)]))
    }

    @Test("SELF == %@ with an ID gives the predicate of its constant")
    func sameSQL() throws {
        let id = ObjectID(
            entity: Fixtures.social.entity(named: "User")!, primaryKey: 9, store: UUID())
        let byID = try FetchPredicate(format: "SELF == %@", id)
        let byValue = try FetchPredicate(format: "SELF == %@", PredicateValue.object(id))
        #expect(byID == byValue)
    }
}
