import Foundation
import FoundationXML
import Testing

@testable import BenchReports

/// The SVG chart module: scales, ticks, label spacing and the structure of each chart.
@Suite struct ChartTests {
    @Test("log ticks are decades, with 2 and 5 between them over a short span")
    func logTicks() {
        let wide = ChartScale(kind: .log, values: [1_500, 3e6], pixels: (0, 100))
        #expect(wide.domain == 1_000...10_000_000)
        #expect(wide.ticks == [1e3, 1e4, 1e5, 1e6, 1e7])
        let narrow = ChartScale(kind: .log, values: [12, 80], pixels: (0, 100))
        #expect(narrow.ticks == [10, 20, 50, 100])
        #expect(narrow.position(10) == 0)
        #expect(narrow.position(100) == 100)
    }

    @Test(
        "values near Double's limits give finite domains, ticks and positions (issue 32, item 1)",
        arguments: [
            [1.0, 1.02e308], [1e308, 1.7e308], [.leastNonzeroMagnitude, 1e308],
            [.leastNonzeroMagnitude, 1.0],
            [Double.greatestFiniteMagnitude, 1], [-1e308, 1e308], [-1.7e308, 1.7e308, 3],
        ])
    func extremeValues(_ values: [Double]) {
        for kind in [ChartScale.Kind.linear, .log] {
            for hugs in [false, true] {
                let scale = ChartScale(
                    kind: kind, values: values, pixels: (0, 100), hugsData: hugs)
                #expect(scale.domain.lowerBound.isFinite && scale.domain.upperBound.isFinite)
                let ticks = scale.ticks
                #expect(ticks.count <= 64, "\(kind) \(values): \(ticks.count) ticks")
                #expect(ticks.allSatisfy { $0.isFinite })
                for value in values + ticks {
                    let position = scale.position(value)
                    #expect(position.isFinite && (0...100).contains(position), "\(kind) \(value)")
                }
            }
        }
    }

    @Test("an x axis that hugs the data keeps points off the frame and ticks inside")
    func hugging() {
        let scale = ChartScale(
            kind: .log, values: [10_000, 100_000], pixels: (0, 100), hugsData: true)
        #expect(scale.position(10_000) > 0 && scale.position(100_000) < 100)
        #expect(scale.ticks == [10_000, 20_000, 50_000, 100_000])
    }

    @Test("linear ticks step by 1, 2 or 5 times a power of ten from zero")
    func linearTicks() {
        let scale = ChartScale(kind: .linear, values: [3, 87], pixels: (200, 0))
        #expect(scale.domain == 0...100)
        #expect(scale.ticks == [0, 20, 40, 60, 80, 100])
        #expect(scale.position(50) == 100)
        #expect(ChartScale.niceStep(0.3) == 0.5)
    }

    @Test("a log axis is chosen when values span more than 20x")
    func kind() {
        #expect(ChartScale.suitableKind(for: [1, 100]) == .log)
        #expect(ChartScale.suitableKind(for: [10, 100]) == .linear)
    }

    @Test("tick labels: units without trailing zeros; counts of a million or more shortened")
    func tickLabels() {
        #expect(ValueFormat.tick(2_500_000, unit: .nanoseconds) == "2.5 ms")
        #expect(ValueFormat.tick(3_000, unit: .bytes) == "3 KB")
        #expect(ValueFormat.tick(50_000, unit: .count) == "50,000")
        #expect(ValueFormat.tick(250_000_000, unit: .count) == "250M")
        #expect(ValueFormat.tick(1_500_000_000, unit: .count) == "1.5G")
        #expect(ValueFormat.tick(-2_000_000, unit: .count) == "-2M")
    }

    @Test("tick labels that would overlap are thinned until none do")
    func thinning() {
        let labels = (0..<20).map { (Double($0) * 12, "100 ms") }
        let kept = ChartCanvas.thinned(labels)
        #expect(kept.count < labels.count)
        for (left, right) in zip(kept, kept.dropFirst()) {
            #expect(right.0 - left.0 >= 6 * ChartCanvas.characterWidth + 6)
        }
    }

    static let series = [
        ChartSeries(
            name: "in-place",
            points: [
                ChartPoint(x: 0, y: 1e6, low: 0.9e6, high: 1.1e6),
                ChartPoint(x: 1, y: 1e7, low: 0.9e7, high: 1.2e7),
            ]),
        ChartSeries(
            name: "allocating <boxed>",
            points: [ChartPoint(x: 0, y: 2e6, low: 1.9e6, high: 2.2e6)]),
    ]

    static func parse(_ svg: HTML) throws -> XMLElement {
        try #require(try XMLDocument(xmlString: svg.description).rootElement())
    }

    static func attribute(_ node: XMLNode, _ name: String) -> String? {
        (node as? XMLElement)?.attributes?.first { $0.localName == name || $0.name == name }?
            .stringValue
    }

    static func elements(_ root: XMLElement, _ path: String) throws -> [XMLNode] {
        try root.nodes(forXPath: path)
    }

    @Test("a bar chart is well-formed SVG: a bar and whisker per point, a legend entry per series")
    func barChart() throws {
        let chart = BarChart(
            title: "time", categories: ["10k", "100k"], series: Self.series,
            yAxis: ChartAxis(title: "median time", format: { "\($0)" }))
        let root = try Self.parse(chart.svg)
        #expect(root.name == "svg")
        #expect(Self.attribute(root, "viewBox")?.hasPrefix("0 0 640 ") == true)
        #expect(try Self.elements(root, "//*[local-name()='rect'][@class='bar']").count == 3)
        #expect(try Self.elements(root, "//*[local-name()='path'][@class='whisker']").count == 3)
        let legend = try Self.elements(root, "//*[local-name()='text'][@class='legend']")
        #expect(legend.map { $0.stringValue ?? "" } == ["in-place", "allocating <boxed>"])
        let ticks = try Self.elements(root, "//*[local-name()='text'][@class='tick']")
        #expect(ticks.contains { $0.stringValue == "10k" })
        #expect(try Self.elements(root, "//*[local-name()='title']").first?.stringValue == "time")
    }

    @Test("a log-log line chart draws a path per multi-point series and a marker per point")
    func lineChart() throws {
        let points = Self.series.map { line in
            ChartSeries(
                name: line.name,
                points: line.points.map { ChartPoint(x: 10_000 * pow(10, $0.x), y: $0.y) })
        }
        let chart = LineChart(
            title: "scaling", series: points,
            xAxis: ChartAxis(title: "size", format: { "\(Int($0))" }),
            yAxis: ChartAxis(title: "time", format: { "\($0)" }))
        let root = try Self.parse(chart.svg)
        #expect(try Self.elements(root, "//*[local-name()='path'][@class='line']").count == 1)
        #expect(try Self.elements(root, "//*[local-name()='g'][@class='point']").count == 3)
        let legendTop = ChartCanvas.margin.top + ChartCanvas.plotHeight
        for text in try Self.elements(root, "//*[local-name()='text'][@class='legend']") {
            let y = try #require(Self.attribute(text, "y").flatMap(Double.init))
            #expect(y > legendTop, "legend sits below the plot, never on the data")
        }
    }

    @Test("series get distinct colours and marker shapes")
    func palette() {
        #expect(Set((0..<4).map(ChartPalette.color)).count == 4)
        let shapes = (0..<4).map { index in
            ChartPalette.marker(index, x: 0, y: 0).description.filter { !$0.isNumber && $0 != "." }
        }
        #expect(Set(shapes).count == 4)
    }
}
