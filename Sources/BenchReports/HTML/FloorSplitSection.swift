import BenchKit

/// The engine against its own SQL: for scenarios with both floors, each engine
/// configuration's ratio to the minimal floor split into Core Data's SQL vs minimal SQL
/// and engine vs its own SQL (``FloorSplit``), a row per configuration and size. The
/// scenario cell links to its section below.
///
/// Cost: string building.
struct FloorSplitSection {
    let rows: [FloorSplit.Row]

    var html: HTML {
        guard !rows.isEmpty else { return "" }
        return """
            <section id="floor-split"><h2>The engine against its own SQL</h2>\
            <p class="muted">\(FloorSplit.explanation)</p>\
            <div class="scroll"><table class="floor-split"><thead><tr>\
            <th class="text">scenario</th><th class="text">configuration</th><th>size</th>\
            <th class="text">metric</th><th>engine / raw</th>\
            <th>Core Data&#39;s SQL<br>vs minimal SQL<br><span class="muted">raw-same-sql / raw</span></th>\
            <th>engine vs<br>its own SQL<br><span class="muted">engine / raw-same-sql</span></th>\
            <th class="text">statements</th></tr></thead>\
            <tbody>\(rows.map(row))</tbody></table></div></section>
            """
    }

    private func row(_ row: FloorSplit.Row) -> HTML {
        let note: HTML =
            row.statementsNote.isEmpty
            ? "same" : "<span class=\"flag\">\(row.statementsNote)</span>"
        return """
            <tr><td class="text"><a href="#\(ScenarioSection.anchor(row.scenario))">\
            \(row.scenario.description)</a></td><td class="text">\(row.configuration)</td>\
            <td>\(SizeFormat.short(row.size))</td><td class="text">\(row.metric.name)</td>\
            <td>\(row.whole.text)</td><td>\(row.shape.text)</td>\
            <td><strong>\(row.engine.text)</strong></td><td class="text">\(note)</td></tr>
            """
    }
}
