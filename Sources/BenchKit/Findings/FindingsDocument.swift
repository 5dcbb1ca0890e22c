import Foundation

/// Findings as a versioned JSON document: what `explain.json` embeds and
/// `findings.json` holds, so tools can act on findings without scraping reports.
///
/// Schema version 1: `{"schemaVersion": 1, "generator": "bench explain-log",
/// "findings": [Finding]}`; each finding's fields as ``Finding`` documents them, kinds
/// from ``FindingKind``. docs/EXPLAIN-LOG.md lists the fields. A reader refuses a
/// newer major version. Cost: the findings.
public struct FindingsDocument: Hashable, Sendable, Codable {
    /// The version this build writes.
    public static let currentSchemaVersion = 1

    /// The document's schema version.
    public var schemaVersion: Int
    /// The command that made it (`bench explain-log`, `bench run`).
    public var generator: String
    /// The findings, ranked by cost.
    public var findings: [Finding]

    /// A document of the current version; `findings` are ranked.
    public init(generator: String, findings: [Finding]) {
        schemaVersion = Self.currentSchemaVersion
        self.generator = generator
        self.findings = Finding.ranked(findings)
    }

    /// The document as pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
