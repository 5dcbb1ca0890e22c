/// The findings of the projection audit (``FetchProjection``): columns fetched and
/// never read (`wide-fetch`), prefetched relationships never read (`unread-prefetch`),
/// and objects fetched and never touched (`untouched-objects`).
///
/// Each is checked against the scenario's other configurations at the same size, as
/// ``RunFindings`` does: a configuration that fetches the same entity with
/// `propertiesToFetch` (for `wide-fetch`), without the prefetch (`unread-prefetch`) or
/// with a `fetchLimit` or `fetchBatchSize` (`untouched-objects`) is cited with its
/// measured time; when none does, the fix is marked unmeasured. The floor (`raw`)
/// is never audited and gets nothing; a configuration declared to demonstrate the
/// kind gets it as expected.
///
/// Pure function of the results. Cost: a pass over each case's projections.
public enum ProjectionFindings {
    /// At least this many objects before a projection is worth a finding.
    public static let minimumObjects = 100
    /// A `wide-fetch` needs at most this share of the fetched columns read, and at
    /// least this share of the fetched bytes unread.
    public static let readShare = 0.5
    /// An `untouched-objects` finding needs at most this share of the objects touched.
    public static let touchedShare = 0.5

    /// The findings of `cases`' projections, unranked.
    public static func findings(in cases: [CaseResult]) -> [Finding] {
        cases.flatMap { result -> [Finding] in
            guard result.status == .passed, !result.isFloor(among: cases),
                let projections = result.projections
            else { return [] }
            let peers = cases.filter {
                $0.key.benchmark == result.key.benchmark && $0.key.size == result.key.size
                    && $0.key.configuration != result.key.configuration
                    && $0.status == .passed && !$0.isFloor(among: cases)
            }
            let audit = ProjectionAudit(result: result, peers: peers)
            return projections.flatMap(audit.findings)
        }
    }
}

/// One case's projections turned into findings.
private struct ProjectionAudit {
    let result: CaseResult
    let peers: [CaseResult]

    func findings(_ projection: FetchProjection) -> [Finding] {
        guard projection.objects >= ProjectionFindings.minimumObjects else {
            return unreadPrefetches(projection)
        }
        var found = unreadPrefetches(projection)
        if let untouched = untouched(projection) {
            found.append(untouched)
        } else if let wide = wideFetch(projection) {
            found.append(wide)
        }
        return found
    }

    // MARK: - wide-fetch

    /// Columns fetched for many objects, few read.
    private func wideFetch(_ projection: FetchProjection) -> Finding? {
        guard !projection.usesPropertiesToFetch, projection.touched > 0 else { return nil }
        let fetched = projection.fetchedProperties
        let read = fetched.filter(\.isRead)
        let unreadBytes = fetched.filter { !$0.isRead }.reduce(0) { $0 + $1.bytes }
        // No column read (only to-manys, or nothing): propertiesToFetch has nothing to
        // list, so no advice of this kind.
        guard !read.isEmpty,
            Double(read.count) <= Double(fetched.count) * ProjectionFindings.readShare
        else { return nil }
        if projection.bytesKnown {
            guard
                Double(unreadBytes)
                    >= Double(projection.fetchedBytes) * ProjectionFindings.readShare
            else { return nil }
        }
        let entity = projection.entity
        let objects = DecisionFormat.count(Double(projection.objects))
        let names = read.map(\.name)
        let shown = names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
        let skip =
            projection.bytesKnown
            ? "propertiesToFetch would skip \(DecisionFormat.bytes(Double(unreadBytes))) "
                + "(\(DecisionFormat.count(Double(unreadBytes))) bytes) of the "
                + "\(DecisionFormat.bytes(Double(projection.fetchedBytes))) fetched"
            : "propertiesToFetch would skip the other columns (bytes not measured: the "
                + "fetch is batched)"
        let title =
            "\(result.key.configuration) fetched \(fetched.count) columns for \(objects) "
            + "\(entity) objects, read \(read.count)\(shown): \(skip)."
        let alternatives = peers.compactMap { peer -> MeasuredAlternative? in
            guard
                peer.projections?.contains(where: {
                    $0.entity == entity && $0.usesPropertiesToFetch
                }) == true
            else { return nil }
            return alternative(peer, "fetches \(entity) with propertiesToFetch")
        }
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let paths = names.map { "\\\(entity).\($0)" }.joined(separator: ", ")
        let textbook = FindingFix(
            summary: read.count == 1
                ? "Fetch only the property read." : "Fetch only the \(read.count) properties read.",
            coreData: "request.propertiesToFetch = [\(list)] on the NSFetchRequest<\(entity)> "
                + "(the objects come back as partial faults; reading another property fires "
                + "the fault).",
            swiftData: "descriptor.propertiesToFetch = [\(paths)] on the "
                + "FetchDescriptor<\(entity)>.")
        var evidence = FindingEvidence(
            rows: projection.objects, alternatives: alternatives,
            notes: [byteNote(projection)])
        return finding(
            .wideFetch, title: title, entity: entity, keyPath: nil, evidence: &evidence,
            textbook: textbook, measuredFix: "propertiesToFetch")
    }

    // MARK: - unread-prefetch

    /// Prefetched key paths no fetched object read.
    private func unreadPrefetches(_ projection: FetchProjection) -> [Finding] {
        guard projection.objects > 0 else { return [] }
        return projection.prefetchedNeverRead.map { path in
            let entity = projection.entity
            let objects = DecisionFormat.count(Double(projection.objects))
            let groups = (result.sqlTrace?.statements ?? []).filter {
                $0.cause?.kind == .prefetch
                    && ($0.cause?.keyPath == path
                        || $0.cause?.keyPath?.hasPrefix(path + ".") == true)
            }
            let statements = groups.reduce(0) { $0 + $1.count }
            let rows = groups.reduce(0) { $0 + $1.rows }
            let seconds = groups.reduce(0) { $0 + $1.totalNanoseconds } / 1e9
            let wall = result.metric(.wallTime)?.summary.median
            let share = wall.map { $0 > 0 ? min(1, seconds * 1e9 / $0) : 0 }
            let cost =
                statements > 0
                ? ": \(DecisionFormat.count(Double(statements))) "
                    + (statements == 1 ? "statement" : "statements")
                    + " loading \(DecisionFormat.count(Double(rows))) rows for nothing"
                : ""
            let title =
                "\(result.key.configuration) prefetched `\(path)` for \(objects) \(entity) "
                + "objects, never read\(cost)."
            let alternatives = peers.compactMap { peer -> MeasuredAlternative? in
                guard let theirs = peer.projections?.filter({ $0.entity == entity }),
                    !theirs.isEmpty, theirs.allSatisfy({ !$0.prefetched.contains(path) })
                else { return nil }
                return alternative(peer, "fetches \(entity) without prefetching \(path)")
            }
            let remaining = projection.prefetched.filter { $0 != path }
            let list = remaining.map { "\"\($0)\"" }.joined(separator: ", ")
            let paths = remaining.map { "\\\(entity).\($0)" }.joined(separator: ", ")
            let textbook = FindingFix(
                summary: "Stop prefetching \(path): nothing reads it.",
                coreData: "request.relationshipKeyPathsForPrefetching = [\(list)] on the "
                    + "NSFetchRequest<\(entity)> (\"\(path)\" removed).",
                swiftData: "descriptor.relationshipKeyPathsForPrefetching = [\(paths)] on the "
                    + "FetchDescriptor<\(entity)> (\\\(entity).\(path) removed).")
            var evidence = FindingEvidence(
                fingerprints: groups.map(\.fingerprint),
                statementCount: statements > 0 ? statements : nil,
                totalStatements: result.sqlTrace?.statementCount, rows: rows > 0 ? rows : nil,
                seconds: statements > 0 ? seconds : nil, share: statements > 0 ? share : nil,
                alternatives: alternatives)
            return finding(
                .unreadPrefetch, title: title, entity: entity, keyPath: path,
                evidence: &evidence, textbook: textbook, measuredFix: "no prefetch of \(path)")
        }
    }

    // MARK: - untouched-objects

    /// Many objects fetched, few touched.
    private func untouched(_ projection: FetchProjection) -> Finding? {
        // None touched: the fetch ran for what it does to the context (registering or
        // refreshing objects), which no fetchLimit serves.
        guard projection.fetchBatchSize == 0, projection.touched > 0,
            Double(projection.touched)
                <= Double(projection.objects) * ProjectionFindings.touchedShare
        else { return nil }
        let entity = projection.entity
        let objects = DecisionFormat.count(Double(projection.objects))
        let touched = DecisionFormat.count(Double(projection.touched))
        let perFetch = max(1, projection.touched / max(projection.fetches, 1))
        let fetches =
            projection.fetches > 1
            ? " over \(DecisionFormat.count(Double(projection.fetches))) fetches" : ""
        let title =
            "\(result.key.configuration): \(objects) \(entity) objects fetched\(fetches), "
            + "\(touched) touched: fetchLimit or fetchBatchSize."
        let alternatives = peers.compactMap { peer -> MeasuredAlternative? in
            guard
                peer.projections?.contains(where: {
                    $0.entity == entity && ($0.fetchLimit > 0 || $0.fetchBatchSize > 0)
                }) == true
            else { return nil }
            return alternative(peer, "fetches \(entity) with a fetchLimit or fetchBatchSize")
        }
        let textbook = FindingFix(
            summary: "Fetch only what is used: a fetchLimit when the objects used are the "
                + "first in the sort order, else a fetchBatchSize so untouched objects are "
                + "never loaded.",
            coreData: "request.fetchLimit = \(perFetch) (or request.fetchBatchSize = "
                + "\(perFetch)) on the NSFetchRequest<\(entity)>.",
            swiftData: "descriptor.fetchLimit = \(perFetch) on the FetchDescriptor<\(entity)> "
                + "(SwiftData has no batch size; use fetchOffset and fetchLimit pages).")
        var evidence = FindingEvidence(
            rows: projection.objects, alternatives: alternatives,
            notes: [
                "\(touched) of \(objects) objects had a property read (projection audit)"
            ])
        return finding(
            .untouchedObjects, title: title, entity: entity, keyPath: nil, evidence: &evidence,
            textbook: textbook, measuredFix: "a fetchLimit or fetchBatchSize")
    }

    // MARK: - Shared

    private func byteNote(_ projection: FetchProjection) -> String {
        guard projection.bytesKnown else {
            return "bytes not measured: a batched fetch reads its rows batch by batch"
        }
        let unread = projection.fetchedProperties.filter { !$0.isRead }
            .sorted { $0.bytes > $1.bytes }.prefix(5)
            .map { "\($0.name) \(DecisionFormat.count(Double($0.bytes)))" }
        return "bytes are the fetched values of the audit iteration's rows (8 per integer "
            + "or real, UTF-8 length of text, length of blobs, 0 for NULL); largest unread: "
            + unread.joined(separator: ", ")
    }

    /// Whether `configuration`'s wall-time interval overlaps this case's: a tie, as
    /// the verdicts call it.
    private func isWithinNoise(_ configuration: String) -> Bool {
        guard let mine = result.metric(.wallTime)?.summary.medianInterval,
            let theirs = peers.first(where: { $0.key.configuration == configuration })?
                .metric(.wallTime)?.summary.medianInterval
        else { return false }
        return mine.low <= theirs.high && theirs.low <= mine.high
    }

    private func alternative(_ peer: CaseResult, _ description: String) -> MeasuredAlternative {
        MeasuredAlternative(
            name: peer.key.configuration, description: description, size: peer.key.size,
            statements: peer.sqlTrace?.statementCount,
            originalSeconds: result.metric(.wallTime).map { $0.summary.median / 1e9 },
            seconds: peer.metric(.wallTime).map { $0.summary.median / 1e9 })
    }

    /// The finding, its fix citing the fastest measured alternative, or marked
    /// unmeasured when there is none.
    private func finding(
        _ kind: FindingKind, title: String, entity: String, keyPath: String?,
        evidence: inout FindingEvidence, textbook: FindingFix, measuredFix: String
    ) -> Finding {
        let ranked = evidence.alternatives.sorted { ($0.speedup ?? 0) > ($1.speedup ?? 0) }
        let size = SizeFormat.short(result.key.size)
        let fix: FindingFix
        if let best = ranked.first, let speedup = best.speedup {
            let ratio = DecisionFormat.ratio(speedup >= 1 ? speedup : 1 / speedup)
            let verdict =
                isWithinNoise(best.name)
                ? "Measured: \(best.name) (\(measuredFix)) is within noise of "
                    + "\(result.key.configuration) at \(size) (\(ratio) "
                    + "\(speedup >= 1 ? "faster" : "slower") by the medians): no time measured "
                    + "gained at this size."
                : speedup >= 1
                    ? "Measured: \(best.name) (\(measuredFix)) is \(ratio) faster at \(size)."
                    : "Measured: \(best.name) (\(measuredFix)) is \(ratio) slower at \(size); "
                        + "the saving does not pay here."
            fix = FindingFix(
                summary: verdict + " " + textbook.summary, coreData: textbook.coreData,
                swiftData: textbook.swiftData)
            if speedup > 1, !isWithinNoise(best.name), evidence.seconds == nil,
                let original = best.originalSeconds,
                let seconds = best.seconds
            {
                evidence.seconds = original - seconds
            }
        } else {
            evidence.notes.append(
                "unmeasured: no other configuration of \(result.key.benchmark) uses "
                    + "\(measuredFix), so the fix below is not measured here")
            fix = FindingFix(
                summary: "Unmeasured: " + textbook.summary, coreData: textbook.coreData,
                swiftData: textbook.swiftData)
        }
        let seconds = evidence.seconds
        return Finding(
            kind: kind, severity: FindingSeverity(share: evidence.share, seconds: seconds),
            title: title,
            location: FindingLocation(
                scenario: result.key.benchmark.description,
                configuration: result.key.configuration, size: result.key.size),
            subject: FindingSubject(entity: entity, keyPath: keyPath),
            evidence: evidence, fix: fix,
            confidence: evidence.alternatives.isEmpty ? .log : .measurement,
            isExpected: result.demonstrates?.contains(kind) ?? false)
    }
}
