import CoreDataLog

/// Finds what is wrong in one log: a pure function of its ``LogSummary``, the model's
/// names when given, and the replay's measurements when one ran.
///
/// Each kind of ``FindingKind`` has its detector (here, `+Plans`, `+Shapes`); a
/// finding says what, where (the file's lines, the fingerprint, entity and key path),
/// how much (executions, rows, logged time and its share of the log's), the fix, and
/// whether the replay confirmed it. N+1 detection applies the lab's own rule
/// (``NPlusOneDetector``: a SELECT at least ``threshold`` times with changing values, not
/// a batch through `IN (…)` or `_Z_intarray`), so a log and the lab's trace of the same
/// work flag the same statements.
///
/// ```swift
/// let findings = LogFindings(summary: summary, file: "app.log", names: nil, replay: nil)
///     .findings()
/// ```
///
/// Cost: linear in the summary's shapes.
public struct LogFindings {
    /// Executions of one lookup at which it is an N+1.
    public static let defaultThreshold = 10

    let summary: LogSummary
    let file: String
    let names: LogNames
    let replay: ReplayResult?
    let threshold: Int

    /// Findings of `summary`, read from `file`.
    public init(
        summary: LogSummary, file: String, names: StoreNames?, replay: ReplayResult?,
        threshold: Int = LogFindings.defaultThreshold
    ) {
        self.summary = summary
        self.file = file
        self.names = LogNames(model: names, summary: summary)
        self.replay = replay
        self.threshold = threshold
    }

    /// Every finding, ranked by cost.
    public func findings() -> [Finding] {
        var found = lookups() + refetches() + planFindings() + shapeFindings()
        let covered = Set(found.flatMap(\.evidence.fingerprints))
        found += slowStatements(excluding: covered)
        return Finding.ranked(found)
    }

    // MARK: - Shared

    /// The log's time: operations' logged time, or statements' when larger.
    var logSeconds: Double {
        max(summary.loggedSeconds, summary.statements.reduce(0) { $0 + $1.seconds })
    }

    /// A finding about `group`, with its location, counts, time and share filled in.
    func finding(
        _ kind: FindingKind, title: String, group: LogStatementGroup, subject: FindingSubject,
        fix: FindingFix, seconds: Double? = nil, extraNotes: [String] = []
    ) -> Finding {
        let time = seconds ?? (group.timedCount > 0 ? group.seconds : nil)
        let share = time.flatMap { logSeconds > 0 ? $0 / logSeconds : nil }
        // Every finding whose entity is only guessed from its table says so, whatever
        // its kind (docs/EXPLAIN-LOG.md, Findings).
        var notes = extraNotes
        if let table = subject.table, let note = names.guessNote(tables: [table]),
            !notes.contains(note)
        {
            notes.append(note)
        }
        var evidence = FindingEvidence(
            fingerprints: [group.fingerprint], statementCount: group.count,
            totalStatements: summary.statementCount,
            rows: group.rowCountedCount > 0 ? group.rows : nil, seconds: time, share: share,
            notes: notes)
        if let plan = summary.plan(for: group.fingerprint) {
            evidence.plans.append(
                FindingPlan(fingerprint: group.fingerprint, steps: plan, source: "log"))
        }
        let confidence = addReplay(
            kind, fingerprint: group.fingerprint, count: group.count, to: &evidence)
        return Finding(
            kind: kind, severity: FindingSeverity(share: share, seconds: time), title: title,
            location: FindingLocation(file: file, lines: group.lines), subject: subject,
            evidence: evidence, fix: fix, confidence: confidence)
    }

    /// Adds the replay's plan, growth and measured fixes of `kind`; `.replay` when a fix
    /// of that kind was measured.
    func addReplay(
        _ kind: FindingKind, fingerprint: String, count: Int, to evidence: inout FindingEvidence
    ) -> FindingConfidence {
        guard let replayed = replay?.statement(fingerprint) else {
            if let skip = replay?.skipped.first(where: { $0.fingerprint == fingerprint }) {
                evidence.notes.append("Not replayed: \(skip.reason).")
            }
            return .log
        }
        if let largest = replayed.largest {
            evidence.plans.append(
                FindingPlan(
                    fingerprint: fingerprint, steps: largest.plan,
                    source: "replay \(SizeFormat.short(largest.size))"))
        }
        evidence.growth = replayed.runs.map { GrowthPoint(size: $0.size, seconds: $0.seconds) }
        evidence.growthExponent = replayed.exponent
        let fixes = replayed.fixes.filter { $0.kind == kind }
        for fix in fixes {
            for run in fix.runs {
                guard let original = replayed.runs.first(where: { $0.size == run.size }) else {
                    continue
                }
                let originals = max(1, min(count, fix.replaces))
                evidence.alternatives.append(
                    MeasuredAlternative(
                        name: fix.name, description: fix.description, size: run.size,
                        statements: 1, originalSeconds: original.seconds * Double(originals),
                        seconds: run.seconds, plan: run.plan))
            }
        }
        return fixes.isEmpty ? .log : .replay
    }

    /// `12,345`.
    static func count(_ number: Int) -> String {
        SQLLog.grouped(number)
    }

    // MARK: - N+1 and per-row fetches

    /// Repeated lookups: to-many and object faults, fetches by key, by other columns.
    func lookups() -> [Finding] {
        summary.statements.compactMap { group -> Finding? in
            Self.lookupKind(group, threshold: threshold) == nil ? nil : lookup(group)
        }
    }

    /// ``FindingKind/nPlusOne`` or ``FindingKind/perRowFetch`` when `group` is a lookup
    /// repeated per object by the lab's rule (at least `threshold` executions of a
    /// parameterized SELECT with changing values, not a batch), else nil. The replay
    /// measures the fix of exactly these.
    public static func lookupKind(_ group: LogStatementGroup, threshold: Int = defaultThreshold)
        -> FindingKind?
    {
        // A statement without a parameter is the same query run again, not a lookup
        // per object.
        guard group.kind == .select, group.count >= threshold, group.sql.contains("?"),
            NPlusOneDetector(threshold: max(2, threshold)).isLookup(traceGroup(group))
        else { return nil }
        switch group.mainOperationKind {
        case .toManyFault, .objectFault: return .nPlusOne
        default:
            let keys = SQLClauses(group.sql).comparisons.filter { $0.comparison == "=" }
            return keys.count == 1 && keys[0].column == "Z_PK" ? .perRowFetch : .nPlusOne
        }
    }

    /// The lab's view of a log group, for the detector's own rule.
    static func traceGroup(_ group: LogStatementGroup) -> StatementGroup {
        var trace = StatementGroup(fingerprint: group.fingerprint, kind: group.kind)
        trace.count = group.count
        trace.sampleArguments = group.sampleBindings
        trace.distinctArgumentLists = group.distinctBindings
        return trace
    }

    private func lookup(_ group: LogStatementGroup) -> Finding {
        let clauses = SQLClauses(group.sql)
        let table = clauses.mainTable ?? "?"
        let operation = summary.operations.first { $0.mainFingerprint == group.fingerprint }
        let times = "\(Self.count(group.count)) times"
        switch group.mainOperationKind {
        case .toManyFault:
            let relationship = operation?.relationship ?? "?"
            let owner = operation?.entity ?? "?"
            return finding(
                .nPlusOne,
                title: "The to-many relationship \(owner).\(relationship) was faulted one owner "
                    + "at a time: \(times).",
                group: group,
                subject: FindingSubject(entity: owner, keyPath: relationship, table: table),
                fix: FindingFixes.prefetch(entity: owner, relationship: relationship))
        case .objectFault:
            let destination = operation?.entity ?? names.entity(table)
            let path = pathReaching(table: table)
            return finding(
                .nPlusOne,
                title: "\(destination) objects were faulted in one at a time: \(times).",
                group: group,
                subject: FindingSubject(
                    entity: path?.entity ?? destination, keyPath: path?.keyPath, table: table),
                fix: FindingFixes.loadFaultedObjects(
                    destination: destination, entity: path?.entity, keyPath: path?.keyPath),
                extraNotes: names.guessNote(tables: [table]).map { [$0] } ?? [])
        default:
            return repeatedFetch(group, clauses: clauses, table: table)
        }
    }

    private func repeatedFetch(_ group: LogStatementGroup, clauses: SQLClauses, table: String)
        -> Finding
    {
        let entity = names.entity(table)
        let notes = names.guessNote(tables: [table]).map { [$0] } ?? []
        let keys = clauses.comparisons.filter { $0.comparison == "=" }
        if keys.count == 1, keys[0].column == "Z_PK" {
            return finding(
                .perRowFetch,
                title: "\(entity) objects were fetched one primary key at a time: "
                    + "\(Self.count(group.count)) fetches.",
                group: group, subject: FindingSubject(entity: entity, table: table),
                fix: FindingFixes.fetchByIDs(entity: entity), extraNotes: notes)
        }
        let column = keys.first?.column ?? clauses.comparisons.first?.column ?? "?"
        let attribute = names.property(table: table, column: column)
        return finding(
            .nPlusOne,
            title: "The same \(entity) lookup by \(attribute) ran \(Self.count(group.count)) "
                + "times with different values.",
            group: group,
            subject: FindingSubject(
                entity: entity, keyPath: attribute, table: table, column: column),
            fix: FindingFixes.fetchAllAtOnce(entity: entity, attribute: attribute),
            extraNotes: notes)
    }

    /// The entity and relationship through which objects of `table` were reached: a
    /// to-many fault into that table in the same log, or a to-one in the model.
    private func pathReaching(table: String) -> (entity: String, keyPath: String)? {
        if let toMany = summary.operations.first(where: {
            $0.kind == .toManyFault && $0.table == table && $0.entity != nil
                && $0.relationship != nil
        }) {
            return (toMany.entity!, toMany.relationship!)
        }
        guard let model = names.model else { return nil }
        let destination = names.entity(table)
        let fetched = Set(summary.operations.filter { $0.kind == .fetch }.compactMap(\.table))
        for source in fetched.sorted() {
            if let relationship = model.tables[source]?.toOnes.values.first(where: {
                $0.destination == destination
            }) {
                return (relationship.entity, relationship.name)
            }
        }
        return nil
    }

    // MARK: - Refetches and slow statements

    private func refetches() -> [Finding] {
        summary.refetchesAfterSave.compactMap { refetch -> Finding? in
            guard let group = summary.statementGroup(refetch.fingerprint) else { return nil }
            let entity = names.entity(refetch.table)
            var result = finding(
                .refetchAfterSave,
                title: "All \(entity) objects were fetched again right after a save "
                    + "(\(refetch.rows.map { Self.count($0) + " rows" } ?? "rows not logged")).",
                group: group, subject: FindingSubject(entity: entity, table: refetch.table),
                fix: FindingFixes.keepAfterSave(entity: entity), seconds: refetch.seconds)
            result.location.lines = [refetch.saveLine, refetch.fetchLine]
            return result
        }
    }

    /// Statements whose time per row is at least ten times the log's median, among the
    /// SELECTs whose time and rows were both logged.
    private func slowStatements(excluding covered: Set<String>) -> [Finding] {
        let timed = summary.statements.filter {
            $0.kind == .select && $0.timedCount > 0 && $0.rowCountedCount > 0
        }
        guard timed.count >= 5 else { return [] }
        let perRow = timed.map { $0.seconds / Double(max($0.rows, 1)) }.sorted()
        let median = perRow[perRow.count / 2]
        guard median > 0 else { return [] }
        return timed.compactMap { group -> Finding? in
            let cost = group.seconds / Double(max(group.rows, 1))
            guard cost >= 10 * median, group.seconds >= 0.001, !covered.contains(group.fingerprint)
            else { return nil }
            let table = SQLClauses(group.sql).mainTable ?? "?"
            let entity = names.entity(table)
            let factor = Int((cost / median).rounded())
            return finding(
                .slowStatement,
                title: "A statement on \(entity) took \(factor)x the log's median time per row.",
                group: group, subject: FindingSubject(entity: entity, table: table),
                fix: FindingFixes.inspectSlowStatement(entity: entity))
        }
    }
}
