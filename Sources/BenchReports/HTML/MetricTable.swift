import BenchKit

/// Every metric of a scenario in one sortable table: median, 95% CI, CV, outliers and
/// the ratio to the reference configuration, plus the SQL statements by kind.
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
            <th>vs reference</th></tr></thead><tbody>\(rows)</tbody></table></div></details>
            """
    }

    private func caseRows(_ configuration: String, _ size: Int) -> [HTML] {
        guard let result = scenario.result(configuration, size) else { return [] }
        guard result.status == .passed else {
            return [
                """
                <tr><td>\(configuration)</td><td data-v="\(size)">\(SizeFormat.short(size))</td>\
                <td class="text bad" colspan="7">\(result.status.rawValue): \
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
        let outliers = summary.outliers.mild + summary.outliers.severe
        return """
            <tr><td>\(result.key.configuration)</td><td data-v="\(result.key.size)">\
            \(SizeFormat.short(result.key.size))</td><td class="text">\(metric.metric.name)</td>\
            <td data-v="\(summary.median)">\(ValueFormat.value(summary.median, unit: unit))</td>\
            <td>\(interval)</td><td>\(summary.coefficientOfVariation.map(ValueFormat.percent) ?? "–")</td>\
            <td>\(outliers)</td><td>\(summary.count)</td><td>\(ratio(result.key, metric.metric.name))</td></tr>
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
            <td>–</td><td>1</td><td></td></tr>
            """
        }
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
