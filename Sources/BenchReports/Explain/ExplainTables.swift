import BenchKit
import Foundation

/// The explain page's tables: operations and statements of each file (most logged time
/// first, sortable), the replay per statement and size, and the lines not understood.
///
/// Cost: string building, one row per shape (at most ``ExplainLogReport/shapeLimit``).
struct ExplainTables {
    let report: ExplainLogReport

    var html: HTML {
        HTML(joining: report.files.map(file) + [replay])
    }

    private func file(_ file: ExplainedFile) -> HTML {
        let operations = file.operations.map(operationRow)
        let statements = file.statements.map(statementRow)
        return """
            <section class="suite"><h2>\(file.path)</h2>\
            <h3>Operations</h3><div class="scroll"><table class="sortable"><thead><tr>\
            <th>operation</th><th class="text">entity</th><th>count</th><th>statements</th>\
            <th>rows</th><th>logged time</th><th class="text">first lines</th>\
            <th class="text">statements run</th></tr></thead><tbody>\(HTML(joining: operations))\
            </tbody></table></div>\
            <details><summary>\(ValueFormat.count(file.statements.count, "distinct statement"))\
            </summary><div class="scroll"><table class="sortable"><thead><tr><th>statement</th>\
            <th>count</th><th>logged time</th><th>rows</th><th class="text">sample values</th>\
            <th class="text">plan</th></tr></thead><tbody>\(HTML(joining: statements))</tbody>\
            </table></div></details>\(unparsed(file))</section>
            """
    }

    private func operationRow(_ operation: ExplainedOperation) -> HTML {
        let entity = [operation.entity, operation.relationship].compactMap { $0 }.joined(
            separator: ".")
        return """
            <tr><td class="text">\(operation.kind)</td><td class="text">\(entity.isEmpty ? operation.table ?? "–" : entity)</td>\
            <td data-v="\(operation.count)">\(ValueFormat.count(Double(operation.count)))</td>\
            <td>\(ValueFormat.count(Double(operation.statementCount)))</td>\
            <td>\(operation.rows.map { ValueFormat.count(Double($0)) } ?? "–")</td>\
            <td data-v="\(operation.seconds)">\(ExplainFindingsSection.logged(operation.seconds))</td>\
            <td class="text">\(Self.lines(operation.lines))</td>\
            <td class="sql">\(operation.fingerprint)</td></tr>
            """
    }

    private func statementRow(_ statement: ExplainedStatement) -> HTML {
        """
        <tr><td class="sql">\(statement.fingerprint)</td>\
        <td data-v="\(statement.count)">\(ValueFormat.count(Double(statement.count)))</td>\
        <td data-v="\(statement.seconds)">\(ExplainFindingsSection.logged(statement.seconds))</td>\
        <td>\(statement.rows.map { ValueFormat.count(Double($0)) } ?? "–")</td>\
        <td class="values">\(SQLPanel.samples(statement.sampleBindings, distinct: statement.distinctBindings))</td>\
        <td class="plan">\(SQLPanel.plan(statement.plan))</td></tr>
        """
    }

    private var replay: HTML {
        guard let replay = report.replay else { return "" }
        let rows = replay.statements.map { statement -> HTML in
            let runs = statement.runs.map {
                "\(SizeFormat.short($0.size)): \(ValueFormat.duration($0.seconds * 1e9)), "
                    + "\(ValueFormat.count(Double($0.rows))) rows"
            }
            let fixes = statement.fixes.map { fix -> String in
                let effects = fix.runs.compactMap { run -> String? in
                    guard let original = statement.runs.first(where: { $0.size == run.size }),
                        run.seconds > 0
                    else { return nil }
                    let speedup = original.seconds * Double(fix.replaces) / run.seconds
                    return
                        "\(SizeFormat.short(run.size)) \(ExplainFindingsSection.speedup(speedup))"
                }
                return "\(fix.name): \(effects.joined(separator: ", "))"
            }
            return """
                <tr><td class="sql">\(statement.fingerprint)</td>\
                <td class="values">\(runs.joined(separator: "\n"))</td>\
                <td>\(statement.exponent.map(ValueFormat.significant) ?? "–")</td>\
                <td class="text why">\(fixes.joined(separator: "\n"))</td>\
                <td class="plan">\(SQLPanel.plan(statement.largest?.plan))</td></tr>
                """
        }
        let skipped = replay.skipped.map {
            "<li><code>\($0.fingerprint)</code>: \($0.reason)</li>" as HTML
        }
        return """
            <section class="suite"><h2>Replay</h2><p class="muted">Each distinct SELECT run on \
            stores generated from the model at \(replay.sizes.map(SizeFormat.short).joined(separator: ", ")) \
            rows of \(replay.primaryEntity), the model's primary entity\(replay.loggedSize.map { " (\(SizeFormat.short($0)) as the log shows)" } ?? ""); \
            median of repeated runs on this machine.</p><div class="scroll"><table class="sortable">\
            <thead><tr><th>statement</th><th class="text">time per size</th><th>exponent</th>\
            <th class="text">fixes</th><th class="text">plan at the largest size</th></tr></thead>\
            <tbody>\(HTML(joining: rows))</tbody></table></div>\
            \(skipped.isEmpty ? "" : "<h3>Not replayed</h3><ul>\(HTML(joining: skipped))</ul>" as HTML)</section>
            """
    }

    private func unparsed(_ file: ExplainedFile) -> HTML {
        guard !file.unparsed.isEmpty else { return "" }
        let items = file.unparsed.map {
            "<li>line \($0.line): <code>\($0.text)</code></li>" as HTML
        }
        return """
            <details><summary>\(ValueFormat.count(file.counts.unparsed, "Core Data line")) not \
            understood</summary><ul>\(HTML(joining: items))</ul></details>
            """
    }

    /// `12, 40, 68, …`.
    static func lines(_ lines: [Int]) -> String {
        lines.prefix(5).map(String.init).joined(separator: ", ") + (lines.count > 5 ? ", …" : "")
    }
}
