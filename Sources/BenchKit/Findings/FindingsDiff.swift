/// The findings that appeared and disappeared between two runs: what `bench compare`
/// and `bench run --baseline` report beside the gates.
///
/// Findings are matched by ``Finding/identity`` (kind, place, subject, fingerprints),
/// so a pattern whose counts or time moved is the same finding, while one that moved
/// to another configuration or size is a new one. Both sides are made by the same
/// rules (``RunFindings`` on each run's results), so a change in the rules between
/// the two builds does not show as a change in the code under test. Pure; cost: one
/// set of identities per side.
public struct FindingsDiff: Hashable, Sendable, Codable {
    /// In the current run, not in the baseline; ranked.
    public let appeared: [Finding]
    /// In the baseline, not in the current run; ranked.
    public let disappeared: [Finding]

    /// The difference between `baseline`'s and `current`'s findings.
    public init(baseline: [Finding], current: [Finding]) {
        let before = Set(baseline.map(\.identity))
        let after = Set(current.map(\.identity))
        appeared = Finding.ranked(current.filter { !before.contains($0.identity) })
        disappeared = Finding.ranked(baseline.filter { !after.contains($0.identity) })
    }

    /// The findings of `baseline` and `current` results compared (``RunFindings``), in
    /// the cases both measured: a case only one run has is listed as added or removed
    /// by the comparison, not as a change of findings.
    public init(baseline: RunResults, current: RunResults) {
        let shared = Set(baseline.cases.map(\.key)).intersection(current.cases.map(\.key))
        func inShared(_ finding: Finding) -> Bool {
            guard let scenario = finding.location.scenario, let size = finding.location.size,
                let configuration = finding.location.configuration
            else { return false }
            return shared.contains {
                $0.benchmark.description == scenario && $0.configuration == configuration
                    && $0.size == size
            }
        }
        self.init(
            baseline: RunFindings.findings(in: baseline).filter(inShared),
            current: RunFindings.findings(in: current).filter(inShared))
    }

    /// Whether nothing appeared or disappeared.
    public var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty }

    /// `finding appeared (n-plus-one): n-plus-one/post-tags [prefetch] 10k: …`, one
    /// line per finding, appeared first; alarms only (declared demonstrations are
    /// counted, not listed).
    public var lines: [String] {
        func line(_ finding: Finding, _ change: String) -> String {
            "finding \(change) (\(finding.kind.rawValue)): \(finding.location): \(finding.title)"
        }
        let shown =
            appeared.filter { !$0.isExpected }.map { line($0, "appeared") }
            + disappeared.filter { !$0.isExpected }.map { line($0, "disappeared") }
        let expected = (appeared + disappeared).filter(\.isExpected).count
        guard expected > 0 else { return shown }
        return shown + [
            "\(expected) expected \(expected == 1 ? "finding" : "findings") (declared "
                + "demonstrations) changed too; see findings.json"
        ]
    }
}
