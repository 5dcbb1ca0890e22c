import SQLiteDB

extension PredicateSQLCompiler {
    /// `ANY collection.key op value` as a join to the members, Core Data's shape:
    /// ` JOIN ZPOST t1 ON (t0.Z_PK = t1.ZAUTHOR)` and the condition on `t1`. Under an OR
    /// the join is a LEFT OUTER JOIN and the condition also asks for a member
    /// (`t1.Z_PK IS NOT NULL`), so objects without members still reach the other
    /// branches. Nil when the key path has no to-many, or the members are a
    /// sub-entity's rows (then a subquery does it).
    ///
    /// Each `ANY` gets its own join, so `ANY posts.score > 1 AND ANY posts.score < 1`
    /// may be met by two different members, as in memory.
    mutating func joinedMember(_ keyPath: String, _ comparison: Comparison) throws -> SQL? {
        let keys = try localKeys(keyPath)
        guard !keys.isEmpty, let split = try firstToMany(keys, keyPath: keyPath) else {
            return nil
        }
        let scope = try subqueryScope(
            keyPath, prefix: Array(keys[..<split]), relationship: keys[split])
        guard !scope.isFiltered else { return nil }
        let isOuter = position == .disjunctive
        var member = scope.compiler
        member.innerJoins = !isOuter
        let rest = keys[(split + 1)...].joined(separator: ".")
        var condition =
            rest.isEmpty
            ? try member.anyMember(comparison, onSelf: false)
            : try member.anyMember(rest, comparison, negated: false)
        let join: SQL = isOuter ? " LEFT OUTER JOIN " : " JOIN "
        var clause = join + "\(scope.firstTable) ON \(scope.correlation)"
        if let memberJoin = scope.memberJoin { clause.append(join + memberJoin) }
        planner.addMemberJoins(clause + member.planner.joinClause)
        if isOuter { condition = "(\(scope.alias).Z_PK IS NOT NULL AND \(condition))" }
        return condition
    }
}
