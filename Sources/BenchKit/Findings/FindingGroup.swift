/// Findings grouped by pattern, as reports and the terminal show them: one group per
/// scenario (or log file), kind and what the pattern is about, listing every
/// configuration and size it was seen in, so a pattern shown by three configurations
/// is one card, not three.
///
/// "What it is about" is the subject when a key path names it (`Post.tags`: a delete
/// rule's two reads, or the same fault at two sizes, are one pattern), else the first
/// repeated statement. Groups keep ``Finding/ranked(_:)`` order: alarms by measured
/// cost first, expected ones (declared demonstrations) after. Cost: one pass over the
/// findings.
public struct FindingGroup: Sendable {
    /// The costliest finding of the group, whose text the card shows.
    public let lead: Finding
    /// Every finding of the group, lead first.
    public let members: [Finding]

    /// Whether every member is a declared demonstration.
    public var isExpected: Bool { members.allSatisfy(\.isExpected) }

    /// `fault-per-object 10k, prefetch 10k`: each configuration and size once.
    public var seenIn: String {
        var seen: [String] = []
        for member in members {
            let place =
                (member.location.configuration ?? "?")
                + (member.location.size.map { " " + SizeFormat.short($0) } ?? "")
            if !seen.contains(place) { seen.append(place) }
        }
        return seen.joined(separator: ", ")
    }

    /// The ranked `findings` grouped by pattern, in rank order.
    public static func grouping(_ findings: [Finding]) -> [FindingGroup] {
        var order: [String] = []
        var members: [String: [Finding]] = [:]
        for finding in Finding.ranked(findings) {
            let key = patternKey(finding)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(finding)
        }
        return order.map { FindingGroup(lead: members[$0]![0], members: members[$0]!) }
    }

    private static func patternKey(_ finding: Finding) -> String {
        let about =
            finding.subject.keyPath.map { "\(finding.subject.entity ?? "").\($0)" }
            ?? finding.evidence.fingerprints.first ?? finding.title
        return [
            finding.location.scenario ?? finding.location.file ?? "", finding.kind.rawValue,
            about, finding.isExpected ? "expected" : "",
        ].joined(separator: "\u{0}")
    }
}
