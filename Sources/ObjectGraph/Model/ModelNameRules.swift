/// The naming rules Xcode's model editor enforces, applied to every entity, property
/// and fetch index before anything else is resolved, so that every table, column and
/// index name derived from them is a plain SQL name (`ZBLOGPOST`, `ZTITLE`) and no
/// statement ever needs a quoted name.
///
/// - Entity names start with an uppercase ASCII letter; attribute and relationship
///   names with a lowercase one; fetch index names with a letter. After the first
///   character: ASCII letters, digits and underscores only.
/// - A property may not take a name the object itself answers to
///   (``reservedPropertyNames``): Core Data refuses names of no-parameter methods of
///   `NSObject` and `NSManagedObject`.
///
/// Related: https://developer.apple.com/documentation/coredata/nspropertydescription/name
enum ModelNameRules {
    /// Names of the object's own members that key-value access would shadow.
    static let reservedPropertyNames: Set<String> = [
        "class", "debugDescription", "description", "hash", "self", "superclass",
        "changedValues", "committedValues", "entity", "faultingState", "hasChanges",
        "isDeleted", "isFault", "isInserted", "isUpdated", "managedObjectContext", "objectID",
    ]

    /// Every naming mistake in `entities`, entities in name order.
    static func errors(in entities: [EntityDescription]) -> [ModelError] {
        entities.sorted { $0.name < $1.name }.flatMap(errors(in:))
    }

    private static func errors(in entity: EntityDescription) -> [ModelError] {
        var errors: [ModelError] = []
        if let reason = problem(with: entity.name, firstCase: .upper) {
            errors.append(.invalidEntityName(entity: entity.name, reason: reason))
        }
        let properties = entity.attributes.map(\.name) + entity.relationships.map(\.name)
        for property in properties {
            if let reason = propertyProblem(property) {
                errors.append(
                    .invalidPropertyName(entity: entity.name, property: property, reason: reason))
            }
        }
        for index in entity.indexes {
            if let reason = problem(with: index.name, firstCase: .any) {
                errors.append(
                    .invalidIndexName(entity: entity.name, index: index.name, reason: reason))
            }
        }
        return errors
    }

    private static func propertyProblem(_ name: String) -> String? {
        if let reason = problem(with: name, firstCase: .lower) { return reason }
        guard reservedPropertyNames.contains(name) else { return nil }
        return "is reserved: a managed object already answers to \"\(name)\""
    }

    private enum FirstCase {
        case upper, lower, any
    }

    /// What breaks the rules in `name`, nil when it follows them.
    private static func problem(with name: String, firstCase: FirstCase) -> String? {
        guard let first = name.unicodeScalars.first else { return "is empty" }
        switch firstCase {
        case .upper where !("A"..."Z").contains(first):
            return "must start with an uppercase letter (A-Z), not \(quoted(first))"
        case .lower where !("a"..."z").contains(first):
            return "must start with a lowercase letter (a-z), not \(quoted(first))"
        case .any where !isLetter(first):
            return "must start with a letter, not \(quoted(first))"
        default: break
        }
        guard
            let bad = name.unicodeScalars.first(where: { !isLetter($0) && !isDigitOrUnderscore($0) }
            )
        else { return nil }
        return "contains \(quoted(bad)); only letters, digits and underscores are allowed"
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigitOrUnderscore(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || scalar == "_"
    }

    private static func quoted(_ scalar: Unicode.Scalar) -> String {
        scalar == " " ? "a space" : "'\(scalar.escaped(asASCII: true))'"
    }
}
