import SQLiteDB

/// Resolves the key paths of one fetch to qualified columns, adding one JOIN per to-one
/// hop: `author.name` on `Post` becomes `t1.ZNAME` with
/// `JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK`.
///
/// Aliases are numbered in order of first use, so the same request always produces
/// the same SQL text. Joins a predicate needs are inner joins (as Core Data's); joins
/// only a sort key needs are left outer joins, so objects with a nil to-one still come
/// back.
struct JoinPlanner {
    /// What a key path ends at.
    enum Target {
        case attribute(ResolvedAttribute)
        case toOne(ResolvedRelationship, destination: Entity)
    }

    /// A resolved key path.
    struct Column {
        /// `t1.ZNAME`.
        let sql: SQL
        /// What it holds.
        let target: Target
    }

    private struct Join {
        let path: String
        let alias: SQLName
        let table: SQLName
        let condition: SQL
        var isInner: Bool
    }

    /// Hands out table aliases (`t1`, `t2`, …) shared by a statement's planners, so that
    /// subqueries planned inside a predicate never reuse an outer alias.
    final class Aliases {
        private var next = 1

        /// A fresh alias.
        func make() -> SQLName {
            defer { next += 1 }
            return SQLName("t\(next)")
        }
    }

    let model: ManagedObjectModel
    let root: Entity
    /// The alias of the root entity's table (`t0` for the statement's own table).
    let rootAlias: SQLName
    /// The statement's alias source.
    let aliases: Aliases
    private var joins: [Join] = []
    /// Joins to the members of to-many relationships (one set per `ANY`), after the
    /// to-one joins.
    private var memberJoins: [SQL] = []

    init(
        model: ManagedObjectModel, root: Entity, rootAlias: SQLName = "t0",
        aliases: Aliases = Aliases()
    ) {
        self.model = model
        self.root = root
        self.rootAlias = rootAlias
        self.aliases = aliases
    }

    /// Whether any JOIN was added.
    var hasJoins: Bool { !joins.isEmpty || !memberJoins.isEmpty }

    /// Whether a join to the members of a to-many was added: rows repeat, so the
    /// statement needs `DISTINCT`.
    var hasToManyJoins: Bool { !memberJoins.isEmpty }

    /// ` JOIN ZUSER t1 ON t0.ZAUTHOR = t1.Z_PK …`, or empty.
    var joinClause: SQL {
        var clause: SQL = ""
        for join in joins {
            clause.append(join.isInner ? " JOIN " : " LEFT OUTER JOIN ")
            clause.append("\(join.table) \(join.alias) ON \(join.condition)")
        }
        for member in memberJoins { clause.append(member) }
        return clause
    }

    /// Adds joins to the members of a to-many (` JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR)`),
    /// rendered after the to-one joins.
    mutating func addMemberJoins(_ clause: SQL) {
        memberJoins.append(clause)
    }

    /// The column a key path reads, adding the joins it needs.
    ///
    /// - Throws: ``FetchError/unknownKeyPath(entity:keyPath:)`` or
    ///   ``FetchError/toManyKeyPath(entity:keyPath:)``.
    mutating func column(for keyPath: String, inner: Bool) throws -> Column {
        var entity = root
        var alias = rootAlias
        let keys = keyPath.split(separator: ".").map(String.init)
        for (position, key) in keys.enumerated() {
            let isLast = position == keys.count - 1
            // A composite's field is an attribute named by the rest of the path.
            if !isLast, entity.hasComposites,
                let field = entity.attribute(named: keys[position...].joined(separator: "."))
            {
                return Column(sql: "\(alias).\(field.column)", target: .attribute(field))
            }
            switch entity.property(named: key) {
            case .attribute(let index) where isLast:
                let attribute = entity.attributes[index]
                return Column(sql: "\(alias).\(attribute.column)", target: .attribute(attribute))
            case .relationship(let index):
                let relationship = entity.relationships[index]
                guard case .foreignKey(let foreignKey) = relationship.storage else {
                    throw FetchError.toManyKeyPath(entity: root.name, keyPath: keyPath)
                }
                let destination = model.entity(id: relationship.destinationID)
                if isLast {
                    return Column(
                        sql: "\(alias).\(foreignKey.column)",
                        target: .toOne(relationship, destination: destination))
                }
                alias = join(
                    keys[...position].joined(separator: "."), from: alias,
                    column: foreignKey.column, to: destination, inner: inner)
                entity = destination
            default:
                throw FetchError.unknownKeyPath(entity: root.name, keyPath: keyPath)
            }
        }
        throw FetchError.unknownKeyPath(entity: root.name, keyPath: keyPath)
    }

    private mutating func join(
        _ path: String, from alias: SQLName, column: SQLName, to destination: Entity, inner: Bool
    ) -> SQLName {
        if let index = joins.firstIndex(where: { $0.path == path }) {
            if inner { joins[index].isInner = true }
            return joins[index].alias
        }
        let newAlias = aliases.make()
        joins.append(
            Join(
                path: path, alias: newAlias, table: destination.table,
                condition: "\(alias).\(column) = \(newAlias).Z_PK", isInner: inner))
        return newAlias
    }
}
