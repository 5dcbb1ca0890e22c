import DurableFiles
import Foundation

/// What a block's statements look like once their values are gone: each fingerprint
/// in the order it first ran, how often it ran, its kind and its query plan. Recorded
/// to a JSON file beside the test (``QueryExpectation/matchesSnapshot(_:record:filePath:function:sourceLocation:)``)
/// and compared on later runs.
///
/// The file, with sorted keys (the plan is nil, and left out, when none is known):
///
/// ```json
/// {
///   "statements" : [
///     { "count" : 1, "fingerprint" : "SELECT … FROM ZPOST t0 WHERE t0.ZAUTHOR = ?",
///       "kind" : "select", "plan" : [ "SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)" ] }
///   ],
///   "version" : 1
/// }
/// ```
///
/// Cost: one pass over the statements; the file is one small document.
public struct QuerySnapshot: Hashable, Sendable, Codable {
    /// One statement shape.
    public struct Shape: Hashable, Sendable, Codable {
        /// The fingerprint: the SQL with its values replaced by `?`.
        public let fingerprint: String
        /// `select`, `insert`, …
        public let kind: String
        /// How often it ran.
        public let count: Int
        /// The plan's steps (`EXPLAIN QUERY PLAN` details); nil when unknown.
        public let plan: [String]?
    }

    /// The version this library writes and reads.
    public static let currentVersion = 1

    /// The file format's version.
    public let version: Int
    /// The shapes, in the order each first ran.
    public let statements: [Shape]

    /// The snapshot of `log`'s statements.
    public init(_ log: QueryLog) {
        var order: [String] = []
        var counts: [String: Int] = [:]
        var kinds: [String: String] = [:]
        var plans: [String: [String]] = [:]
        for statement in log.statements {
            let key = statement.fingerprint
            if counts[key] == nil {
                order.append(key)
                kinds[key] = statement.kind.rawValue
            }
            counts[key, default: 0] += 1
            if plans[key] == nil, let plan = statement.plan {
                plans[key] = plan.map(\.detail)
            }
        }
        version = Self.currentVersion
        statements = order.map {
            Shape(fingerprint: $0, kind: kinds[$0] ?? "", count: counts[$0] ?? 0, plan: plans[$0])
        }
    }

    /// The file's text: pretty-printed, sorted keys, a final newline.
    public var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and integers only: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// How `self` (now) differs from `recorded`, one line each, in the format the
    /// lab's gates print under a failing SQL counter: `+ FINGERPRINT ×n (appeared)`,
    /// `- FINGERPRINT ×n (disappeared)`, `~ FINGERPRINT ×a → ×b`, and `~ plan of
    /// FINGERPRINT:` with `- step` / `+ step` lines. Empty when they agree.
    public func differences(from recorded: QuerySnapshot) -> [String] {
        var lines: [String] = []
        let old = Dictionary(recorded.statements.map { ($0.fingerprint, $0) }) { a, _ in a }
        let new = Set(statements.map(\.fingerprint))
        for shape in statements {
            guard let before = old[shape.fingerprint] else {
                lines.append("+ \(shape.fingerprint) ×\(shape.count) (appeared)")
                continue
            }
            if before.count != shape.count {
                lines.append("~ \(shape.fingerprint) ×\(before.count) → ×\(shape.count)")
            }
            let planBefore = before.plan ?? []
            let planAfter = shape.plan ?? []
            if before.plan != nil, shape.plan != nil, planBefore != planAfter {
                lines.append("~ plan of \(shape.fingerprint):")
                lines += planBefore.filter { !planAfter.contains($0) }.map { "    - \($0)" }
                lines += planAfter.filter { !planBefore.contains($0) }.map { "    + \($0)" }
            }
        }
        for shape in recorded.statements where !new.contains(shape.fingerprint) {
            lines.append("- \(shape.fingerprint) ×\(shape.count) (disappeared)")
        }
        return lines
    }
}

/// Where a snapshot lives, whether to record it, and what a comparison says.
struct SnapshotCheck {
    /// The environment variable that records snapshots: `1` (or `all`) records every
    /// snapshot compared, `missing` only those without a file.
    static let recordVariable = "FAULTLINE_RECORD_SNAPSHOTS"

    /// How a run treats snapshot files.
    enum Mode: Equatable {
        case compare, recordAll, recordMissing
    }

    let file: URL
    let mode: Mode
    /// `CI=true` (or `1`): a snapshot written by this run fails the test, so a CI run
    /// never passes on a file it made itself.
    let isCI: Bool

    /// `__QuerySnapshots__/<test file>.<test>[.<name>].json` beside `filePath`.
    init(
        filePath: String, function: String, name: String?, record: Bool?,
        environment: [String: String]
    ) {
        let source = URL(fileURLWithPath: filePath)
        let testFile = source.deletingPathExtension().lastPathComponent
        let test = Self.sanitized(String(function.prefix { $0 != "(" }))
        let stem = [testFile, test] + (name.map { [Self.sanitized($0)] } ?? [])
        file = source.deletingLastPathComponent()
            .appendingPathComponent("__QuerySnapshots__", isDirectory: true)
            .appendingPathComponent(stem.joined(separator: ".") + ".json")
        switch (record, environment[Self.recordVariable]?.lowercased()) {
        case (true, _): mode = .recordAll
        case (false, _): mode = .compare
        case (nil, "1"), (nil, "all"), (nil, "true"), (nil, "yes"): mode = .recordAll
        case (nil, "missing"): mode = .recordMissing
        default: mode = .compare
        }
        let ci = environment["CI"]?.lowercased()
        isCI = ci == "true" || ci == "1"
    }

    /// Letters, digits, `-` and `_` kept; anything else becomes `_`.
    static func sanitized(_ text: String) -> String {
        let kept = text.map {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_"
        }
        return kept.isEmpty ? "_" : String(kept)
    }

    /// Compares `snapshot` with the file (or records it): the failure message, nil
    /// when it matches or was recorded outside CI.
    func failure(for snapshot: QuerySnapshot, log: QueryLog) -> String? {
        let exists = FileManager.default.fileExists(atPath: file.path)
        if mode == .recordAll || (mode == .recordMissing && !exists) {
            do {
                try AtomicFile.createDirectory(file.deletingLastPathComponent())
                try AtomicFile.write(Data(snapshot.jsonText.utf8), to: file)
            } catch {
                return "query snapshot \(file.path) could not be written: \(error)"
            }
            guard isCI else { return nil }
            return "query snapshot \(file.path) was recorded by this run with CI set "
                + "(\(Self.recordVariable) is set): commit it and run again without "
                + "\(Self.recordVariable); a CI run never passes on a snapshot it wrote"
        }
        guard exists else {
            return "no query snapshot at \(file.path): record it with "
                + "\(Self.recordVariable)=1 (for example `\(Self.recordVariable)=1 swift test "
                + "--filter <this test>`), review and commit the file"
                + (isCI ? "; CI never records one" : "")
                + QueryReport.listing(log.statements, from: log)
        }
        let recorded: QuerySnapshot
        do {
            recorded = try JSONDecoder().decode(QuerySnapshot.self, from: Data(contentsOf: file))
        } catch {
            return "query snapshot \(file.path) cannot be read (\(error)): fix it or record it "
                + "again with \(Self.recordVariable)=1"
        }
        guard recorded.version == QuerySnapshot.currentVersion else {
            return "query snapshot \(file.path) has version \(recorded.version); this "
                + "library reads \(QuerySnapshot.currentVersion): record it again with "
                + "\(Self.recordVariable)=1"
        }
        let lines = snapshot.differences(from: recorded)
        guard !lines.isEmpty else { return nil }
        let total = { (s: QuerySnapshot) in s.statements.reduce(0) { $0 + $1.count } }
        return "query snapshot \(file.path) differs: \(total(recorded)) statement(s) "
            + "recorded, \(total(snapshot)) now (intended? record again with "
            + "\(Self.recordVariable)=1):\n"
            + lines.joined(separator: "\n") + QueryReport.listing(log.statements, from: log)
    }
}
