/// Colours and marker shapes for chart series, safe for colour-blind readers.
///
/// The colours are Okabe and Ito's palette (distinguishable under the common forms of
/// colour blindness), ordered so the first ones contrast well on white; each series
/// also gets its own marker shape, so no chart depends on colour alone.
/// Cost: none.
enum ChartPalette {
    /// Series colours in order.
    static let colors = [
        "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442",
    ]

    /// The colour of series `index`.
    static func color(_ index: Int) -> String {
        colors[index % colors.count]
    }

    /// The marker of series `index` centred at (x, y): circle, square, triangle, diamond.
    static func marker(_ index: Int, x: Double, y: Double, size: Double = 4.5) -> HTML {
        let color = color(index)
        let (a, b) = (SVGNumber.format(x), SVGNumber.format(y))
        switch index % 4 {
        case 0:
            return
                "<circle cx=\"\(a)\" cy=\"\(b)\" r=\"\(SVGNumber.format(size))\" fill=\"\(color)\"/>"
        case 1:
            let (left, top) = (SVGNumber.format(x - size * 0.9), SVGNumber.format(y - size * 0.9))
            let side = SVGNumber.format(size * 1.8)
            return
                "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(side)\" height=\"\(side)\" fill=\"\(color)\"/>"
        case 2:
            return polygon(
                [(x, y - size * 1.1), (x + size, y + size * 0.8), (x - size, y + size * 0.8)], color
            )
        default:
            return polygon(
                [(x, y - size * 1.2), (x + size, y), (x, y + size * 1.2), (x - size, y)], color)
        }
    }

    private static func polygon(_ points: [(Double, Double)], _ color: String) -> HTML {
        let list = points.map { "\(SVGNumber.format($0.0)),\(SVGNumber.format($0.1))" }
            .joined(separator: " ")
        return "<polygon points=\"\(list)\" fill=\"\(color)\"/>"
    }
}

/// Coordinates printed with one decimal, so SVG stays small and diffs stay stable.
enum SVGNumber {
    /// `12.3`, `100`.
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        guard abs(rounded) < 1e15 else { return String(format: "%.6g", value) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
