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

    private var nPlusOne: HTML {
        guard !findings.isEmpty else { return "" }
        let items = findings.map { finding -> HTML in
            let growth =
                finding.growth.isEmpty
                ? ""
                : " Grows linearly with size: "
                    + finding.growth.map {
                        "\(ValueFormat.count(Double($0.count))) at \(SizeFormat.short($0.size))"
                    }
                    .joined(separator: ", ") + "."
            return """
                <div class="finding"><p><strong>\(finding.key.description)</strong>: \
                \(ValueFormat.count(Double(finding.count))) of \
                \(ValueFormat.count(Double(finding.statementCount))) statements are one \
                \(Self.describe(finding.pattern))\(finding.relationship.map { " (\($0))" } ?? "").\
                \(growth)</p><p class="sql">\(finding.fingerprint)</p>\
                <p><strong>Fix:</strong> \(finding.suggestion)</p></div>
                """
        }
        return """
            <section id="n-plus-one"><h2>N+1 findings</h2>\
            <p class="muted">A SELECT run once per object with only its bound values changing \
            (at least 10 times, or growing linearly with size). Batched reads are not flagged.</p>\
            \(items)</section>
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
