import DurableFiles
import Foundation

/// Findings as a versioned JSON document: what `explain.json` embeds and
/// `findings.json` (beside a run's `results.json`) holds, so tools can act on findings
/// without scraping reports.
///
/// Schema version 1: `{"schemaVersion": 1, "generator": "bench run", "runID": "…",
/// "findings": [Finding]}`; `runID` only in a run's document; each finding's fields as
/// ``Finding`` documents them, kinds from ``FindingKind``. docs/FINDINGS.md and
/// docs/RESULTS.md list the fields. A reader refuses another version. Cost: the
/// findings.
public struct FindingsDocument: Hashable, Sendable, Codable {
    /// The version this build writes.
    public static let currentSchemaVersion = 1

    /// The document's schema version.
    public var schemaVersion: Int
    /// The command that made it (`bench explain-log`, `bench run`).
    public var generator: String
    /// The run the findings are of (its directory's name), for `findings.json`.
    public var runID: String?
    /// The findings, ranked by cost.
    public var findings: [Finding]

    /// A document of the current version; `findings` are ranked.
    public init(generator: String, findings: [Finding], runID: String? = nil) {
        schemaVersion = Self.currentSchemaVersion
        self.generator = generator
        self.runID = runID
        self.findings = Finding.ranked(findings)
    }

    /// The findings of a run, checked against its measurements (``RunFindings``), as
    /// `findings.json` holds them. Cost: the findings' pass over the traces.
    public init(run results: RunResults) {
        self.init(
            generator: "bench run", findings: RunFindings.findings(in: results),
            runID: results.runID)
    }

    /// The document as pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a document written by `bench run` or `bench explain-log`.
    /// - Throws: ``ResultsFileError`` naming `url` for another schema version;
    ///   `JSONFileError` (file, JSON path or line and column) for unreadable or
    ///   malformed JSON.
    public static func read(from url: URL) throws -> FindingsDocument {
        let document = try JSONFile.read(FindingsDocument.self, from: url, decoder: JSONDecoder())
        guard document.schemaVersion == currentSchemaVersion else {
            throw ResultsFileError(
                path: url.path,
                reason:
                    "findings schemaVersion \(document.schemaVersion); this bench reads "
                    + "\(currentSchemaVersion) (regenerate it with this bench)")
        }
        return document
    }
}
