/// One thing wrong with how an app or a configuration uses Core Data: what, where, how
/// much, the fix, and what the claim rests on.
///
/// The one finding model of the lab: `bench explain-log` makes them from a device's
/// log, run reports from the lab's own traces, `bench compare` diffs them; report
/// writers only render them. Codable with a versioned document (``FindingsDocument``)
/// so CI bots and coding agents can act on them without reading HTML.
///
/// Cost: a few strings and arrays.
public struct Finding: Hashable, Sendable, Codable {
    /// What is wrong.
    public var kind: FindingKind
    /// How much it matters (from its share of the time).
    public var severity: FindingSeverity
    /// One sentence: what happens, with the counts.
    public var title: String
    /// Where: the case, or the log's lines.
    public var location: FindingLocation
    /// The entity, key path and table, in the model's own spelling when known.
    public var subject: FindingSubject
    /// How much: statements, rows, time, plans, measured alternatives.
    public var evidence: FindingEvidence
    /// What to change, in Core Data's and SwiftData's API names.
    public var fix: FindingFix
    /// What the finding rests on.
    public var confidence: FindingConfidence
    /// The configuration was declared to demonstrate this pattern: expected, not an
    /// alarm.
    public var isExpected: Bool

    /// A finding.
    public init(
        kind: FindingKind, severity: FindingSeverity, title: String, location: FindingLocation,
        subject: FindingSubject = FindingSubject(), evidence: FindingEvidence, fix: FindingFix,
        confidence: FindingConfidence, isExpected: Bool = false
    ) {
        self.kind = kind
        self.severity = severity
        self.title = title
        self.location = location
        self.subject = subject
        self.evidence = evidence
        self.fix = fix
        self.confidence = confidence
        self.isExpected = isExpected
    }

    /// The cost findings are ranked by: measured seconds, else logged seconds, else
    /// statements avoidable (as microseconds, below any measured time of a millisecond).
    public var rankingCost: Double {
        if let seconds = evidence.seconds { return seconds }
        return Double(evidence.statementCount ?? 0) * 1e-9
    }

    /// What makes two findings the same pattern in two runs: kind, place (scenario,
    /// configuration, size, or file), subject and the statements' fingerprints; not
    /// the counts, times or text, which move from run to run. ``FindingsDiff`` matches
    /// on it.
    public var identity: String {
        let place = [
            location.scenario ?? location.file ?? "", location.configuration ?? "",
            location.size.map(String.init) ?? "",
        ]
        let about = [subject.entity ?? "", subject.keyPath ?? "", subject.table ?? ""]
        return ([kind.rawValue] + place + about + evidence.fingerprints)
            .joined(separator: "\u{0}")
    }

    /// `findings` ranked by cost, most costly first; expected ones after the rest.
    public static func ranked(_ findings: [Finding]) -> [Finding] {
        findings.sorted { first, second in
            if first.isExpected != second.isExpected { return !first.isExpected }
            if first.rankingCost != second.rankingCost {
                return first.rankingCost > second.rankingCost
            }
            return (first.kind.rawValue, first.title) < (second.kind.rawValue, second.title)
        }
    }
}

/// What a finding is about, in the app model's names when a model was given.
public struct FindingSubject: Hashable, Sendable, Codable {
    /// The entity (`Post`).
    public var entity: String?
    /// The key path from the fetched entity (`tags`, `author.name`).
    public var keyPath: String?
    /// The table (`ZPOST`).
    public var table: String?
    /// The column (`ZAUTHOR`).
    public var column: String?

    /// A subject.
    public init(
        entity: String? = nil, keyPath: String? = nil, table: String? = nil, column: String? = nil
    ) {
        self.entity = entity
        self.keyPath = keyPath
        self.table = table
        self.column = column
    }
}

/// The change that removes a finding's cost.
public struct FindingFix: Hashable, Sendable, Codable {
    /// One sentence.
    public var summary: String
    /// In Core Data's API (`relationshipKeyPathsForPrefetching = ["tags"]`).
    public var coreData: String
    /// In SwiftData's API (`FetchDescriptor.relationshipKeyPathsForPrefetching = [\.tags]`),
    /// or how to reach Core Data's where SwiftData has none.
    public var swiftData: String

    /// A fix.
    public init(summary: String, coreData: String, swiftData: String) {
        self.summary = summary
        self.coreData = coreData
        self.swiftData = swiftData
    }
}

/// Where a finding was seen: a benchmark case, or lines of a log file.
public struct FindingLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `suite/scenario`, for a finding from a run.
    public var scenario: String?
    /// The configuration.
    public var configuration: String?
    /// The size.
    public var size: Int?
    /// The log file, for a finding from a log.
    public var file: String?
    /// The first lines where it occurs (at most 20).
    public var lines: [Int]

    /// A location.
    public init(
        scenario: String? = nil, configuration: String? = nil, size: Int? = nil,
        file: String? = nil, lines: [Int] = []
    ) {
        self.scenario = scenario
        self.configuration = configuration
        self.size = size
        self.file = file
        self.lines = lines
    }

    /// `log.txt:12, 40, 68` or `n-plus-one/post-tags [prefetch] 10k`: how terminals,
    /// CI logs and reports name the place (interpolation uses it too, never a debug
    /// dump of the fields).
    public var description: String {
        if let file {
            let shown = lines.prefix(5).map(String.init).joined(separator: ", ")
            return lines.isEmpty ? file : "\(file):\(shown)\(lines.count > 5 ? ", …" : "")"
        }
        var text = scenario ?? "?"
        if let configuration { text += " [\(configuration)]" }
        if let size { text += " \(SizeFormat.short(size))" }
        return text
    }
}
