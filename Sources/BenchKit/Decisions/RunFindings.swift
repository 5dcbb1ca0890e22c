/// The findings of a run, each checked against the scenario's other configurations:
/// what the lab measured, not what a rule of thumb says.
///
/// A per-object lookup (``NPlusOneDetector``) in a configuration becomes a ``Finding``:
/// - `per-row-fetch` when the engine said the statements served `existingObject(with:)`
///   (``StatementCause/Kind/lookup``), `n-plus-one` otherwise; statements a delete
///   rule ran are attributed to the rule.
/// - Its alternatives are the scenario's other configurations at the same size that
///   do not repeat the statement (the floor excepted: hand-written SQL is no Core Data
///   fix), with their statements and median time. The fix names the fastest of them
///   with its measured ratio; when none is faster it says so and advises nothing;
///   when none exists the fix is marked unmeasured.
/// - The floor (`raw`) gets no finding: Core Data advice does not apply to it.
/// - A configuration declared to demonstrate the kind gets it as expected.
///
/// Pure function of the results. Cost: the detector's pass plus a lookup per finding.
public enum RunFindings {
    /// The findings of `results`, ranked (``Finding/ranked(_:)``).
    public static func findings(in results: RunResults) -> [Finding] {
        findings(in: results.cases)
    }

    /// The findings of `cases`, ranked.
    public static func findings(in cases: [CaseResult]) -> [Finding] {
        let byKey = Dictionary(cases.map { ($0.key, $0) }) { first, _ in first }
        let found = NPlusOneDetector().findings(in: cases).compactMap {
            detected -> Finding? in
            guard let result = byKey[detected.key], !result.isFloor(among: cases),
                let group = result.sqlTrace?.group(detected.fingerprint)
            else { return nil }
            let peers = cases.filter {
                $0.key.benchmark == detected.key.benchmark && $0.key.size == detected.key.size
                    && $0.key.configuration != detected.key.configuration
                    && $0.status == .passed && !$0.isFloor(among: cases)
            }
            return MeasuredFinding(
                detected: detected, result: result, group: group, peers: peers
            ).finding
        }
        return Finding.ranked(found + ProjectionFindings.findings(in: cases))
    }
}

/// One detected pattern turned into a finding with its measured alternatives.
struct MeasuredFinding {
    let detected: NPlusOneFinding
    let result: CaseResult
    let group: StatementGroup
    let peers: [CaseResult]

    var finding: Finding {
        let kind: FindingKind = group.cause?.kind == .lookup ? .perRowFetch : .nPlusOne
        let wall = result.metric(.wallTime)?.summary.median
        let alternatives = peers.compactMap(alternative)
        let seconds = group.totalNanoseconds / 1e9
        let share = wall.map { $0 > 0 ? min(1, group.totalNanoseconds / $0) : 0 }
        var evidence = FindingEvidence(
            fingerprints: [group.fingerprint], statementCount: group.count,
            totalStatements: result.sqlTrace?.statementCount, rows: group.rows, seconds: seconds,
            share: share,
            plans: group.queryPlan.map {
                [FindingPlan(fingerprint: group.fingerprint, steps: $0, source: "run")]
            } ?? [],
            alternatives: alternatives,
            growth: [], growthExponent: nil, notes: [])
        if alternatives.isEmpty {
            evidence.notes.append(
                "unmeasured: no other configuration of \(result.key.benchmark) avoids this "
                    + "statement, so the fix below is not measured here")
        }
        let expected = result.demonstrates?.contains(kind) ?? false
        return Finding(
            kind: kind, severity: FindingSeverity(share: share, seconds: seconds),
            title: title(kind), location: location, subject: subject, evidence: evidence,
            fix: fix(kind, alternatives), confidence: alternatives.isEmpty ? .log : .measurement,
            isExpected: expected)
    }

    private var location: FindingLocation {
        FindingLocation(
            scenario: result.key.benchmark.description, configuration: result.key.configuration,
            size: result.key.size)
    }

    /// The entity the fix starts at and its key path, from the engine's cause in the
    /// model's spelling; the SQL-text guess only for traces without a cause (marked
    /// in the evidence's notes).
    private var subject: FindingSubject {
        guard let cause = group.cause else {
            return FindingSubject(entity: nil, keyPath: detected.relationship)
        }
        switch cause.kind {
        case .objectFault:
            return FindingSubject(
                entity: cause.fetchedEntity ?? cause.entity,
                keyPath: cause.keyPath ?? measuredPrefetch)
        case .toManyFault:
            guard let keyPath = cause.keyPath, let fetched = cause.fetchedEntity else {
                return FindingSubject(entity: cause.entity, keyPath: cause.relationship)
            }
            return FindingSubject(entity: fetched, keyPath: keyPath)
        case .lookup, .deleteRule, .prefetch:
            return FindingSubject(entity: cause.entity, keyPath: cause.relationship)
        }
    }

    /// `fault-per-object runs SELECT … 1,000 times of 1,001 statements (to-many fault of
    /// Post.author).`
    private func title(_ kind: FindingKind) -> String {
        let times = DecisionFormat.count(Double(group.count))
        let of = DecisionFormat.count(Double(result.sqlTrace?.statementCount ?? group.count))
        let configuration = result.key.configuration
        if let cause = group.cause, cause.kind == .deleteRule {
            return "Deleting \(cause.entity) objects one by one: the \(cause.rule ?? "delete") "
                + "rule of \(cause.entity).\(cause.relationship ?? "?") reads the related "
                + "objects with one statement per object (\(times) of \(of) statements in "
                + "\(configuration)); Core Data does this by design when objects are deleted "
                + "one at a time."
        }
        if kind == .perRowFetch {
            let entity = group.cause?.entity ?? "object"
            return "\(configuration) fetches \(times) \(entity) objects one at a time by ID "
                + "(existingObject(with:)): \(times) of \(of) statements."
        }
        if let cause = group.cause, cause.kind == .objectFault {
            let through =
                cause.fetchedEntity == cause.entity
                ? " of the objects it fetched"
                : subject.keyPath.map { " through \(subject.entity ?? "?").\($0)" } ?? ""
            return "\(configuration) fills \(times) \(cause.entity) object faults\(through), "
                + "one statement each: \(times) of \(of) statements."
        }
        if let cause = group.cause, cause.kind == .toManyFault {
            return "\(configuration) fills the to-many \(cause.entity)."
                + "\(cause.relationship ?? "?") once per \(cause.entity) object: \(times) of \(of) "
                + "statements."
        }
        let what = detected.relationship.map { " (\(describe(detected.pattern)) \($0))" } ?? ""
        return "\(configuration) runs one statement per object\(what): \(times) of \(of) "
            + "statements."
    }

    private func describe(_ pattern: NPlusOneFinding.Pattern) -> String {
        switch pattern {
        case .objectFault: "object fault of"
        case .toManyFault: "to-many fault through"
        case .manyToManyFault: "many-to-many fault of"
        case .repeatedLookup: "lookup"
        }
    }

    /// `peer` as an alternative when it does not repeat the statement.
    private func alternative(_ peer: CaseResult) -> MeasuredAlternative? {
        let repeated = peer.sqlTrace?.group(group.fingerprint)?.count ?? 0
        guard repeated < NPlusOneDetector().threshold, let trace = peer.sqlTrace else {
            return nil
        }
        return MeasuredAlternative(
            name: peer.key.configuration,
            description: "\(peer.key.configuration) of the same scenario",
            size: peer.key.size, statements: trace.statementCount,
            originalSeconds: result.metric(.wallTime).map { $0.summary.median / 1e9 },
            seconds: peer.metric(.wallTime).map { $0.summary.median / 1e9 })
    }

    /// The measured fix: the fastest alternative when it wins, a warning when every
    /// alternative is slower, "unmeasured" when there is none.
    private func fix(_ kind: FindingKind, _ alternatives: [MeasuredAlternative]) -> FindingFix {
        let textbook = textbookFix(kind)
        let ranked = alternatives.sorted { ($0.speedup ?? 0) > ($1.speedup ?? 0) }
        guard let best = ranked.first, let speedup = best.speedup else {
            return FindingFix(
                summary: "Unmeasured: " + textbook.summary, coreData: textbook.coreData,
                swiftData: textbook.swiftData)
        }
        let size = SizeFormat.short(result.key.size)
        let count = best.statements ?? 0
        let statements =
            DecisionFormat.count(Double(count)) + (count == 1 ? " statement" : " statements")
        let mine = DecisionFormat.count(Double(result.sqlTrace?.statementCount ?? 0))
        let mineName = result.key.configuration
        if ranked.allSatisfy({ isWithinNoise($0.name) }) {
            let ratio = DecisionFormat.ratio(speedup >= 1 ? speedup : 1 / speedup)
            return FindingFix(
                summary: "Measured: \(best.name) avoids it, \(statements) instead of \(mine), "
                    + "but its time is within noise of \(mineName) at \(size) (\(ratio) "
                    + "\(speedup >= 1 ? "faster" : "slower") by the medians): no time "
                    + "measured gained at this size.",
                coreData: textbook.coreData, swiftData: textbook.swiftData)
        }
        guard speedup > 1 else {
            let slower = ranked.map {
                "\($0.name) \(DecisionFormat.ratio(1 / ($0.speedup ?? 1))) slower"
            }
            return FindingFix(
                summary: "Keep \(result.key.configuration): every configuration that avoids the "
                    + "repeated statement measured slower at \(size) (\(slower.joined(separator: ", "))).",
                coreData: "No change: the measured alternatives are slower.",
                swiftData: "No change: the measured alternatives are slower.")
        }
        var summary =
            "Measured: \(best.name) avoids it, \(statements) instead of \(mine), "
            + "\(DecisionFormat.ratio(speedup)) faster at \(size)."
        let slowerTextbook = ranked.filter { ($0.speedup ?? 1) < 1 && isTextbook($0.name, kind) }
        for alternative in slowerTextbook {
            summary +=
                " The textbook fix, \(alternative.name), measured "
                + "\(DecisionFormat.ratio(1 / (alternative.speedup ?? 1))) slower here; "
                + "\(best.name) won."
        }
        // The textbook API text only when the winner is the textbook fix, or when no
        // configuration measured the textbook fix: never advice the run contradicts.
        guard isTextbook(best.name, kind) || !hasTextbookPeer(kind) else {
            let statement = peers.first { $0.key.configuration == best.name }?.sqlTrace?
                .statements.first { $0.kind == .select }?.fingerprint
            let shown = statement.map { ": " + String($0.prefix(160)) } ?? ""
            let how = "Do what \(best.name) does (\(statements)\(shown))."
            return FindingFix(summary: summary, coreData: how, swiftData: how)
        }
        return FindingFix(
            summary: summary, coreData: "Do what \(best.name) does: " + textbook.coreData,
            swiftData: textbook.swiftData)
    }

    /// Whether `configuration`'s wall-time interval overlaps this case's: no winner
    /// within noise, as the verdicts call it a tie.
    private func isWithinNoise(_ configuration: String) -> Bool {
        guard let mine = result.metric(.wallTime)?.summary.medianInterval,
            let theirs = peers.first(where: { $0.key.configuration == configuration })?
                .metric(.wallTime)?.summary.medianInterval
        else { return false }
        return mine.low <= theirs.high && theirs.low <= mine.high
    }

    /// The key path a configuration that avoids the statement prefetched, when exactly
    /// one was: for an object fault the model reaches by more than one to-one
    /// (`Status.author`, `Status.pinnedBy`), the measured one names which.
    private var measuredPrefetch: String? {
        let avoiding = peers.filter {
            ($0.sqlTrace?.group(group.fingerprint)?.count ?? 0) < NPlusOneDetector().threshold
        }
        let paths = Set(
            avoiding.flatMap { peer in
                (peer.sqlTrace?.statements ?? []).compactMap {
                    $0.cause?.kind == .prefetch ? $0.cause?.keyPath : nil
                }
            })
        return paths.count == 1 ? paths.first : nil
    }

    /// Whether a peer is the rule-of-thumb fix of `kind`.
    private func hasTextbookPeer(_ kind: FindingKind) -> Bool {
        peers.contains { isTextbook($0.key.configuration, kind) }
    }

    /// Whether `configuration` is the rule-of-thumb fix of `kind`: prefetching for an
    /// N+1, a batched fetch for per-row fetches.
    private func isTextbook(_ configuration: String, _ kind: FindingKind) -> Bool {
        guard let trace = peers.first(where: { $0.key.configuration == configuration })?.sqlTrace
        else { return false }
        return trace.statements.contains {
            $0.fingerprint.contains("_Z_intarray") || $0.fingerprint.contains("IN (…)")
        }
    }

    /// The rule-of-thumb fix for the pattern, in Core Data's and SwiftData's names.
    private func textbookFix(_ kind: FindingKind) -> FindingFix {
        if let cause = group.cause, cause.kind == .deleteRule {
            return FindingFix(
                summary: "Delete them with one batch delete request instead of one by one.",
                coreData: "NSBatchDeleteRequest(fetchRequest:) on the \(cause.entity) request, "
                    + "then merge the deleted IDs into the contexts "
                    + "(NSManagedObjectContext.mergeChanges(fromRemoteContextSave:into:)).",
                swiftData: "modelContext.delete(model: \(cause.entity).self, where: predicate).")
        }
        if kind == .perRowFetch {
            return FindingFixes.fetchByIDs(entity: group.cause?.entity ?? "Entity")
        }
        if let cause = group.cause, cause.kind == .toManyFault {
            let entity = subject.entity ?? cause.entity
            return FindingFixes.prefetch(
                entity: entity, relationship: subject.keyPath ?? cause.relationship ?? "?")
        }
        if let cause = group.cause, cause.kind == .objectFault, cause.fetchedEntity == cause.entity
        {
            return FindingFixes.fetchWithValues(entity: cause.entity)
        }
        if let cause = group.cause, cause.kind == .objectFault {
            return FindingFixes.loadFaultedObjects(
                destination: cause.entity, entity: cause.fetchedEntity,
                keyPath: cause.keyPath ?? measuredPrefetch)
        }
        return FindingFix(
            summary: detected.suggestion,
            coreData: "relationshipKeyPathsForPrefetching on the request that fetched the "
                + "owners (see the subject's key path).",
            swiftData: "FetchDescriptor.relationshipKeyPathsForPrefetching on the owners' "
                + "descriptor.")
    }
}
