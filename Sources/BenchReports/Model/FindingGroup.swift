import BenchKit

/// Findings grouped by pattern, as the reports show them: one group per scenario, kind
/// and repeated statement, listing every configuration and size it was seen in, so a
/// pattern shown by three configurations is one card, not three.
///
/// Groups keep ``Finding/ranked(_:)`` order: alarms by measured cost first, expected
/// ones (declared demonstrations) after. Cost: one pass over the findings.
struct FindingGroup {
    /// The costliest finding of the group, whose text the card shows.
    let lead: Finding
    /// Every finding of the group, lead first.
    let members: [Finding]

    /// Whether every member is a declared demonstration.
    var isExpected: Bool { members.allSatisfy(\.isExpected) }

    /// `fault-per-object 10k, prefetch 10k`.
    var seenIn: String {
        members.map {
            "\($0.location.configuration ?? "?")"
                + ($0.location.size.map { " " + SizeFormat.short($0) } ?? "")
        }.joined(separator: ", ")
    }

    /// The ranked `findings` grouped by scenario, kind and first fingerprint, in rank
    /// order.
    static func grouping(_ findings: [Finding]) -> [FindingGroup] {
        var order: [String] = []
        var members: [String: [Finding]] = [:]
        for finding in Finding.ranked(findings) {
            let key = [
                finding.location.scenario ?? "", finding.kind.rawValue,
                finding.evidence.fingerprints.first ?? finding.title,
                finding.isExpected ? "expected" : "",
            ].joined(separator: "\u{0}")
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(finding)
        }
        return order.map { FindingGroup(lead: members[$0]![0], members: members[$0]!) }
    }
}
