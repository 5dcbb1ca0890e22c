import DurableFiles

/// A fetch request that cannot be run against its model.
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request names no entity of the model.
    case unknownEntity(String)
    /// A key path in the predicate or a sort key names no property.
    case unknownKeyPath(entity: String, keyPath: String)
    /// A key path goes through a to-many (which needs ANY/ALL or `@count`).
    case toManyKeyPath(entity: String, keyPath: String)
    /// A constant does not have the type of the key path it is compared with.
    case typeMismatch(entity: String, keyPath: String, expected: String, actual: String)
    /// A comparison the core predicate compiler does not support.
    case unsupportedComparison(String)
    /// A collection operator (`@count`, `@sum`…), `SUBQUERY` or `ANY` applied to a key
    /// path that ends at a to-one or an attribute instead of a to-many.
    case aggregateOnToOne(entity: String, keyPath: String)
    /// A `$variable` that was neither substituted nor bound by a `SUBQUERY`.
    case unboundVariable(String)
    /// `ANY`, `ALL` or `NONE` on a key path with no to-many relationship on the way:
    /// there is no collection to combine, as NSPredicate's "The left hand side for an
    /// ALL or ANY operator must be either an NSArray or an NSSet" says.
    case modifierWithoutCollection(entity: String, keyPath: String, modifier: String)
    /// A typed request (`Post.fetchRequest()`) whose class no entity registers.
    case unregisteredClass(String)
    /// A typed request whose class several entities register: name the entity.
    case ambiguousClass(String, entities: [String])
    /// A typed request for an entity whose objects are not of the requested class.
    case resultClassMismatch(entity: String, objectClass: String, requested: String)
    /// A `MATCHES` regular expression took more than its step budget on one value
    /// (5,000,000 matcher steps): nested repetition such as `(.*a){25}`
    /// backtracks exponentially, and would otherwise never return.
    case matchBudgetExceeded(pattern: String, valueLength: Int)

    /// One line: what is wrong and where.
    public var description: String {
        switch self {
        case .unknownEntity(let name):
            return "fetch: \"\(name)\" is not an entity of the model; use a name from "
                + "the model's entitiesByName (names are case-sensitive)"
        case .unknownKeyPath(let entity, let keyPath):
            return "fetch: entity \(entity) has no key path \"\(keyPath)\"; use a property "
                + "of \(entity), or a path through its to-one relationships (names are "
                + "case-sensitive)"
        case .toManyKeyPath(let entity, let keyPath):
            return "fetch: key path \"\(keyPath)\" of entity \(entity) goes through a "
                + "to-many relationship; compare with ANY, ALL or NONE, use SUBQUERY, or "
                + "count it with @count"
        case .typeMismatch(let entity, let keyPath, let expected, let actual):
            return "fetch: key path \"\(keyPath)\" of entity \(entity) is compared with "
                + "\(actual), expected \(expected); pass a value of that type"
        case .unsupportedComparison(let text):
            return "fetch: unsupported comparison \(text); rewrite it with the operators "
                + "docs/PREDICATES.md lists"
        case .aggregateOnToOne(let entity, let keyPath):
            return "fetch: key path \"\(keyPath)\" of entity \(entity) is not a to-many "
                + "relationship, so it has no collection to count or aggregate; apply the "
                + "operator to a to-many relationship"
        case .modifierWithoutCollection(let entity, let keyPath, let modifier):
            return "fetch: \(modifier) needs a collection, but key path \"\(keyPath)\" of "
                + "entity \(entity) has no to-many relationship; drop \(modifier) or go "
                + "through a to-many relationship"
        case .unregisteredClass(let name):
            return "fetch: no entity of the model has class \(name); set managedObjectClass "
                + "on its EntityDescription"
        case .ambiguousClass(let name, let entities):
            return "fetch: class \(name) is the class of entities "
                + "\(entities.joined(separator: ", ")); use FetchRequest<\(name)>(entityName:)"
        case .resultClassMismatch(let entity, let objectClass, let requested):
            return "fetch: entity \(entity) makes \(objectClass) objects, which are not "
                + "\(requested); request FetchRequest<\(objectClass)> or a superclass"
        case .unboundVariable(let name):
            return "fetch: variable $\(name) has no value; substitute it with "
                + "withSubstitutionVariables(_:)"
        case .matchBudgetExceeded(let pattern, let valueLength):
            return "fetch: MATCHES '\(ControlCharacters.escaped(pattern))' gave up after "
                + "\(StringMatching.regexStepBudgetText) steps on a value of "
                + "\(valueLength) characters (catastrophic backtracking); rewrite the "
                + "expression without nested repetition such as (.*a){25}"
        }
    }
}
