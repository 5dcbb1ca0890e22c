import BenchKit

/// Bencher Metric Format: an object keyed by benchmark name, each an object keyed by
/// measure slug, each `{"value": …, "lower_value": …, "upper_value": …}` (only
/// `value` required). Measures here are the metric names made slugs (`sql.statements`
/// → `sql-statements`, `wallTime` → `walltime`); bounds are the median's 95% interval.
///
/// Related: https://bencher.dev/docs/reference/bencher-metric-format
enum BencherMetricFormat {
    static func text(_ entries: [ResultsExport.Entry]) -> String {
        var order: [String] = []
        var byCase: [String: [ResultsExport.Entry]] = [:]
        for entry in entries {
            let name = ResultsExport.caseName(entry.key)
            if byCase[name] == nil { order.append(name) }
            byCase[name, default: []].append(entry)
        }
        let cases = order.map { name in
            let measures = (byCase[name] ?? []).map { entry in
                let summary = entry.summary
                return "    \(ResultsExport.jsonString(slug(entry.metric.name))): {"
                    + "\"value\": \(ResultsExport.number(summary.median)), "
                    + "\"lower_value\": \(ResultsExport.number(summary.medianInterval.low)), "
                    + "\"upper_value\": \(ResultsExport.number(summary.medianInterval.high))}"
            }
            return "  \(ResultsExport.jsonString(name)): {\n"
                + measures.joined(separator: ",\n") + "\n  }"
        }
        return cases.isEmpty ? "{}\n" : "{\n" + cases.joined(separator: ",\n") + "\n}\n"
    }

    /// A measure slug: lower case letters, digits and hyphens.
    static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            let isWord = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            if isWord {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && slug.last != "-" {
                slug += "-"
            }
        }
        return slug.hasSuffix("-") ? String(slug.dropLast()) : slug
    }
}
