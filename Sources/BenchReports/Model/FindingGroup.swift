import BenchKit

/// The N+1 findings of one scenario, as the reports show them: one group per scenario,
/// a line per case and repeated statement, each distinct fix once.
///
/// Cost: one pass over the findings.
struct FindingGroup {
    /// The scenario.
    let scenario: BenchmarkID
    /// Its findings, in the detector's order.
    let findings: [NPlusOneFinding]

    /// The distinct suggestions, in first-seen order.
    var fixes: [String] {
        var fixes: [String] = []
        for finding in findings where !fixes.contains(finding.suggestion) {
            fixes.append(finding.suggestion)
        }
        return fixes
    }

    /// `findings` grouped by scenario, scenarios in first-seen order.
    static func grouping(_ findings: [NPlusOneFinding]) -> [FindingGroup] {
        var order: [BenchmarkID] = []
        var byScenario: [BenchmarkID: [NPlusOneFinding]] = [:]
        for finding in findings {
            if byScenario[finding.key.benchmark] == nil { order.append(finding.key.benchmark) }
            byScenario[finding.key.benchmark, default: []].append(finding)
        }
        return order.map { FindingGroup(scenario: $0, findings: byScenario[$0] ?? []) }
    }
}
