import BenchKit
import DurableFiles
import Foundation

/// The terminal summary of `bench explain-log`: the logs' facts, findings ranked by
/// cost with where, how much, the fix and the replay's effect, then the replay.
///
/// Text from the log is shown with its control characters escaped, so a log cannot
/// move the cursor or colour the terminal. Cost: string building.
public struct ExplainSummaryText {
    let report: ExplainLogReport

    /// The summary of `report`.
    public init(report: ExplainLogReport) {
        self.report = report
    }

    /// Its lines.
    public var lines: [String] {
        var lines: [String] = report.files.flatMap(fileLines)
        lines += report.notes.map { "note: " + Self.clean($0) }
        lines.append("")
        lines.append(
            report.findings.isEmpty
                ? "No findings." : "Findings (\(report.findings.count)), costliest first:")
        for (index, finding) in report.findings.enumerated() {
            lines += findingLines(index + 1, finding)
        }
        lines += replayLines()
        return lines
    }

    private func fileLines(_ file: ExplainedFile) -> [String] {
        let kinds = OperationCountsText.line(file.operationCounts)
        var lines = [
            "\(Self.clean(file.path)): \(ValueFormat.count(file.counts.lines, "line")) "
                + "(SQLDebug level \(file.level) as its lines show), "
                + "\(ValueFormat.count(file.statementCount, "statement")), "
                + "\(ExplainFindingsSection.logged(file.loggedSeconds)) logged",
            "  operations: " + (kinds.isEmpty ? "none" : kinds),
        ]
        var skipped: [String] = []
        if file.counts.output > 0 {
            skipped.append("\(ValueFormat.count(file.counts.output, "line")) of app output")
        }
        if file.counts.unparsed > 0 {
            let shown = file.unparsed.prefix(5).map { String($0.line) }.joined(separator: ", ")
            skipped.append(
                "\(file.counts.unparsed) Core Data lines not understood (lines \(shown)\(file.unparsed.count > 5 ? ", …" : ""))"
            )
        }
        if file.truncatedStatementCount > 0 {
            skipped.append(
                "\(ValueFormat.count(file.truncatedStatementCount, "statement")) cut off")
        }
        if !skipped.isEmpty { lines.append("  skipped: " + skipped.joined(separator: "; ")) }
        return lines
    }

    private func findingLines(_ number: Int, _ finding: Finding) -> [String] {
        var lines = [
            "\(number). [\(finding.kind.rawValue), \(finding.severity.rawValue)] \(Self.clean(finding.title))",
            "   where: \(Self.clean(finding.location.description))",
            "   cost: \(ExplainFindingsSection.cost(finding.evidence)); "
                + ExplainFindingsSection.confidence(finding.confidence),
            "   fix: \(Self.clean(finding.fix.summary))",
            "     Core Data: \(Self.clean(finding.fix.coreData))",
            "     SwiftData: \(Self.clean(finding.fix.swiftData))",
        ]
        let largest = finding.evidence.alternatives.map { $0.size ?? 0 }.max()
        for alternative in finding.evidence.alternatives where alternative.size == largest {
            let original = alternative.originalSeconds.map { ValueFormat.duration($0 * 1e9) } ?? "?"
            let fixed = alternative.seconds.map { ValueFormat.duration($0 * 1e9) } ?? "?"
            lines.append(
                "   replayed at \(alternative.size.map(SizeFormat.short) ?? "?"): "
                    + "\(Self.clean(alternative.name)): \(fixed) instead of \(original) "
                    + "(\(ExplainFindingsSection.speedup(alternative.speedup)))")
        }
        return lines
    }

    private func replayLines() -> [String] {
        guard let replay = report.replay else { return [] }
        var lines = [
            "",
            "Replay at \(replay.sizes.map(SizeFormat.short).joined(separator: ", ")) rows of "
                + "\(replay.primaryEntity) (the model's primary entity): "
                + "\(ValueFormat.count(replay.statements.count, "statement")), "
                + "\(replay.skipped.count) not replayed",
        ]
        for statement in replay.statements.sorted(by: {
            ($0.largest?.seconds ?? 0) > ($1.largest?.seconds ?? 0)
        }).prefix(10) {
            let times = statement.runs.map {
                "\(ValueFormat.duration($0.seconds * 1e9)) at \(SizeFormat.short($0.size))"
            }
            let exponent =
                statement.exponent.map { ", exponent \(ValueFormat.significant($0))" } ?? ""
            lines.append(
                "  \(times.joined(separator: ", "))\(exponent): \(Self.clean(String(statement.fingerprint.prefix(110))))"
            )
        }
        lines += replay.skipped.prefix(10).map {
            "  not replayed (\(Self.clean($0.reason))): \(Self.clean(String($0.fingerprint.prefix(90))))"
        }
        return lines
    }

    private static func clean(_ text: String) -> String {
        ControlCharacters.escaped(text)
    }
}
