/// One named series of points, as every chart takes its data.
///
/// Cost: the points.
struct ChartSeries {
    /// The legend text.
    let name: String
    /// The points, in drawing order.
    let points: [ChartPoint]
}

/// A point with an optional interval on y (drawn as a whisker) and a tooltip.
struct ChartPoint {
    /// The x value (a size, or bytes).
    let x: Double
    /// The y value.
    let y: Double
    /// The interval's low end, if any.
    var low: Double? = nil
    /// The interval's high end, if any.
    var high: Double? = nil
    /// Tooltip text.
    var label: String = ""
}

/// What an axis shows: its title and how tick values print.
struct ChartAxis: Sendable {
    /// The title under or beside the axis.
    let title: String
    /// Prints a tick value.
    let format: @Sendable (Double) -> String
}
