/// The frame every chart draws into: plot area, grid, axes with ticks and titles, and
/// a legend below the plot, so labels never cover the data.
///
/// Tick labels that would collide are thinned out; the legend wraps onto as many rows
/// as it needs and the SVG grows to fit. The SVG scales to its container's width.
/// Cost: string building.
struct ChartCanvas {
    static let width = 640.0
    static let plotHeight = 260.0
    static let margin = (left: 78.0, right: 18.0, top: 14.0, bottom: 48.0)
    /// Approximate width of one character of 11 px label text.
    static let characterWidth = 6.6

    let title: String
    let legend: [String]

    /// The x pixel range of the plot area.
    static var xPixels: (start: Double, end: Double) {
        (margin.left, width - margin.right)
    }

    /// The y pixel range of the plot area, bottom to top.
    static var yPixels: (start: Double, end: Double) {
        (margin.top + plotHeight, margin.top)
    }

    /// The complete `<svg>` with `content` drawn over the grid and axes.
    func svg(x: ChartScale, xAxis: ChartAxis, y: ChartScale, yAxis: ChartAxis, content: HTML)
        -> HTML
    {
        svg(
            xTicks: x.ticks.map { (x.position($0), xAxis.format($0)) }, xTitle: xAxis.title, y: y,
            yAxis: yAxis, content: content)
    }

    /// The complete `<svg>` with x ticks given as (pixel, label) pairs: for categories.
    func svg(
        xTicks: [(Double, String)], xTitle: String, y: ChartScale, yAxis: ChartAxis, content: HTML
    ) -> HTML {
        let legendRows = legendLayout()
        let height =
            Self.margin.top + Self.plotHeight + Self.margin.bottom
            + Double(legendRows.count) * 18 + 6
        let size = "0 0 \(SVGNumber.format(Self.width)) \(SVGNumber.format(height))"
        return """
            <svg class="chart" viewBox="\(size)" role="img" aria-label="\(title)" \
            xmlns="http://www.w3.org/2000/svg"><title>\(title)</title>\
            \(grid(y: y))\(axes(xTicks: xTicks, xTitle: xTitle, y: y, yAxis: yAxis))\
            <g class="data">\(content)</g>\(legendMarkup(legendRows))</svg>
            """
    }

    private func grid(y: ChartScale) -> HTML {
        let lines = y.ticks.map { tick -> HTML in
            let position = SVGNumber.format(y.position(tick))
            return
                "<line class=\"grid\" x1=\"\(Self.margin.left)\" x2=\"\(Self.width - Self.margin.right)\" y1=\"\(position)\" y2=\"\(position)\"/>"
        }
        return "<g class=\"grid\">\(lines)</g>"
    }

    private func axes(xTicks: [(Double, String)], xTitle: String, y: ChartScale, yAxis: ChartAxis)
        -> HTML
    {
        let bottom = Self.margin.top + Self.plotHeight
        let xLabels = Self.thinned(xTicks)
        let xTicks = xLabels.map { position, text -> HTML in
            let at = SVGNumber.format(position)
            return
                "<line class=\"tick\" x1=\"\(at)\" x2=\"\(at)\" y1=\"\(bottom)\" y2=\"\(bottom + 5)\"/><text class=\"tick\" x=\"\(at)\" y=\"\(bottom + 18)\" text-anchor=\"middle\">\(text)</text>"
        }
        let yTicks = y.ticks.map { tick -> HTML in
            let at = SVGNumber.format(y.position(tick) + 4)
            return
                "<text class=\"tick\" x=\"\(Self.margin.left - 8)\" y=\"\(at)\" text-anchor=\"end\">\(yAxis.format(tick))</text>"
        }
        let middle = SVGNumber.format(Self.margin.top + Self.plotHeight / 2)
        let center = SVGNumber.format((Self.margin.left + Self.width - Self.margin.right) / 2)
        return """
            <g class="axes"><line class="axis" x1="\(Self.margin.left)" x2="\(Self.width - Self.margin.right)" \
            y1="\(bottom)" y2="\(bottom)"/><line class="axis" x1="\(Self.margin.left)" \
            x2="\(Self.margin.left)" y1="\(Self.margin.top)" y2="\(bottom)"/>\(xTicks)\(yTicks)\
            <text class="axis-title" x="\(center)" y="\(bottom + 38)" text-anchor="middle">\(xTitle)</text>\
            <text class="axis-title" transform="translate(14 \(middle)) rotate(-90)" \
            text-anchor="middle">\(yAxis.title)</text></g>
            """
    }

    /// Drops every other label until neighbouring labels no longer overlap.
    static func thinned(_ labels: [(Double, String)]) -> [(Double, String)] {
        var kept = labels
        func overlaps(_ list: [(Double, String)]) -> Bool {
            zip(list, list.dropFirst()).contains { left, right in
                let room = Double(left.1.count + right.1.count) / 2 * characterWidth + 6
                return abs(right.0 - left.0) < room
            }
        }
        while kept.count > 2 && overlaps(kept) {
            kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        return kept
    }

    /// Legend entries placed left to right, wrapping at the chart's width.
    private func legendLayout() -> [[(index: Int, x: Double)]] {
        var rows: [[(index: Int, x: Double)]] = [[]]
        var x = Self.margin.left
        for (index, name) in legend.enumerated() {
            let width = 22 + Double(name.count) * Self.characterWidth + 16
            if x + width > Self.width - Self.margin.right && !rows[rows.count - 1].isEmpty {
                rows.append([])
                x = Self.margin.left
            }
            rows[rows.count - 1].append((index, x))
            x += width
        }
        return legend.isEmpty ? [] : rows
    }

    private func legendMarkup(_ rows: [[(index: Int, x: Double)]]) -> HTML {
        let top = Self.margin.top + Self.plotHeight + Self.margin.bottom + 4
        let items = rows.enumerated().flatMap { row, entries in
            entries.map { entry -> HTML in
                let y = top + Double(row) * 18
                let marker = ChartPalette.marker(entry.index, x: entry.x + 8, y: y)
                let textX = SVGNumber.format(entry.x + 20)
                return
                    "\(marker)<text class=\"legend\" x=\"\(textX)\" y=\"\(SVGNumber.format(y + 4))\">\(legend[entry.index])</text>"
            }
        }
        return "<g class=\"legend\">\(items)</g>"
    }
}
