import Foundation

/// Finds N+1 patterns in the SQL traces of a run: one statement shape executed once
/// per object, where one or two statements would do.
///
/// A SELECT fingerprint is flagged in a case when it ran at least ``threshold`` times
/// with its bound values changing, or when, across the sizes of one configuration, its
/// count grows linearly with size (log-log slope between 0.8 and 1.2). Batched reads
/// (an `IN (…)` list or an integer-list table) are never flagged: `fetchBatchSize` and
/// prefetching use them on purpose, so a 2-statement prefetch passes. Pure function of
/// the results. Cost: linear in the statement groups of every case.
public struct NPlusOneDetector: Sendable {
    /// Executions of one fingerprint at which a case is flagged (default 10).
    public let threshold: Int

    /// Makes a detector.
    public init(threshold: Int = 10) {
        precondition(threshold >= 2, "an N+1 threshold below 2 flags every statement")
        self.threshold = threshold
    }

    /// The findings in `cases` (passed cases with a trace), most executions first.
    public func findings(in cases: [CaseResult]) -> [NPlusOneFinding] {
        let traced = cases.filter { $0.status == .passed && $0.sqlTrace != nil }
        let lines = Dictionary(grouping: traced) {
            "\($0.key.benchmark)\u{0}\($0.key.configuration)"
        }
        return lines.values.flatMap { findings(line: $0.sorted { $0.key.size < $1.key.size }) }
            .sorted { ($1.count, $0.key) < ($0.count, $1.key) }
    }

    /// Findings of one benchmark configuration, given its cases in size order.
    private func findings(line: [CaseResult]) -> [NPlusOneFinding] {
        var seen = Set<String>()
        var results: [NPlusOneFinding] = []
        for result in line.reversed() {
            for group in result.sqlTrace!.statements where isLookup(group) {
                guard !seen.contains(group.fingerprint) else { continue }
                let growth = linearGrowth(of: group.fingerprint, in: line)
                guard group.count >= threshold || !growth.isEmpty else { continue }
                seen.insert(group.fingerprint)
                results.append(finding(group, in: result, growth: growth))
            }
        }
        return results
    }

    /// A SELECT run more than once with changing values, not a batched read.
    func isLookup(_ group: StatementGroup) -> Bool {
        let batched =
            group.fingerprint.contains("IN (…)") || group.fingerprint.contains("_Z_intarray")
            || group.fingerprint.range(of: " IN (SELECT", options: .caseInsensitive) != nil
        let valuesChange = group.sampleArguments.isEmpty || group.distinctArgumentLists >= 2
        return group.kind == .select && group.count >= 2 && !batched && valuesChange
    }

    /// The counts per size when they grow linearly with size; empty otherwise.
    func linearGrowth(of fingerprint: String, in line: [CaseResult]) -> [SizeCount] {
        let points = line.compactMap { result -> SizeCount? in
            guard let count = result.sqlTrace?.group(fingerprint)?.count else { return nil }
            return SizeCount(size: result.key.size, count: count)
        }
        guard Set(points.map(\.size)).count >= 2,
            let fit = ScalingFit(points: points.map { (Double($0.size), Double($0.count)) }),
            (0.8...1.2).contains(fit.exponent), points.last!.count >= 2
        else { return [] }
        return points
    }

    private func finding(_ group: StatementGroup, in result: CaseResult, growth: [SizeCount])
        -> NPlusOneFinding
    {
        let guess = RelationshipGuess(fingerprint: group.fingerprint)
        return NPlusOneFinding(
            key: result.key, fingerprint: group.fingerprint, count: group.count,
            statementCount: result.sqlTrace!.statementCount, growth: growth,
            pattern: guess.pattern, relationship: guess.relationship,
            suggestion: guess.suggestion)
    }
}
