import BenchKit

/// The whole `index.html`: one self-contained document with inline CSS, SVG and a
/// small sorting script; no network access of any kind.
///
/// Cost: string building, linear in the cases and their traces.
struct HTMLPage {
    let results: RunResults
    /// Runs from a history file, drawn as trends after the suites; empty for none.
    var history: [HistoryRecord] = []

    var html: HTML {
        let summary = ReportSummary(results: results)
        let suites = ScenarioView.suites(of: results).map { suite, scenarios -> HTML in
            let sections = scenarios.map { ScenarioSection(scenario: $0, results: results).html }
            return "<section class=\"suite\"><h2>Suite \(suite)</h2>\(sections)</section>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(results.label) benchmark report</title>
            <style>\(PageStyle.css)</style></head>
            <body>\(HeaderSection(results: results, summary: summary).html)
            \(VerdictSection(verdicts: ScenarioVerdict.verdicts(of: results)).html)
            \(FloorSplitSection(rows: FloorSplit.rows(of: results)).html)
            \(FindingsSection(results: results, findings: summary.findings).html)
            <main>\(suites)\(HistorySection(records: history).html)</main>
            <footer class="muted"><p>Written by bench from results.json \
            (schema \(results.schemaVersion)); re-render with bench report.</p></footer>
            <script>\(PageStyle.script)</script></body></html>

            """
    }
}
