import BenchKit
import Foundation

/// The SQL one case issued: each distinct statement fingerprint with its count, total
/// and mean time, rows, sample bound values and query plan, full scans and temporary
/// B-trees flagged, and a relative link to the case's level-1 SQL log (``SQLLogFiles``)
/// when the results say it has one.
///
/// Collapsed by default (a `<details>` per case) so long traces do not bury the
/// charts; printing opens them. Cost: string building, one row per fingerprint.
struct SQLPanel {
    let result: CaseResult

    var html: HTML {
        guard let trace = result.sqlTrace else { return "" }
        let kinds = SQLStatementKind.allCases.compactMap { kind in
            trace.countsByKind[kind].map { "\(ValueFormat.count(Double($0))) \(kind.rawValue)" }
        }
        let rows = trace.statements.sorted { $0.totalNanoseconds > $1.totalNanoseconds }.map(row)
        return """
            <details class="sql-panel"><summary>SQL of \(result.key.configuration) at \
            \(SizeFormat.short(result.key.size)): \(ValueFormat.count(trace.statementCount, "statement")), \
            \(trace.statements.count) distinct\(flags(trace))</summary>\
            <p class="muted">\(kinds.joined(separator: ", ")); \
            \(ValueFormat.duration(trace.totalNanoseconds)) in SQLite (one instrumented iteration).\
            \(logLink)</p>\
            <div class="scroll"><table class="sortable"><thead><tr><th>statement</th><th>count</th>\
            <th>total</th><th>mean</th><th>rows</th><th class="text">sample values</th>\
            <th class="text">query plan</th>\
            </tr></thead><tbody>\(rows)</tbody></table></div></details>
            """
    }

    /// ` <a href="sql/…log">SQL log</a> (14,345 lines, the first 2,000 in the file).`
    private var logLink: HTML {
        guard let lines = result.sqlLogLineCount else { return "" }
        let path = SQLLogFiles.path(for: result.key)
        let href = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let kept =
            lines > SQLLog.lineLimit
            ? ", the first \(ValueFormat.count(Double(SQLLog.lineLimit))) in the file" : ""
        return " <a href=\"\(href)\">SQL log</a> (\(ValueFormat.count(lines, "line"))\(kept))."
    }

    private func flags(_ trace: SQLTrace) -> HTML {
        let scans = trace.statements.filter(\.hasFullScan).count
        let sorts = trace.statements.filter(\.usesTempBTree).count
        return HTML(joining: [
            scans > 0 ? "<span class=\"flag\">\(scans) with full scan</span>" : "",
            sorts > 0 ? "<span class=\"flag\">\(sorts) with temp B-tree</span>" : "",
        ])
    }

    /// Sample argument lists, one per line, and how many distinct lists there were
    /// when more than the samples (also the explain-log page's).
    static func samples(_ lists: [[String]], distinct: Int) -> String {
        let samples = lists.map { "(" + $0.joined(separator: ", ") + ")" }
        let more = distinct > lists.count ? " … \(distinct) distinct" : ""
        return samples.joined(separator: "\n") + more
    }

    private func row(_ group: StatementGroup) -> HTML {
        return """
            <tr><td class="sql">\(group.fingerprint)</td><td data-v="\(group.count)">\
            \(ValueFormat.count(Double(group.count)))</td><td data-v="\(group.totalNanoseconds)">\
            \(ValueFormat.duration(group.totalNanoseconds))</td>\
            <td>\(ValueFormat.duration(group.meanNanoseconds))</td>\
            <td>\(ValueFormat.count(Double(group.rows)))</td>\
            <td class="values">\(Self.samples(group.sampleArguments, distinct: group.distinctArgumentLists))</td>\
            <td class="plan">\(Self.plan(group.queryPlan))</td></tr>
            """
    }

    /// The plan as an indented tree, problem steps flagged (also the explain-log page's).
    static func plan(_ steps: [QueryPlanStep]?) -> HTML {
        guard let steps, !steps.isEmpty else { return "–" }
        var depth: [Int: Int] = [0: -1]
        let lines = steps.map { step -> HTML in
            let level = (depth[step.parent] ?? -1) + 1
            depth[step.id] = level
            let indent = String(repeating: "  ", count: level)
            let flag: HTML =
                step.isFullScan(in: steps)
                ? "<span class=\"flag\">full scan</span>"
                : (step.usesTempBTree ? "<span class=\"flag\">temp B-tree</span>" : "")
            return "\(indent)\(step.detail)\(flag)"
        }
        return HTML(joining: lines, separator: "\n")
    }
}
