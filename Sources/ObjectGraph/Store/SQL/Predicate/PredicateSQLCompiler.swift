import SQLiteDB

/// Compiles a ``PredicateNode`` to an SQL condition with every constant bound as a
/// parameter, resolving key paths (and their joins) through a ``JoinPlanner``.
///
/// The shapes follow Core Data's: a to-one key path is a JOIN; `@count`, the other
/// aggregates and `SUBQUERY(…).@count` are correlated `(SELECT COUNT(…) FROM … WHERE
/// (t0.Z_PK = t1.ZAUTHOR …))` subqueries; `ANY` over a to-many, outside `NOT`, joins
/// the members (`JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR)`, a LEFT OUTER JOIN under
/// `OR`, and the statement becomes `SELECT DISTINCT`), while `ALL`, `NONE` and a negated
/// `ANY` are correlated `NOT EXISTS` / `EXISTS` subqueries. String operators call the functions Core Data
/// registers (`NSCoreDataStringSearch`, `NSCoreDataLike`, `NSCoreDataMatches`), so they
/// are exact, option-aware and unable to use an index, while `=`, `<`, `IN` and
/// `BETWEEN` on a column can. `NOT p` is `NOT COALESCE((p), 0)` and `!=` between
/// columns is `IS NOT`, so that nil values give the answers the in-memory evaluator
/// gives.
///
/// Cost: linear in the size of the predicate.
struct PredicateSQLCompiler {
    /// Where a term sits in the predicate, which decides how an `ANY` may join.
    enum Position {
        /// Under ANDs only: an inner join keeps the answer.
        case conjunctive
        /// Under an OR (not a NOT): a left outer join keeps it.
        case disjunctive
        /// Under a NOT: only a subquery keeps it.
        case negated
    }

    var planner: JoinPlanner
    /// The `SUBQUERY` variable naming this scope's root object, inside a subquery.
    let variable: String?
    /// Whether `ANY` may join the members into the statement (only the statement's own
    /// scope, not a subquery's).
    let joinsMembers: Bool
    /// Where the term being compiled sits.
    var position = Position.conjunctive
    /// Whether to-one joins are inner (false for the members of a left-joined `ANY`).
    var innerJoins = true
    /// Whether ``PredicateChecker`` has passed the predicate this compiler compiles.
    private var isChecked = false

    init(planner: JoinPlanner, variable: String? = nil, joinsMembers: Bool = false) {
        self.planner = planner
        self.variable = variable
        self.joinsMembers = joinsMembers
    }

    /// The planner with the joins the predicate added.
    var joins: JoinPlanner { planner }

    /// The condition for `node`.
    ///
    /// - Throws: ``FetchError`` for unknown key paths, mismatched constants, aggregates
    ///   of to-ones, unbound variables and comparisons SQL cannot express.
    mutating func compile(_ node: PredicateNode) throws -> SQL {
        if !isChecked {
            try PredicateChecker(model: planner.model, root: planner.root, variable: variable)
                .check(node)
            isChecked = true
        }
        switch node {
        case .truePredicate: return "1"
        case .falsePredicate: return "0"
        case .not(let inner):
            return "NOT COALESCE(\(try compile(inner, at: .negated)), 0)"
        case .and(let terms):
            return "(\(try terms.map { try compile($0) }.joined(separator: " AND ")))"
        case .or(let terms):
            let position = position == .negated ? Position.negated : .disjunctive
            let sql = try terms.map { try compile($0, at: position) }
            return "(\(sql.joined(separator: " OR ")))"
        case .comparison(let comparison): return try compile(comparison)
        }
    }

    private mutating func compile(_ node: PredicateNode, at position: Position) throws -> SQL {
        let saved = self.position
        self.position = position
        defer { self.position = saved }
        return try compile(node)
    }

    private mutating func compile(_ comparison: Comparison) throws -> SQL {
        if let resolved = comparison.resolved(from: planner.root, in: planner.model) {
            return try compile(resolved)
        }
        guard comparison.modifier == .direct else { return try compileModified(comparison) }
        let lhs = try operand(comparison.lhs)
        let rhs = try operand(comparison.rhs)
        return try compare(lhs, comparison.op, rhs, options: comparison.options)
    }

    /// `ANY`, `ALL`, `NONE`: ALL is no member failing, NONE no member matching.
    private mutating func compileModified(_ comparison: Comparison) throws -> SQL {
        let keyPath = try comparison.collectionKeyPath()
        if comparison.modifier == .any, joinsMembers, position != .negated,
            let joined = try joinedMember(keyPath, comparison)
        {
            return joined
        }
        switch comparison.modifier {
        case .all: return "NOT \(try anyMember(keyPath, comparison, negated: true))"
        case .none: return "NOT \(try anyMember(keyPath, comparison, negated: false))"
        default: return try anyMember(keyPath, comparison, negated: false)
        }
    }

    /// Whether a value at the end of `keyPath` satisfies the comparison (or, `negated`,
    /// fails it): one `EXISTS` per to-many on the way.
    mutating func anyMember(_ keyPath: String, _ comparison: Comparison, negated: Bool)
        throws -> SQL
    {
        let keys = try localKeys(keyPath)
        guard !keys.isEmpty else { return try anyMember(comparison, onSelf: negated) }
        guard let split = try firstToMany(keys, keyPath: keyPath) else {
            var direct = comparison
            direct.modifier = .direct
            direct.lhs = .keyPath(keys.joined(separator: "."))
            let condition = try compile(direct)
            return negated ? "NOT COALESCE(\(condition), 0)" : "(\(condition))"
        }
        var scope = try subqueryScope(
            keyPath, prefix: Array(keys[..<split]), relationship: keys[split])
        let rest = keys[(split + 1)...].joined(separator: ".")
        var inner = scope.compiler
        let condition =
            rest.isEmpty
            ? try inner.anyMember(comparison, onSelf: negated)
            : try inner.anyMember(rest, comparison, negated: negated)
        scope.compiler = inner
        return "EXISTS (SELECT 1 FROM \(scope.from) WHERE \(scope.correlation) AND \(condition))"
    }

    /// The comparison on this scope's root object itself (a path that ended at a to-many).
    mutating func anyMember(_ comparison: Comparison, onSelf negated: Bool) throws -> SQL {
        var direct = comparison
        direct.modifier = .direct
        direct.lhs = .evaluatedObject
        let condition = try compile(direct)
        return negated ? "NOT COALESCE(\(condition), 0)" : "(\(condition))"
    }

    /// The keys of a key path in this scope: a leading `$variable` of the enclosing
    /// `SUBQUERY` names this scope's root and is dropped.
    func localKeys(_ keyPath: String) throws -> [String] {
        try PredicateExpression.localKeys(of: keyPath, variable: variable)
    }
}
