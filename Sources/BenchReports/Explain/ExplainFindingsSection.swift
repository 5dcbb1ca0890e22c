import BenchKit
import Foundation

/// The findings of an explained log, costliest first: the first ``shown`` as cards,
/// the rest one click away.
///
/// A card says what (kind and title), where (file and lines, entity, key path), how
/// much (executions, rows, logged time and share), the fix in Core Data and SwiftData,
/// what it rests on, the replay's measured alternatives, and its statements, plans and
/// growth under Evidence. Cost: string building.
struct ExplainFindingsSection {
    /// Cards shown before the rest are folded away.
    static let shown = 8

    let report: ExplainLogReport

    var html: HTML {
        let findings = report.findings
        guard !findings.isEmpty else {
            return """
                <section id="findings"><h2>Findings</h2><p>None: no pattern of \
                docs/EXPLAIN-LOG.md was found.</p></section>
                """
        }
        let first = findings.prefix(Self.shown).map(card)
        let rest = findings.dropFirst(Self.shown).map(card)
        let more: HTML =
            rest.isEmpty
            ? ""
            : "<details><summary>\(rest.count) more finding\(rest.count == 1 ? "" : "s")</summary>\(HTML(joining: rest))</details>"
        return """
            <section id="findings"><h2>Findings</h2><p class="muted">Ranked by logged or \
            measured time, not by count.</p>\(HTML(joining: first))\(more)</section>
            """
    }

    private func card(_ finding: Finding) -> HTML {
        let subject = [finding.subject.entity, finding.subject.keyPath.map { "key path \($0)" }]
            .compactMap { $0 }.joined(separator: " · ")
        return """
            <div class="finding \(finding.severity.rawValue)"><p><span class="kind">\
            \(finding.kind.rawValue)</span><strong>\(finding.title)</strong></p>\
            <p class="muted">\(finding.location.description)\(subject.isEmpty ? "" : " · " + subject) · \
            \(finding.severity.rawValue) · \(Self.confidence(finding.confidence))</p>\
            <p>\(Self.cost(finding.evidence))</p>\
            <p><strong>Fix:</strong> \(finding.fix.summary)</p>\
            <dl class="facts"><dt>Core Data</dt><dd><code>\(finding.fix.coreData)</code></dd>\
            <dt>SwiftData</dt><dd><code>\(finding.fix.swiftData)</code></dd></dl>\
            \(alternatives(finding.evidence))\(evidence(finding.evidence))</div>
            """
    }

    static func confidence(_ confidence: FindingConfidence) -> String {
        switch confidence {
        case .log: "from the log alone"
        case .replay: "confirmed by replay"
        case .measurement: "measured by the lab"
        }
    }

    /// `1,000 executions of 1,201 statements · 2,000 rows · 12.3 ms logged (45% of the log)`.
    static func cost(_ evidence: FindingEvidence) -> String {
        var parts: [String] = []
        if let count = evidence.statementCount {
            let total = evidence.totalStatements.map { " of " + ValueFormat.count($0, "statement") }
            parts.append(ValueFormat.count(count, "execution") + (total ?? ""))
        }
        if let rows = evidence.rows { parts.append(ValueFormat.count(rows, "row")) }
        if let seconds = evidence.seconds, seconds > 0 {
            let share = evidence.share.map { " (\(ValueFormat.percent($0)) of the log)" } ?? ""
            parts.append("\(ValueFormat.duration(seconds * 1e9)) logged\(share)")
        } else if evidence.seconds != nil {
            // Logs print times to 0.1 ms: zero means below that.
            parts.append("under 0.1 ms logged")
        }
        return parts.isEmpty ? "Cost not logged." : parts.joined(separator: " · ")
    }

    private func alternatives(_ evidence: FindingEvidence) -> HTML {
        guard !evidence.alternatives.isEmpty else { return "" }
        let rows = evidence.alternatives.map { alternative -> HTML in
            """
            <tr><td class="text">\(alternative.name)</td>\
            <td>\(alternative.size.map(SizeFormat.short) ?? "–")</td>\
            <td>\(alternative.originalSeconds.map { ValueFormat.duration($0 * 1e9) } ?? "–")</td>\
            <td>\(alternative.seconds.map { ValueFormat.duration($0 * 1e9) } ?? "–")</td>\
            <td>\(Self.speedup(alternative.speedup))</td></tr>
            """
        }
        return """
            <div class="scroll"><table><thead><tr><th>replayed fix</th><th>size</th>\
            <th>original</th><th>fixed</th><th>effect</th></tr></thead>\
            <tbody>\(HTML(joining: rows))</tbody></table></div>
            """
    }

    /// A logged time: `8.10 ms`, or `< 0.1 ms` for the zero of a log that prints times
    /// to four decimals of a second.
    static func logged(_ seconds: Double) -> String {
        seconds > 0 ? ValueFormat.duration(seconds * 1e9) : "< 0.1 ms"
    }

    /// `38x faster`, `1.6x slower`.
    static func speedup(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value >= 1
            ? "\(ValueFormat.ratio(value)) faster" : "\(ValueFormat.ratio(1 / value)) slower"
    }

    private func evidence(_ evidence: FindingEvidence) -> HTML {
        let statements = evidence.fingerprints.map { "<pre class=\"sql\">\($0)</pre>" as HTML }
        let plans = evidence.plans.map { plan -> HTML in
            "<p class=\"muted\">Plan (\(plan.source)):</p><pre class=\"sql\">\(SQLPanel.plan(plan.steps))</pre>"
        }
        let growth = evidence.growth.map {
            "\(ValueFormat.duration($0.seconds * 1e9)) at \(SizeFormat.short($0.size))"
        }
        let exponent =
            evidence.growthExponent.map { " (scaling exponent \(ValueFormat.significant($0)))" }
            ?? ""
        let growthLine: HTML =
            growth.isEmpty
            ? "" : "<p>One execution: \(growth.joined(separator: ", "))\(exponent).</p>"
        let notes = evidence.notes.map { "<p class=\"muted\">\($0)</p>" as HTML }
        return """
            <details><summary>Evidence</summary>\(HTML(joining: statements))\(growthLine)\
            \(HTML(joining: plans))\(HTML(joining: notes))</details>
            """
    }
}
