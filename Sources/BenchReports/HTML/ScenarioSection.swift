import BenchKit

/// One scenario's part of the page: verdicts in words, charts, the metric table and
/// an SQL panel per case that was traced.
///
/// Cost: string building.
struct ScenarioSection {
    let scenario: ScenarioView
    let results: RunResults

    var html: HTML {
        let verdicts = Verdict(scenario: scenario, analysis: results.analysis).sentences
        let verdictList: HTML =
            verdicts.isEmpty
            ? "<p class=\"muted\">No comparison: fewer than two configurations passed.</p>"
            : "<ul class=\"verdicts\">\(verdicts.map { "<li>\($0)</li>" as HTML })</ul>"
        // The layer lab's sentence on where the slowest layer's time goes (escaped by
        // the interpolation, as the verdicts are).
        let breakdown: HTML =
            LayerBreakdown(scenario: scenario).sentence.map {
                "<p class=\"breakdown\">\($0)</p>" as HTML
            } ?? ""
        let panels = scenario.sizes.flatMap { size in
            scenario.configurations.compactMap { scenario.result($0, size) }
        }.filter { $0.sqlTrace != nil }.map { SQLPanel(result: $0).html }
        let sql: HTML = panels.isEmpty ? "" : "<h4>SQL</h4>\(panels)"
        return """
            <section class="scenario" id="\(anchor)"><h3>\(scenario.benchmark.description)</h3>\
            <p class="muted">\(configurationList)</p>\(verdictList)\(breakdown)\
            \(ScenarioCharts(scenario: scenario, analysis: results.analysis).html)\
            \(MetricTable(scenario: scenario, analysis: results.analysis).html)\(sql)</section>
            """
    }

    /// An id safe in any attribute: letters, digits and dashes.
    private var anchor: String { Self.anchor(scenario.benchmark) }

    /// The section id of `benchmark`, which the verdict table links to.
    static func anchor(_ benchmark: BenchmarkID) -> String {
        String(benchmark.description.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    private var configurationList: String {
        "Configurations: " + scenario.configurations.joined(separator: ", ")
            + " (\(scenario.configurations.first ?? "") is the reference); sizes: "
            + scenario.sizes.map(SizeFormat.short).joined(separator: ", ") + "."
    }
}
