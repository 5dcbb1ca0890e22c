/// A grouped bar chart: one group per category (size), one bar per series
/// (configuration), each with a whisker for its interval.
///
/// The y axis turns logarithmic when values span more than 20x, so bars of small
/// sizes stay visible; the axis title says so. Cost: string building.
struct BarChart {
    let title: String
    /// Category labels along x, such as `10k`, `100k`.
    let categories: [String]
    /// One series per configuration; point `x` is the category index.
    let series: [ChartSeries]
    let yAxis: ChartAxis

    /// The `<svg>`.
    var svg: HTML {
        let values = series.flatMap { $0.points.flatMap { [$0.y, $0.high ?? $0.y] } }
        let kind = ChartScale.suitableKind(for: values)
        let y = ChartScale(kind: kind, values: values, pixels: ChartCanvas.yPixels)
        let canvas = ChartCanvas(title: title, legend: series.map(\.name))
        let axis = ChartAxis(
            title: yAxis.title + (kind == .log ? " (log scale)" : ""), format: yAxis.format)
        let ticks = categories.indices.map { (center(group: $0), categories[$0]) }
        return canvas.svg(
            xTicks: ticks, xTitle: "size", y: y, yAxis: axis, content: bars(y: y))
    }

    private var groupWidth: Double {
        (ChartCanvas.xPixels.end - ChartCanvas.xPixels.start) / Double(max(categories.count, 1))
    }

    private func center(group: Int) -> Double {
        ChartCanvas.xPixels.start + groupWidth * (Double(group) + 0.5)
    }

    private func bars(y: ChartScale) -> HTML {
        let barWidth = min(groupWidth * 0.8 / Double(max(series.count, 1)), 56)
        let bottom = ChartCanvas.yPixels.start
        var marks: [HTML] = []
        for (index, line) in series.enumerated() {
            for point in line.points {
                let offset = (Double(index) - Double(series.count - 1) / 2) * barWidth
                let x = center(group: Int(point.x)) + offset
                let top = y.position(point.y)
                marks.append(
                    """
                    <rect class="bar" x="\(SVGNumber.format(x - barWidth * 0.42))" \
                    y="\(SVGNumber.format(top))" width="\(SVGNumber.format(barWidth * 0.84))" \
                    height="\(SVGNumber.format(max(bottom - top, 0.5)))" \
                    fill="\(ChartPalette.color(index))"><title>\(point.label)</title></rect>
                    """)
                marks.append(Whisker.markup(point, x: x, y: y))
            }
        }
        return HTML(joining: marks)
    }
}

/// The vertical interval line with caps drawn on a bar or point.
enum Whisker {
    /// The whisker of `point` at pixel `x`; empty when the point has no interval.
    static func markup(_ point: ChartPoint, x: Double, y: ChartScale) -> HTML {
        guard let low = point.low, let high = point.high else { return "" }
        let (top, bottom) = (SVGNumber.format(y.position(high)), SVGNumber.format(y.position(low)))
        let (left, right, at) = (
            SVGNumber.format(x - 4), SVGNumber.format(x + 4), SVGNumber.format(x)
        )
        return """
            <path class="whisker" d="M\(left) \(top)H\(right)M\(at) \(top)V\(bottom)\
            M\(left) \(bottom)H\(right)"/>
            """
    }
}
