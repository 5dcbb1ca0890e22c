/// Checks a predicate against the model before the SQL compiler or the in-memory
/// evaluator runs it, so both paths refuse the same predicates with the same error,
/// whatever the data: an unknown key, a to-many without `ANY`, `ANY` without a to-many,
/// a constant of the wrong type, a `BETWEEN` without two bounds, an unbound variable.
///
/// The SQL path checks once per compiled scope; the evaluator checks before each
/// object, so even a predicate whose `AND` stops early, or an `ANY` over an empty
/// collection, fails as the fetch fails.
///
/// Cost: one model lookup per key of each key path; no object is read.
struct PredicateChecker {
    let model: ManagedObjectModel
    /// The entity the predicate is tested on.
    let root: Entity
    /// The `SUBQUERY` variable naming `root`'s object, inside a subquery.
    let variable: String?

    /// What one side of a comparison is, and how errors name it.
    struct Side {
        enum Kind {
            case attribute(AttributeType)
            case object(Entity)
            case constant(PredicateValue)
        }

        let kind: Kind
        /// The key path or expression as written; nil for a constant, whose text is made
        /// only when an error names it (a `SELF IN %@` list of 100 objects would
        /// otherwise describe every object ID on every check).
        private let name: String?

        /// How errors name the side.
        var keyPath: String {
            if let name { return name }
            if case .constant(let value) = kind { return value.description }
            return ""
        }

        /// A key path or expression side named `keyPath`.
        init(kind: Kind, keyPath: String) {
            self.kind = kind
            name = keyPath
        }

        /// A constant side, named by its value.
        init(constant value: PredicateValue) {
            kind = .constant(value)
            name = nil
        }
    }

    /// Checks every comparison of `node`, left to right.
    ///
    /// - Throws: ``FetchError``.
    func check(_ node: PredicateNode) throws {
        switch node {
        case .truePredicate, .falsePredicate: return
        case .not(let inner): try check(inner)
        case .and(let terms), .or(let terms): for term in terms { try check(term) }
        case .comparison(let comparison): try check(comparison)
        }
    }

    private func check(_ written: Comparison) throws {
        let comparison = written.resolved(from: root, in: model) ?? written
        guard comparison.modifier == .direct else { return try checkModified(comparison) }
        let lhs = try side(comparison.lhs)
        let rhs = try side(comparison.rhs)
        try checkTypes(lhs, comparison.op, rhs, comparison.options)
    }

    /// `ANY`, `ALL`, `NONE`: the key path must reach a to-many on its way.
    private func checkModified(_ comparison: Comparison) throws {
        let keyPath = try comparison.collectionKeyPath()
        let (kind, isCollection) = try resolve(keyPath, throughToMany: true)
        guard isCollection else {
            throw FetchError.modifierWithoutCollection(
                entity: root.name, keyPath: keyPath, modifier: comparison.modifier.rawValue)
        }
        let rhs = try side(comparison.rhs)
        try checkTypes(
            Side(kind: kind, keyPath: keyPath), comparison.op, rhs, comparison.options)
    }

    /// The side an expression is.
    func side(_ expression: PredicateExpression) throws -> Side {
        switch expression {
        case .constant(let value):
            return Side(constant: value)
        case .evaluatedObject:
            return Side(kind: .object(root), keyPath: "SELF")
        case .variable(let name):
            guard name == variable else { throw FetchError.unboundVariable(name) }
            return Side(kind: .object(root), keyPath: "SELF")
        case .keyPath(let keyPath):
            return Side(kind: try resolve(keyPath, throughToMany: false).0, keyPath: keyPath)
        case .aggregate(let function, let collection, let key):
            return try aggregate(function, of: collection, key: key)
        case .subquery(let collection, _, _):
            throw FetchError.unsupportedComparison("SUBQUERY(\(collection), …) without @count")
        case .arithmetic(let op, let lhs, let rhs):
            return try arithmetic(op, lhs, rhs, text: expression.text)
        case .list:
            throw FetchError.unboundVariable(expression.firstVariable ?? "")
        }
    }

    /// What a key path ends at, and whether it runs through a to-many (only allowed
    /// with `throughToMany`).
    func resolve(_ keyPath: String, throughToMany: Bool) throws -> (Side.Kind, Bool) {
        let keys = try localKeys(keyPath)
        var entity = root
        var isCollection = false
        for (index, key) in keys.enumerated() {
            let isLast = index == keys.count - 1
            // A composite's field is an attribute named by the rest of the path.
            if !isLast, entity.hasComposites,
                let field = entity.attribute(named: keys[index...].joined(separator: "."))
            {
                return (.attribute(field.type), isCollection)
            }
            switch entity.property(named: key) {
            case .attribute(let position) where isLast:
                return (.attribute(entity.attributes[position].type), isCollection)
            case .relationship(let position):
                let relationship = entity.relationships[position]
                if relationship.isToMany {
                    guard throughToMany else {
                        throw FetchError.toManyKeyPath(entity: root.name, keyPath: keyPath)
                    }
                    isCollection = true
                }
                entity = model.entity(id: relationship.destinationID)
            default:
                throw FetchError.unknownKeyPath(entity: root.name, keyPath: keyPath)
            }
        }
        return (.object(entity), isCollection)
    }

    /// The keys of a key path in this scope, a leading `$variable` (naming the scope's
    /// root) dropped.
    private func localKeys(_ keyPath: String) throws -> [String] {
        try PredicateExpression.localKeys(of: keyPath, variable: variable)
    }
}
