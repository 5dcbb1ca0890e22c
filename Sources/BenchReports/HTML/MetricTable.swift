import BenchKit

/// Every metric of a scenario in one sortable table: median, 95% CI, CV, outliers, the
/// ratio to the reference configuration and, when the scenario has a floor (a
/// configuration of kind `raw`: hand-written SQL), the ratio to it; plus the SQL
/// statements by kind.
///
/// Cost: string building; one row per case and metric.
struct MetricTable {
    let scenario: ScenarioView
    let analysis: RunAnalysis

    var html: HTML {
        let rows = scenario.sizes.flatMap { size in
            scenario.configurations.flatMap { caseRows($0, size) }
        }
        return """
            <details><summary>Every metric (\(rows.count) rows)</summary><div class="scroll">\
            <table class="sortable"><thead><tr><th>configuration</th><th>size</th><th>metric</th>\
            <th>median</th><th>95% CI</th><th>CV</th><th>outliers</th><th>n</th>\
            <th>vs reference</th>\(floor.map { "<th>vs \($0)</th>" as HTML } ?? "")</tr></thead>\
            <tbody>\(rows)</tbody></table></div></details>
            """
    }

    private func caseRows(_ configuration: String, _ size: Int) -> [HTML] {
        guard let result = scenario.result(configuration, size) else { return [] }
        guard result.status == .passed else {
            let style = result.status == .skipped ? "muted" : "bad"
            return [
                """
                <tr><td>\(configuration)</td><td data-v="\(size)">\(SizeFormat.short(size))</td>\
                <td class="text \(style)" colspan="\(floor == nil ? 7 : 8)">\(result.status.rawValue): \
                \(result.errors.joined(separator: "; "))</td></tr>
                """
            ]
        }
        return result.metrics.map { row(result, $0) } + sqlRows(result)
    }

    private func row(_ result: CaseResult, _ metric: MetricResult) -> HTML {
        let summary = metric.summary
        let unit = metric.metric.unit
        let interval =
            ValueFormat.value(summary.medianInterval.low, unit: unit) + " – "
            + ValueFormat.value(summary.medianInterval.high, unit: unit)
        // Saturating: counts come from a file, which may hold any Int.
        let (sum, overflow) = summary.outliers.mild.addingReportingOverflow(summary.outliers.severe)
        let outliers = overflow ? Int.max : sum
        return """
            <tr><td>\(result.key.configuration)</td><td data-v="\(result.key.size)">\
            \(SizeFormat.short(result.key.size))</td><td class="text">\(metric.metric.name)</td>\
            <td data-v="\(summary.median)">\(ValueFormat.value(summary.median, unit: unit))</td>\
            <td>\(interval)</td><td>\(summary.coefficientOfVariation.map(ValueFormat.percent) ?? "–")</td>\
            <td>\(outliers)</td><td>\(summary.count)</td><td>\(ratio(result.key, metric.metric.name))</td>\
            \(floorCell(result.key, summary.median) { $0.metric(named: metric.metric.name)?.summary.median })</tr>
            """
    }

    /// Statements by kind from the SQL trace, as rows of the same table.
    private func sqlRows(_ result: CaseResult) -> [HTML] {
        guard let trace = result.sqlTrace else { return [] }
        let kinds = SQLStatementKind.allCases.compactMap { kind in
            trace.countsByKind[kind].map { (kind.rawValue, $0) }
        }
        return ([("all", trace.statementCount)] + kinds).map { kind, count in
            """
            <tr><td>\(result.key.configuration)</td><td data-v="\(result.key.size)">\
            \(SizeFormat.short(result.key.size))</td><td class="text">statements (\(kind))</td>\
            <td data-v="\(count)">\(ValueFormat.count(Double(count)))</td><td>exact</td><td>–</td>\
            <td>–</td><td>1</td><td></td>\(floorCell(result.key, Double(count)) { raw in
                (kind == "all" ? raw.sqlTrace?.statementCount : SQLStatementKind(rawValue: kind)
                    .flatMap { raw.sqlTrace?.countsByKind[$0] }).map(Double.init)
            })</tr>
            """
        }
    }

    /// The configuration to compare with: the scenario's floor, when it has one.
    private var floor: String? { scenario.floor }

    /// `<td>` with `value` divided by the floor's value at the same size; nothing when
    /// the scenario has no floor.
    private func floorCell(_ key: CaseKey, _ value: Double, _ floorValue: (CaseResult) -> Double?)
        -> HTML
    {
        guard let floor else { return "" }
        guard let raw = scenario.result(floor, key.size), raw.status == .passed,
            let base = floorValue(raw), base > 0
        else { return "<td></td>" }
        return "<td>\(ValueFormat.ratio(value / base))</td>"
    }

    private func ratio(_ key: CaseKey, _ metric: String) -> String {
        guard
            let ratio = analysis.ratios.first(where: {
                $0.benchmark == key.benchmark && $0.size == key.size
                    && $0.configuration == key.configuration && $0.metric == metric
            })
        else { return key.configuration == scenario.configurations.first ? "reference" : "" }
        return ValueFormat.ratio(ratio.ratio) + " (" + ValueFormat.significant(ratio.interval.low)
            + "–" + ValueFormat.significant(ratio.interval.high) + ")"
    }
}
