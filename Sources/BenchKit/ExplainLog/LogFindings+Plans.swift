import CoreDataLog

/// Findings read from query plans: the log's own (level 4) or the replay's at its
/// largest size.
extension LogFindings {
    /// Full scans, temporary sorts, the wrong index, nil tests an index does not serve.
    func planFindings() -> [Finding] {
        summary.statements.flatMap { group -> [Finding] in
            guard group.kind == .select, !group.bindsKeyList,
                let plan = plan(for: group.fingerprint)
            else { return [] }
            let clauses = SQLClauses(group.sql)
            return [
                fullScan(group, plan: plan, clauses: clauses),
                tempSort(group, plan: plan, clauses: clauses),
                wrongIndex(group, plan: plan, clauses: clauses),
                nullTest(group, plan: plan, clauses: clauses),
            ].compactMap { $0 }
        }
    }

    /// The plan a finding can rest on: logged, else replayed at the largest size.
    func plan(for fingerprint: String) -> [QueryPlanStep]? {
        summary.plan(for: fingerprint) ?? replay?.statement(fingerprint)?.largest?.plan
    }

    /// Columns of `table` an index can serve: compared with `=`, a range, `IN` or
    /// `BETWEEN` (not `Z_ENT`).
    public static func indexable(_ clauses: SQLClauses, table: String) -> [String] {
        let operators: Set<String> = ["=", "<", ">", "<=", ">=", "IN", "BETWEEN"]
        var columns: [String] = []
        for comparison in clauses.comparisons
        where comparison.table == table && operators.contains(comparison.comparison)
            && !columns.contains(comparison.column) && comparison.column != "Z_ENT"
        {
            columns.append(comparison.column)
        }
        return columns
    }

    /// The table a plan step reads: `SCAN t0`, `SCAN TABLE ZITEM AS t0`, `SEARCH t1 …`.
    public static func table(of step: QueryPlanStep, in clauses: SQLClauses) -> String? {
        let words = step.detail.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        if words[1] == "TABLE", words.count >= 3 {
            if let alias = words.firstIndex(of: "AS").map({ words[$0 + 1] }),
                let table = clauses.tables[alias]
            {
                return table
            }
            return words[2]
        }
        return clauses.tables[words[1]] ?? words[1]
    }

    private func fullScan(_ group: LogStatementGroup, plan: [QueryPlanStep], clauses: SQLClauses)
        -> Finding?
    {
        for step in plan.fullScans {
            guard let table = Self.table(of: step, in: clauses) else { continue }
            let columns = Self.indexable(clauses, table: table)
            guard !columns.isEmpty else { continue }
            let entity = names.entity(table)
            let attributes = columns.map { names.property(table: table, column: $0) }
            return finding(
                .fullScan,
                title: "Every \(entity) row is read to find the ones matching "
                    + "\(attributes.joined(separator: ", ")) (\(step.detail)).",
                group: group,
                subject: FindingSubject(
                    entity: entity, keyPath: attributes.first, table: table, column: columns.first),
                fix: FindingFixes.index(
                    entity: entity, attributes: attributes,
                    reason: "SQLite then searches the index instead of reading every row."),
                extraNotes: names.guessNote(tables: [table]).map { [$0] } ?? [])
        }
        return nil
    }

    private func tempSort(_ group: LogStatementGroup, plan: [QueryPlanStep], clauses: SQLClauses)
        -> Finding?
    {
        guard plan.contains(where: { $0.detail.contains("TEMP B-TREE FOR ORDER BY") }),
            let first = clauses.orderColumns.first
        else { return nil }
        let entity = names.entity(first.table)
        let attributes = clauses.orderColumns.filter { $0.table == first.table }
            .map { names.property(table: $0.table, column: $0.column) }
        var notes = names.guessNote(tables: [first.table]).map { [$0] } ?? []
        if group.sql.contains("COLLATE NSCollate") {
            notes.append(
                "The sort uses a Core Data collation (\(group.sql.contains("NSCollateFinderlike") ? "localizedStandardCompare" : "a localized or case-insensitive compare")), which no index can serve; an index helps only a plain compare: sort."
            )
        }
        return finding(
            .tempSort,
            title: "\(entity) rows are sorted by \(attributes.joined(separator: ", ")) in a "
                + "temporary B-tree on every fetch.",
            group: group,
            subject: FindingSubject(entity: entity, keyPath: attributes.first, table: first.table),
            fix: FindingFixes.index(
                entity: entity, attributes: attributes,
                reason: "rows are then read in order, and a fetchLimit stops early."),
            extraNotes: notes)
    }

    /// `SEARCH … USING INDEX … (Z_ENT=?)` while the predicate narrows another column, or
    /// an index on one column chosen while another compared column has its own index.
    private func wrongIndex(_ group: LogStatementGroup, plan: [QueryPlanStep], clauses: SQLClauses)
        -> Finding?
    {
        for step in plan
        where step.detail.contains(" USING INDEX ")
            || step.detail.contains(" USING COVERING INDEX ")
        {
            guard let table = Self.table(of: step, in: clauses) else { continue }
            let used = Self.indexColumns(step.detail)
            let others = Self.indexable(clauses, table: table).filter { !used.contains($0) }
            guard let selective = others.first else { continue }
            let byHierarchy = used == ["Z_ENT"] || step.detail.contains("Z_ENT_INDEX")
            let ownIndex = names.model?.isIndexLeader(table: table, column: selective) ?? false
            guard byHierarchy || ownIndex else { continue }
            let entity = names.entity(table)
            let attribute = names.property(table: table, column: selective)
            let why =
                byHierarchy
                ? "SQLite chose the entity hierarchy's Z_ENT index, which narrows only by sub-entity"
                : "SQLite chose an index on \(used.joined(separator: ", ")) although \(attribute) has its own"
            return finding(
                .wrongIndex,
                title: "\(why) for a \(entity) fetch by \(attribute) (\(step.detail)).",
                group: group,
                subject: FindingSubject(
                    entity: entity, keyPath: attribute, table: table, column: selective),
                fix: FindingFixes.index(
                    entity: entity, attributes: [attribute],
                    reason:
                        "a fetch index led by the selective attribute gives SQLite the narrow path."
                ))
        }
        return nil
    }

    /// `!= nil` (`IS NOT NULL`) on an indexed column, and the plan reads the whole table.
    private func nullTest(_ group: LogStatementGroup, plan: [QueryPlanStep], clauses: SQLClauses)
        -> Finding?
    {
        for comparison in clauses.comparisons where comparison.comparison == "IS NOT NULL" {
            let indexed =
                names.model?.isIndexed(table: comparison.table, column: comparison.column)
                ?? logIndexes.contains {
                    $0.table == comparison.table && $0.column == comparison.column
                }
            guard indexed,
                plan.fullScans.contains(where: {
                    Self.table(of: $0, in: clauses) == comparison.table
                })
            else { continue }
            let entity = names.entity(comparison.table)
            let attribute = names.property(table: comparison.table, column: comparison.column)
            return finding(
                .nullTestOnIndex,
                title:
                    "\(entity).\(attribute) != nil reads every row although \(attribute) is indexed.",
                group: group,
                subject: FindingSubject(
                    entity: entity, keyPath: attribute, table: comparison.table,
                    column: comparison.column),
                fix: FindingFixes.rangeForNilTest(entity: entity, attribute: attribute))
        }
        return nil
    }

    /// The columns of `(A=? AND B>?)` in a plan step.
    static func indexColumns(_ detail: String) -> [String] {
        guard let open = detail.lastIndex(of: "("), let close = detail.lastIndex(of: ")"),
            open < close
        else { return [] }
        return detail[detail.index(after: open)..<close].split(separator: " ").compactMap { term in
            let name = term.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty || name == "AND" ? nil : String(name)
        }
    }

    /// Single-column indexes the log itself created (`CREATE INDEX … ON T (C)`).
    var logIndexes: [SQLClauses.Column] {
        summary.statements.compactMap { group -> SQLClauses.Column? in
            let words = group.sql.split { $0 == " " || $0 == "(" || $0 == ")" || $0 == ";" }
            guard group.kind == .schema, words.count >= 6, words[0].uppercased() == "CREATE",
                words.contains(where: { $0.uppercased() == "INDEX" }),
                let on = words.firstIndex(where: { $0.uppercased() == "ON" }), on + 2 < words.count
            else { return nil }
            return SQLClauses.Column(table: String(words[on + 1]), column: String(words[on + 2]))
        }
    }
}
