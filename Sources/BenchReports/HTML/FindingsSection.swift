import BenchKit

/// Problems first: checksum mismatches, failed cases, regressions against a baseline
/// and the measured findings, each in plain words with the fix the lab measured.
///
/// Cost: string building.
struct FindingsSection {
    let results: RunResults
    let findings: [Finding]

    var html: HTML {
        HTML(joining: [failures, regressions, measured])
    }

    private var failures: HTML {
        let mismatches = results.checksumMismatches.map { "<li>\($0.description)</li>" as HTML }
        let failed = results.cases.filter { $0.status == .failed }.map { result -> HTML in
            "<li>\(result.key.description): \(result.errors.joined(separator: "; "))</li>"
        }
        guard !(mismatches + failed).isEmpty else { return "" }
        return """
            <section id="failures"><h2 class="bad">Failures</h2><ul>\(mismatches)\(failed)</ul>\
            </section>
            """
    }

    private var regressions: HTML {
        guard let comparison = results.comparison else { return "" }
        let gates = comparison.regressions + comparison.gates.filter { $0.verdict == .improved }
        let rows = gates.map { gate -> HTML in
            let style = gate.verdict == .regressed ? "bad" : "good"
            return """
                <tr><td>\(gate.key.description)</td><td class="text">\(gate.metric)</td>\
                <td>\(ValueFormat.significant(gate.baseline))</td>\
                <td>\(ValueFormat.significant(gate.current))</td>\
                <td class="text \(style)">\(gate.verdict.rawValue)</td>\
                <td class="text why">\(gate.message)</td></tr>
                """
        }
        let table: HTML =
            rows.isEmpty
            ? "<p>Every gate held.</p>"
            : """
            <div class="scroll"><table class="sortable"><thead><tr><th>case</th><th>metric</th>\
            <th>baseline</th><th>current</th><th>verdict</th><th>why</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div>
            """
        let changes = (comparison.findings?.lines ?? []).map { "<li>\($0)</li>" as HTML }
        let findings: HTML =
            changes.isEmpty ? "" : "<h3>Findings that changed</h3><ul>\(changes)</ul>"
        return """
            <section id="regressions"><h2>Regressions against \(comparison.baseline)</h2>\
            <p>\(comparison.regressions.count) of \(comparison.gates.count) gates failed.</p>\
            \(table)\(findings)</section>
            """
    }

    /// How many pattern cards the first screen shows; the rest are one click away.
    static let firstScreen = 5

    /// One card per pattern (``FindingGroup``), ranked by measured cost: the top ones
    /// open, the rest and the declared demonstrations collapsed.
    private var measured: HTML {
        let groups = FindingGroup.grouping(findings)
        guard !groups.isEmpty else { return "" }
        let alarms = groups.filter { !$0.isExpected }
        let expected = groups.filter(\.isExpected)
        let top = alarms.prefix(Self.firstScreen).map(card)
        let rest = alarms.dropFirst(Self.firstScreen).map(card)
        let more: HTML =
            rest.isEmpty
            ? ""
            : "<details><summary>\(rest.count) more finding\(rest.count == 1 ? "" : "s")</summary>\(rest)</details>"
        let shown: HTML =
            expected.isEmpty
            ? ""
            : """
            <details><summary>\(expected.count) expected: configurations built to show a \
            pattern</summary>\(expected.map(card))</details>
            """
        let none: HTML = alarms.isEmpty ? "<p>No finding outside the demonstrations.</p>" : ""
        return """
            <section id="findings"><h2>Findings</h2>\
            <p class="muted">A SELECT run once per object (at least 10 times, or growing \
            linearly with size), checked against the scenario's other configurations: the fix \
            is the one measured fastest, or marked unmeasured. The raw floor gets none.</p>\
            \(none)\(top)\(more)\(shown)</section>
            """
    }

    private func card(_ group: FindingGroup) -> HTML {
        let finding = group.lead
        let rows = finding.evidence.alternatives.map { alternative -> HTML in
            """
            <tr><td class="text">\(alternative.name)</td>\
            <td>\(alternative.size.map(SizeFormat.short) ?? "–")</td>\
            <td>\(alternative.statements.map { DecisionFormat.count(Double($0)) } ?? "–")</td>\
            <td>\(alternative.seconds.map { DecisionFormat.duration($0 * 1e9) } ?? "–")</td>\
            <td>\(alternative.speedup.map(Self.speed) ?? "–")</td></tr>
            """
        }
        let table: HTML =
            rows.isEmpty
            ? ""
            : """
            <div class="scroll"><table><thead><tr><th>measured alternative</th><th>size</th>\
            <th>statements</th><th>median</th><th>vs \(finding.location.configuration ?? "")</th>\
            </tr></thead><tbody>\(rows)</tbody></table></div>
            """
        let notes = finding.evidence.notes.map { "<p class=\"muted\">\($0)</p>" as HTML }
        let style = group.isExpected ? "finding expected" : "finding"
        let label: HTML =
            group.isExpected
            ? "<span class=\"tag\">expected</span>"
            : "<span class=\"flag\">\(finding.severity.rawValue)</span>"
        return """
            <div class="\(style)"><p>\(label) <code>\(finding.kind.rawValue)</code> \
            <strong>\(finding.location.scenario ?? "")</strong>: \(finding.title)</p>\
            <p><strong>Fix:</strong> \(finding.fix.summary)</p>\(table)\(notes)\
            <details><summary>Seen in \(group.seenIn); API and statement</summary>\
            <p>Core Data: \(finding.fix.coreData)</p><p>SwiftData: \(finding.fix.swiftData)</p>\
            <p class="sql">\(finding.evidence.fingerprints.first ?? "")</p></details></div>
            """
    }

    /// `4.4x faster`, `2.86x slower`.
    static func speed(_ speedup: Double) -> String {
        speedup >= 1
            ? "\(DecisionFormat.ratio(speedup)) faster"
            : "\(DecisionFormat.ratio(1 / speedup)) slower"
    }
}
