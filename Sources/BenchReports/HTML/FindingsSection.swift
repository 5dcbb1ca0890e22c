import BenchKit

/// Problems first: checksum mismatches, failed cases, regressions against a baseline
/// and N+1 findings, each in plain words with the fix.
///
/// Cost: string building.
struct FindingsSection {
    let results: RunResults
    let findings: [NPlusOneFinding]

    var html: HTML {
        HTML(joining: [failures, regressions, nPlusOne])
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
        return """
            <section id="regressions"><h2>Regressions against \(comparison.baseline)</h2>\
            <p>\(comparison.regressions.count) of \(comparison.gates.count) gates failed.</p>\
            \(table)</section>
            """
    }

    /// One card per scenario, a row per case and repeated statement, so a suite built to
    /// show N+1 (every size, several configurations) stays one screen, not one card each.
    private var nPlusOne: HTML {
        guard !findings.isEmpty else { return "" }
        let groups = FindingGroup.grouping(findings)
        let cards = groups.map(card)
        return """
            <section id="n-plus-one"><h2>N+1 findings</h2>\
            <p class="muted">A SELECT run once per object with only its bound values changing \
            (at least 10 times, or growing linearly with size). Batched reads are not flagged. \
            \(ValueFormat.count(Double(findings.count))) patterns in \(groups.count) \
            scenario\(groups.count == 1 ? "" : "s").</p>\(cards)</section>
            """
    }

    private func card(_ group: FindingGroup) -> HTML {
        let scenario = group.scenario
        let findings = group.findings
        let flagged = Set(findings.map(\.key.configuration))
        let all = Set(
            results.cases.filter { $0.key.benchmark == scenario }.map(\.key.configuration))
        let rows = findings.map { finding -> HTML in
            let growth = finding.growth.map {
                "\(ValueFormat.count(Double($0.count))) at \(SizeFormat.short($0.size))"
            }
            return """
                <tr><td class="text">\(finding.key.configuration)</td>\
                <td>\(SizeFormat.short(finding.key.size))</td>\
                <td>\(ValueFormat.count(Double(finding.count))) of \
                \(ValueFormat.count(Double(finding.statementCount)))</td>\
                <td class="text">\(Self.describe(finding.pattern))\
                \(finding.relationship.map { " (\($0))" } ?? "")\
                \(growth.isEmpty ? "" : "; grows linearly: " + growth.joined(separator: ", "))</td>\
                <td class="sql">\(finding.fingerprint)</td></tr>
                """
        }
        let fixList = group.fixes.map { "<p><strong>Fix:</strong> \($0)</p>" as HTML }
        return """
            <div class="finding"><p><strong>\(scenario.description)</strong>: \
            \(flagged.count) of \(max(all.count, flagged.count)) configurations run a statement \
            per object (\(flagged.sorted().joined(separator: ", "))).</p>\
            \(fixList)<details><summary>\(rows.count) repeated \
            statement\(rows.count == 1 ? "" : "s")</summary>\
            <div class="scroll"><table><thead><tr><th>configuration</th><th>size</th>\
            <th>repeated statements</th><th>pattern</th><th>statement</th></tr></thead>\
            <tbody>\(rows)</tbody></table></div></details></div>
            """
    }

    static func describe(_ pattern: NPlusOneFinding.Pattern) -> String {
        switch pattern {
        case .objectFault: "object fault fired per row"
        case .toManyFault: "to-many relationship fault fired per owner"
        case .manyToManyFault: "many-to-many relationship fault fired per owner"
        case .repeatedLookup: "lookup repeated per object"
        }
    }
}
