import SQLBasics

/// One change between a case's SQL in the baseline and in this run that the plan and
/// statement gates judge: a statement fingerprint that appeared or disappeared, or a
/// query plan that gained a full scan or a temporary B-tree or lost an index.
///
/// Found by ``findings(baseline:current:)``, a pure function of two traces, so the
/// gates are deterministic: the same SQL and schema give the same plans on every
/// machine. Cost: a few strings per change.
public struct PlanChange: Hashable, Sendable {
    /// What changed.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A fingerprint ran in this run and not in the baseline.
        case appeared
        /// A fingerprint ran in the baseline and not in this run.
        case disappeared
        /// The plan scans a table it did not scan before.
        case newFullScan
        /// The plan builds a temporary B-tree it did not build before.
        case newTempBTree
        /// The plan no longer uses an index (or the integer primary key) it used.
        case lostIndex
        /// The plan no longer scans a table it scanned (an improvement).
        case fullScanGone
        /// The plan no longer builds a temporary B-tree (an improvement).
        case tempBTreeGone

        /// Whether this kind fails the gate (the others are improvements).
        public var isRegression: Bool {
            switch self {
            case .appeared, .disappeared, .newFullScan, .newTempBTree, .lostIndex: true
            case .fullScanGone, .tempBTreeGone: false
            }
        }

        /// Whether the statement gate judges it (the plan gate judges the rest).
        public var isStatementChange: Bool { self == .appeared || self == .disappeared }
    }

    /// What changed.
    public let kind: Kind
    /// The statement's normalized SQL.
    public let fingerprint: String
    /// The plan step or index concerned (`SCAN t0`, `t0 USING INDEX Z_POST_BYAUTHOR`);
    /// empty for a fingerprint that appeared or disappeared.
    public let subject: String
    /// The baseline's plan, one step per line; nil when it has none.
    public let planBefore: [String]?
    /// This run's plan; nil when it has none.
    public let planAfter: [String]?

    /// The changes from `baseline` to `current`, in the order their statements ran
    /// (disappeared ones last). Plans are compared only when both sides recorded one.
    public static func findings(baseline: SQLTrace, current: SQLTrace) -> [PlanChange] {
        let old = Dictionary(baseline.statements.map { ($0.fingerprint, $0) }) { a, _ in a }
        let new = Set(current.statements.map(\.fingerprint))
        var changes: [PlanChange] = []
        for group in current.statements {
            guard let before = old[group.fingerprint] else {
                changes.append(PlanChange(.appeared, group, before: nil))
                continue
            }
            changes += planChanges(before, group)
        }
        for group in baseline.statements where !new.contains(group.fingerprint) {
            changes.append(PlanChange(.disappeared, group, before: group, after: false))
        }
        return changes
    }

    /// The plan changes of one fingerprint present on both sides.
    private static func planChanges(_ before: StatementGroup, _ after: StatementGroup)
        -> [PlanChange]
    {
        guard let old = before.queryPlan, let new = after.queryPlan else { return [] }
        let scansBefore = Set(old.fullScans.map(\.detail))
        let scansAfter = Set(new.fullScans.map(\.detail))
        let sortsBefore = Set(old.filter(\.usesTempBTree).map(\.detail))
        let sortsAfter = Set(new.filter(\.usesTempBTree).map(\.detail))
        let indexesAfter = Set(new.compactMap(indexUse))
        let pairs: [(Kind, [String])] = [
            (.newFullScan, new.fullScans.map(\.detail).filter { !scansBefore.contains($0) }),
            (
                .newTempBTree,
                new.filter(\.usesTempBTree).map(\.detail).filter {
                    !sortsBefore.contains($0)
                }
            ),
            (.lostIndex, old.compactMap(indexUse).filter { !indexesAfter.contains($0) }),
            (.fullScanGone, old.fullScans.map(\.detail).filter { !scansAfter.contains($0) }),
            (
                .tempBTreeGone,
                old.filter(\.usesTempBTree).map(\.detail).filter {
                    !sortsAfter.contains($0)
                }
            ),
        ]
        return pairs.flatMap { kind, subjects in
            subjects.map { PlanChange(kind, after, subject: $0, before: before) }
        }
    }

    /// The index a step uses, with the table alias it reads through:
    /// `t0 USING INDEX Z_POST_BYAUTHOR`, `t0 USING INTEGER PRIMARY KEY`; nil for none.
    static func indexUse(_ step: QueryPlanStep) -> String? {
        let words = step.detail.split(separator: " ")
        guard words.count >= 4, words[0] == "SEARCH" || words[0] == "SCAN",
            let using = words.firstIndex(of: "USING")
        else { return nil }
        let rest = words[(using + 1)...]
        let name: String
        if rest.starts(with: ["INTEGER", "PRIMARY", "KEY"]) || rest.first == "ROWID" {
            name = "INTEGER PRIMARY KEY"
        } else if let index = rest.firstIndex(of: "INDEX"), index + 1 < words.endIndex {
            name = "INDEX \(words[index + 1])"
        } else {
            return nil
        }
        return "\(words[1]) USING \(name)"
    }

    private init(
        _ kind: Kind, _ group: StatementGroup, subject: String = "", before: StatementGroup?,
        after: Bool = true
    ) {
        self.kind = kind
        self.fingerprint = group.fingerprint
        self.subject = subject
        self.planBefore = before?.queryPlan?.map(\.detail)
        self.planAfter = after ? group.queryPlan?.map(\.detail) : nil
    }

    /// The change in words, then the SQL and both plans, indented: what a gate
    /// message carries.
    public var lines: [String] {
        let head: String =
            switch kind {
            case .appeared: "+ statement appeared:"
            case .disappeared: "- statement disappeared:"
            case .newFullScan: "new full scan \(subject):"
            case .newTempBTree: "new temporary B-tree (\(subject)):"
            case .lostIndex: "index no longer used: \(subject):"
            case .fullScanGone: "full scan gone \(subject):"
            case .tempBTreeGone: "temporary B-tree gone (\(subject)):"
            }
        var lines = [head, "    SQL: \(fingerprint)"]
        if let planBefore { lines.append("    plan before: " + planBefore.joined(separator: "; ")) }
        if let planAfter { lines.append("    plan after:  " + planAfter.joined(separator: "; ")) }
        return lines
    }
}
