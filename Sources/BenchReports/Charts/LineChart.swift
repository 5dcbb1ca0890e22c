/// Lines of y against x, one per series, with markers and interval whiskers: the
/// log-log scaling chart (time against size) and the time-vs-memory chart.
///
/// Both axes may be logarithmic; a straight line on a log-log chart is a power law,
/// and its slope is the scaling exponent the legend reports. Cost: string building.
struct LineChart {
    let title: String
    let series: [ChartSeries]
    let xAxis: ChartAxis
    let yAxis: ChartAxis
    var xKind: ChartScale.Kind = .log
    var yKind: ChartScale.Kind = .log
    /// Whether to join a series' points with a line.
    var joinsPoints = true
    /// Dashed vertical lines across the plot at these x values, each with a tooltip:
    /// events between points (an environment change in a history chart).
    var markers: [(x: Double, label: String)] = []

    /// The `<svg>`.
    var svg: HTML {
        let points = series.flatMap(\.points)
        let x = ChartScale(
            kind: xKind, values: points.map(\.x), pixels: ChartCanvas.xPixels, hugsData: true)
        let y = ChartScale(
            kind: yKind, values: points.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] },
            pixels: ChartCanvas.yPixels)
        let canvas = ChartCanvas(title: title, legend: series.map(\.name))
        return canvas.svg(
            x: x, xAxis: xAxis, y: y, yAxis: yAxis,
            content: HTML(joining: [markerLines(x: x), lines(x: x, y: y)]))
    }

    private func markerLines(x: ChartScale) -> HTML {
        let (bottom, top) = ChartCanvas.yPixels
        return HTML(
            joining: markers.map { marker -> HTML in
                let at = SVGNumber.format(x.position(marker.x))
                return
                    "<g class=\"marker\"><title>\(marker.label)</title><line class=\"change\" x1=\"\(at)\" x2=\"\(at)\" y1=\"\(SVGNumber.format(top))\" y2=\"\(SVGNumber.format(bottom))\"/></g>"
            })
    }

    private func lines(x: ChartScale, y: ChartScale) -> HTML {
        var marks: [HTML] = []
        for (index, line) in series.enumerated() {
            let coordinates = line.points.map { (x.position($0.x), y.position($0.y)) }
            if joinsPoints && coordinates.count > 1 {
                let path = coordinates.enumerated().map { offset, point in
                    (offset == 0 ? "M" : "L") + SVGNumber.format(point.0) + " "
                        + SVGNumber.format(point.1)
                }.joined()
                marks.append(
                    "<path class=\"line\" d=\"\(path)\" stroke=\"\(ChartPalette.color(index))\"/>")
            }
            for (point, position) in zip(line.points, coordinates) {
                marks.append(Whisker.markup(point, x: position.0, y: y))
                marks.append(
                    "<g class=\"point\"><title>\(point.label)</title>\(ChartPalette.marker(index, x: position.0, y: position.1))</g>"
                )
            }
        }
        return HTML(joining: marks)
    }
}
