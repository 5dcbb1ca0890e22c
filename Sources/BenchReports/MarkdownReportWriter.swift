import BenchKit
import DurableFiles
import Foundation

/// Writes `summary.md`: the report for a CI step summary or a pull-request comment.
///
/// The verdict table first (which configuration to use), regressions and the findings
/// that appeared or disappeared when a baseline comparison is present, then the summary
/// paragraph, what the run left out, where the SQL logs are, the measured findings, the
/// engine against its own SQL (``FloorSplit``) and per suite a table of each scenario's configurations
/// and sizes (median time with its interval, statements, peak allocated memory, ratio to
/// the reference) under its verdicts. Cells are escaped so data cannot break the table
/// or inject HTML. Cost: string building.
public struct MarkdownReportWriter: ReportWriter {
    /// Makes the writer.
    public init() {}

    /// ``ReportFormat/markdown``.
    public var format: ReportFormat { .markdown }

    /// Writes `summary.md`.
    public func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        let url = directory.appendingPathComponent("summary.md")
        try AtomicFile.write(render(results), to: url)
        return [url]
    }

    /// The document's text.
    public func render(_ results: RunResults) -> String {
        let summary = ReportSummary(results: results)
        var lines = ["# \(Self.escape(results.label)) benchmark report", ""]
        lines += verdicts(ScenarioVerdict.verdicts(of: results))
        lines += regressions(results)
        lines += findingChanges(results.comparison)
        lines.append(Self.escape(summary.sentences.joined(separator: " ")))
        lines += [
            "",
            // Plain escaped text, not a code span: backslash escapes and entities do not
            // work inside code spans, so a hostile commit string could end one.
            "Commit \(Self.escape(results.gitCommit ?? "unknown")) · profile "
                + "\(results.settings.profile.rawValue) · \(results.environment.cores) cores, "
                + Self.escape(results.environment.cpuModel), "",
        ]
        lines += leftOut(results)
        lines += sqlLogs(results)
        lines += findings(summary.findings)
        lines += floorSplit(FloorSplit.rows(of: results))
        for (suite, scenarios) in ScenarioView.suites(of: results) {
            lines += ["## Suite \(Self.escape(suite))", ""]
            for scenario in scenarios { lines += table(scenario, results) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the run left out (``RunResults/leftOut``), one bullet each.
    private func leftOut(_ results: RunResults) -> [String] {
        guard let lines = results.leftOut, !lines.isEmpty else { return [] }
        return ["## Left out of this run", ""] + lines.map { "- " + Self.escape($0) } + [""]
    }

    private func regressions(_ results: RunResults) -> [String] {
        guard let comparison = results.comparison, !comparison.regressions.isEmpty else {
            return []
        }
        // The closures' types are spelled out: inferred, they took the type checker
        // two seconds.
        let rows = comparison.regressions.map { (gate: GateResult) -> String in
            let summary = String(gate.message.prefix { $0 != "\n" })
            let baseline = ValueFormat.significant(gate.baseline)
            let current = ValueFormat.significant(gate.current)
            return "| \(Self.escape(gate.key.description)) | \(Self.escape(gate.metric)) | "
                + "\(baseline) | \(current) | \(Self.escape(summary)) |"
        }
        let diffs = comparison.regressions.filter { $0.message.contains("\n") }.flatMap {
            (gate: GateResult) -> [String] in
            let body = gate.message.split(separator: "\n").dropFirst().joined(separator: "\n")
            let fence = Self.fence(for: body, character: "`", minimum: 3)
            let heading = "\(Self.escape(gate.key.description)) \(Self.escape(gate.metric)):"
            let lines: [String] = body.split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            return ["", heading, "", fence] + lines + [fence]
        }
        return [
            "## Regressions against \(Self.escape(comparison.baseline))", "",
            "| case | metric | baseline | current | why |", "|---|---|---:|---:|---|",
        ] + rows + diffs + [""]
    }

    /// The findings that appeared or disappeared against the baseline, a bullet each.
    private func findingChanges(_ comparison: BaselineComparison?) -> [String] {
        guard let comparison, let diff = comparison.findings, !diff.isEmpty else { return [] }
        let bullets = diff.lines.map { "- " + Self.escape($0) }
        return ["## Findings against \(Self.escape(comparison.baseline))", ""] + bullets + [""]
    }

    /// Which configuration to use: a row per scenario and size, crossovers under the
    /// table.
    private func verdicts(_ verdicts: [ScenarioVerdict]) -> [String] {
        guard !verdicts.isEmpty else { return [] }
        var lines = [
            "## Which configuration to use", "",
            "| scenario | size | use | median (95% CI) | margin | why |",
            "|---|---:|---|---:|---|---|",
        ]
        for verdict in verdicts {
            for size in verdict.sizes {
                let use =
                    size.tied.isEmpty
                    ? "**\(Self.escape(size.winner))**" : Self.escape(size.choice)
                let margin =
                    size.runnerUp?.speedText ?? "–"
                let cells = [
                    Self.escape(verdict.scenario.description), SizeFormat.short(size.size), use,
                    size.timeText, Self.escape(margin), Self.escape(size.why ?? "–"),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        let crossings = verdicts.flatMap { verdict in
            verdict.crossovers.map {
                "- \(Self.escape(verdict.scenario.description)): " + Self.escape($0.sentence)
            }
        }
        return lines + [""] + crossings + (crossings.isEmpty ? [] : [""])
    }

    /// Where the level-1 SQL logs are, when any case has one.
    private func sqlLogs(_ results: RunResults) -> [String] {
        let count = results.cases.filter { $0.sqlLogLineCount != nil }.count
        guard count > 0 else { return [] }
        return [
            "SQL logs: `\(SQLLogFiles.folder)/<suite>/<scenario>--<configuration>--<size>.log`, "
                + "one per traced case (\(count)).", "",
        ]
    }

    /// The top findings by measured cost, a bullet per pattern with its measured fix;
    /// the rest counted, the declared demonstrations listed last.
    private func findings(_ findings: [Finding]) -> [String] {
        let groups = FindingGroup.grouping(findings)
        guard !groups.isEmpty else { return [] }
        let alarms = groups.filter { !$0.isExpected }
        let expected = groups.filter(\.isExpected)
        var lines = ["## Findings", ""]
        for group in alarms.prefix(FindingsSection.firstScreen) { lines += bullet(group) }
        if alarms.count > FindingsSection.firstScreen {
            lines.append(
                "- \(alarms.count - FindingsSection.firstScreen) more in index.html and "
                    + "findings.json.")
        }
        if alarms.isEmpty { lines.append("No finding outside the demonstrations.") }
        if !expected.isEmpty {
            lines += ["", "Expected, in configurations built to show a pattern:", ""]
            for group in expected { lines += bullet(group) }
        }
        return lines + [""]
    }

    /// Each engine configuration's ratio to the minimal floor split at the same-SQL floor
    /// (``FloorSplit``), a row per configuration and size.
    private func floorSplit(_ rows: [FloorSplit.Row]) -> [String] {
        guard !rows.isEmpty else { return [] }
        var lines = [
            "## The engine against its own SQL", "", Self.escape(FloorSplit.explanation), "",
            "| scenario | configuration | size | metric | engine / raw | Core Data's SQL vs "
                + "minimal SQL | engine vs its own SQL | statements |",
            "|---|---|---:|---|---:|---:|---:|---|",
        ]
        for row in rows {
            let cells = [
                Self.escape(row.scenario.description), Self.escape(row.configuration),
                SizeFormat.short(row.size), Self.escape(row.metric.name), row.whole.text,
                row.shape.text, row.engine.text,
                row.statementsNote.isEmpty ? "same" : Self.escape(row.statementsNote),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines + [""]
    }

    private func bullet(_ group: FindingGroup) -> [String] {
        let finding = group.lead
        return [
            "- **\(Self.escape(finding.location.scenario ?? ""))** "
                + "(\(finding.kind.rawValue), \(finding.severity.rawValue)): "
                + Self.escape(finding.title),
            "  - Fix: " + Self.escape(finding.fix.summary),
        ] + (group.members.count > 1 ? ["  - Seen in " + Self.escape(group.seenIn)] : [])
    }

    private func table(_ scenario: ScenarioView, _ results: RunResults) -> [String] {
        let verdicts = Verdict(scenario: scenario, analysis: results.analysis).sentences
        var lines = ["### \(Self.escape(scenario.benchmark.description))", ""]
        let breakdown = LayerBreakdown(scenario: scenario).sentence.map { [$0] } ?? []
        lines +=
            (verdicts + breakdown).map { "- " + Self.escape($0) }
            + (verdicts.isEmpty && breakdown.isEmpty ? [] : [""])
        lines += [
            "| configuration | size | median time | 95% CI | statements | peak allocated | status |",
            "|---|---:|---:|---|---:|---:|---|",
        ]
        for size in scenario.sizes {
            for configuration in scenario.configurations {
                guard let result = scenario.result(configuration, size) else { continue }
                lines.append(row(result))
            }
        }
        return lines + [""]
    }

    private func row(_ result: CaseResult) -> String {
        let time = result.metric(.wallTime)?.summary
        let memory = result.metric(.peakAllocated)?.summary
        let cells = [
            Self.escape(result.key.configuration), SizeFormat.short(result.key.size),
            time.map { ValueFormat.duration($0.median) } ?? "–",
            time.map {
                ValueFormat.duration($0.medianInterval.low) + " – "
                    + ValueFormat.duration($0.medianInterval.high)
            } ?? "–",
            result.sqlTrace.map { ValueFormat.count(Double($0.statementCount)) } ?? "–",
            memory.map { ValueFormat.bytes($0.median) } ?? "–", result.status.rawValue,
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    /// A run of `character` longer than any run of it in `text`, at least `minimum`
    /// long: a code fence or span delimiter the text cannot close.
    static func fence(for text: String, character: Character, minimum: Int) -> String {
        var longest = 0
        var run = 0
        for each in text {
            run = each == character ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: character, count: max(minimum, longest + 1))
    }

    /// Escapes Markdown table and inline syntax and HTML: `|`, `\`, `` ` ``, `*`, `_`,
    /// `<`, `>`, `&`, `[`, `]`; newlines become spaces.
    static func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "|", "\\", "`", "*", "_", "[", "]": output += "\\\(character)"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "&": output += "&amp;"
            case "\n", "\r": output += " "
            default: output.append(character)
            }
        }
        return output
    }
}
