import BenchKit
import Foundation

/// The top of the page: run label, date, commit, profile, sizes, environment,
/// datasets, the summary paragraph, and what the run left out.
///
/// Cost: string building.
struct HeaderSection {
    let results: RunResults
    let summary: ReportSummary

    var html: HTML {
        let sizes = Array(Set(results.cases.map(\.key.size))).sorted().map(SizeFormat.short)
        return """
            <header><h1>\(results.label) <span class="muted">benchmark report</span></h1>
            <p class="muted">\(Self.date(results.startedAt)) · \(results.runID)\
            \(results.isPartial ? " · partial run" : "")</p>
            <p class="summary">\(summary.sentences.joined(separator: " "))</p>\(leftOut)
            <details class="facts"><summary>Run facts: commit, profile, machine, datasets\
            </summary><dl class="facts">\(facts(sizes: sizes))</dl>\(datasets)</details></header>
            """
    }

    private func facts(sizes: [String]) -> [HTML] {
        let environment = results.environment
        let rows: [(String, String)] = [
            ("git commit", results.gitCommit ?? "unknown"),
            (
                "profile",
                Self.profileText(results.settings)
            ),
            ("sizes", sizes.joined(separator: ", ")),
            ("seed", String(results.settings.seed)),
            ("isolation", results.settings.isolated ? "one child process per case" : "in process"),
            ("CPU", "\(environment.cpuModel), \(environment.cores) cores"),
            ("memory", ValueFormat.bytes(Double(environment.memoryBytes))),
            ("system", "\(environment.operatingSystem), \(environment.kernel)"),
            (
                "toolchain",
                "Swift \(environment.swiftVersion) (\(environment.buildConfiguration)), "
                    + "SQLite \(environment.sqliteVersion ?? "unknown")"
            ),
            ("allocator", environment.allocator),
            ("command", results.commandLine.joined(separator: " ")),
        ]
        return rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }
    }

    /// What the run left out (``RunResults/leftOut``), open, one item each.
    private var leftOut: HTML {
        guard let lines = results.leftOut, !lines.isEmpty else { return "" }
        let items = lines.map { line -> HTML in "<li>\(line)</li>" }
        return """
            <details class="facts" open><summary>Left out of this run (\(lines.count))</summary>\
            <ul>\(HTML(joining: items))</ul></details>
            """
    }

    private var datasets: HTML {
        guard !results.datasets.isEmpty else { return "" }
        let rows = results.datasets.map { dataset -> HTML in
            """
            <tr><td>\(dataset.name)</td><td>\(SizeFormat.short(dataset.size))</td>\
            <td>\(String(dataset.seed))</td><td class="text"><code>\(dataset.contentHash)</code></td></tr>
            """
        }
        return """
            <h3>Datasets</h3><div class="scroll"><table><thead><tr><th>name</th><th>size</th>\
            <th>seed</th><th>content hash</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    /// The profile and the iterations each case ran: counted ones in an instruction count
    /// (whose timed phase does not run), timed ones otherwise.
    static func profileText(_ settings: RunSettings) -> String {
        let limits = settings.limits
        let measured =
            settings.countsInstructions == true
            ? "\(limits.effectiveCountedIterations) counted"
            : "up to \(limits.maxIterations) timed iterations or "
                + "\(ValueFormat.significant(limits.maxTime)) s"
        return "\(settings.profile.rawValue): \(limits.warmupIterations) warm-up, \(measured), "
            + "\(limits.instrumentedIterations) instrumented"
    }

    /// `2026-11-29 19:42 UTC`.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
