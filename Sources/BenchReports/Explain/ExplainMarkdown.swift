import BenchKit
import Foundation

/// The explain-log `summary.md`: facts, findings with their fixes, the costliest
/// operations and the replay, for a pull-request comment or a CI summary. Cells are
/// escaped (``MarkdownReportWriter/escape(_:)``). Cost: string building.
struct ExplainMarkdown {
    let report: ExplainLogReport

    var text: String {
        let escape = MarkdownReportWriter.escape
        var lines = [
            "# SQL log explained: " + escape(report.files.map(\.path).joined(separator: ", ")), "",
        ]
        for file in report.files {
            lines.append(
                "- \(escape(file.path)): \(ValueFormat.count(Double(file.counts.lines))) lines, "
                    + "SQLDebug level \(file.level), \(ValueFormat.count(Double(file.statementCount))) "
                    + "statements, \(ExplainFindingsSection.logged(file.loggedSeconds)) logged, "
                    + "\(file.counts.unparsed) lines not understood")
        }
        lines += report.notes.map { "- " + escape($0) }
        lines += ["", "## Findings", ""]
        if report.findings.isEmpty { lines.append("None.") }
        for (index, finding) in report.findings.enumerated() {
            lines += [
                "\(index + 1). **\(finding.kind.rawValue)** \(escape(finding.title)) "
                    + "(\(escape(finding.location.description)); "
                    + escape(ExplainFindingsSection.cost(finding.evidence)) + "; "
                    + ExplainFindingsSection.confidence(finding.confidence) + ")",
                "   - Fix: " + escape(finding.fix.summary),
                "   - Core Data: " + escape(finding.fix.coreData),
                "   - SwiftData: " + escape(finding.fix.swiftData),
            ]
            for alternative in finding.evidence.alternatives
            where alternative.size == finding.evidence.alternatives.last?.size {
                lines.append(
                    "   - Replayed at \(alternative.size.map(SizeFormat.short) ?? "?"): "
                        + escape(alternative.name) + ", "
                        + ExplainFindingsSection.speedup(alternative.speedup))
            }
        }
        lines += operations() + replay()
        return lines.joined(separator: "\n") + "\n"
    }

    private func operations() -> [String] {
        let escape = MarkdownReportWriter.escape
        var lines = [
            "", "## Costliest operations", "",
            "| file | operation | entity | count | logged time |", "|---|---|---|---:|---:|",
        ]
        for file in report.files {
            for operation in file.operations.prefix(10) {
                let entity = [operation.entity, operation.relationship].compactMap { $0 }.joined(
                    separator: ".")
                lines.append(
                    "| \(escape(file.path)) | \(operation.kind) | \(escape(entity.isEmpty ? operation.table ?? "" : entity)) "
                        + "| \(ValueFormat.count(Double(operation.count))) | "
                        + "\(ExplainFindingsSection.logged(operation.seconds)) |")
            }
        }
        return lines
    }

    private func replay() -> [String] {
        guard let replay = report.replay else { return [] }
        let escape = MarkdownReportWriter.escape
        var lines = [
            "", "## Replay", "",
            "Sizes \(replay.sizes.map(SizeFormat.short).joined(separator: ", ")) (\(escape(replay.primaryEntity)) rows).",
            "",
            "| statement | " + replay.sizes.map(SizeFormat.short).joined(separator: " | ")
                + " | exponent |",
            "|---|" + replay.sizes.map { _ in "---:|" }.joined() + "---:|",
        ]
        for statement in replay.statements {
            let times = replay.sizes.map { size in
                statement.runs.first { $0.size == size }.map {
                    ValueFormat.duration($0.seconds * 1e9)
                } ?? "–"
            }
            lines.append(
                "| \(escape(statement.fingerprint)) | " + times.joined(separator: " | ")
                    + " | \(statement.exponent.map(ValueFormat.significant) ?? "–") |")
        }
        lines += replay.skipped.map {
            "- Not replayed: \(escape($0.fingerprint)): \(escape($0.reason))"
        }
        return lines
    }
}
