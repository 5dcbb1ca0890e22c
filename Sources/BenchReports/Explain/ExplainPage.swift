import BenchKit
import Foundation

/// The explain-log `index.html`: one self-contained page in the look of `bench run`'s
/// report (same stylesheet, escaping and sortable tables).
///
/// Header with the log's facts and a one-paragraph summary; findings, costliest first,
/// each with where, how much, the fix in Core Data and SwiftData, and the replay's
/// measurements; then operations, statements, the replay's table and what was not
/// understood. Cost: string building, linear in the report.
struct ExplainPage {
    let report: ExplainLogReport

    var html: HTML {
        let names = report.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(names.joined(separator: ", ")) explained</title>
            <style>\(PageStyle.css)\(Self.css)</style></head>
            <body>\(header(names))\(ExplainFindingsSection(report: report).html)
            <main>\(ExplainTables(report: report).html)</main>
            <footer class="muted"><p>Written by bench explain-log from explain.json \
            (schema \(report.schemaVersion)). Times are as the log printed them; replayed \
            times are this machine's, on generated data.</p></footer>
            <script>\(PageStyle.script)</script></body></html>

            """
    }

    /// Styles of this page only: severity colours and code in fix lists.
    static let css: HTML = """
        .finding.medium{border-left-color:#9a6700;background:#fffdf5}\
        .finding.low{border-left-color:#57606a;background:var(--soft)}\
        .kind{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eef1f4;\
        border-radius:4px;padding:0 5px;margin-right:6px}\
        .finding dl.facts dd code{white-space:pre-wrap}.finding p{margin:4px 0}
        """

    private func header(_ names: [String]) -> HTML {
        let statements = report.files.reduce(0) { $0 + $1.statementCount }
        let lines = report.files.reduce(0) { $0 + $1.counts.lines }
        let seconds = report.files.reduce(0) { $0 + $1.loggedSeconds }
        let notes = report.notes.map { "<li>\($0)</li>" as HTML }
        return """
            <header><h1>\(names.joined(separator: ", ")) <span class="muted">SQL log explained\
            </span></h1><p class="muted">\(HeaderSection.date(report.createdAt))</p>\
            <p class="summary">\(summarySentence(statements: statements, seconds: seconds))</p>\
            <dl class="facts">\(facts(lines: lines, statements: statements, seconds: seconds))</dl>\
            \(notes.isEmpty ? "" : "<ul class=\"muted\">\(HTML(joining: notes))</ul>" as HTML)</header>
            """
    }

    private func summarySentence(statements: Int, seconds: Double) -> String {
        let count = report.findings.filter { !$0.isExpected }.count
        guard let first = report.findings.first else {
            return "No findings in \(ValueFormat.count(statements, "statement"))."
        }
        var text = "\(count) finding\(count == 1 ? "" : "s"). The costliest: \(first.title)"
        if let cost = first.evidence.seconds {
            text += " \(ValueFormat.duration(cost * 1e9)) logged"
            if let share = first.evidence.share {
                text += ", \(ValueFormat.percent(share)) of the log's time"
            }
            text += "."
        }
        return text
    }

    private func facts(lines: Int, statements: Int, seconds: Double) -> [HTML] {
        var rows: [(String, String)] = report.files.map { file in
            (
                file.path,
                "\(ValueFormat.count(Double(file.counts.lines))) lines, "
                    + "\(ValueFormat.bytes(Double(file.bytes))), SQLDebug level \(file.level) "
                    + "as its lines show, \(ValueFormat.count(Double(file.counts.output))) lines "
                    + "of app output, \(ValueFormat.count(Double(file.counts.unparsed))) not understood"
            )
        }
        let kinds = report.files.flatMap { $0.operationCounts }.reduce(into: [String: Int]()) {
            $0[$1.key, default: 0] += $1.value
        }
        rows += [
            ("statements", ValueFormat.count(Double(statements))),
            (
                "operations",
                OperationCountsText.line(kinds)
            ),
            ("logged time", ValueFormat.duration(seconds * 1e9)),
            ("model", report.model ?? "none (names guessed from tables)"),
        ]
        if let replay = report.replay {
            rows.append(
                (
                    "replay",
                    "\(ValueFormat.count(replay.statements.count, "statement")) at "
                        + replay.sizes.map(SizeFormat.short).joined(separator: ", ")
                        + " rows of \(replay.primaryEntity) (the model's primary entity)"
                ))
        }
        return rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }
    }
}
