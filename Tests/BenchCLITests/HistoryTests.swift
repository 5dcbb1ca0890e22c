import BenchKit
import Foundation
import Testing

@testable import BenchReports

/// `bench history add` and `bench report --history`: records round-trip through the
/// NDJSON file, a bad line is named, and the page draws a trend with the environment
/// change marked.
@Suite struct HistoryTests {
    typealias F = GateFixtures

    /// A run of one case at `time` whose environment reports `kernel`.
    static func run(time: Double, kernel: String? = nil) -> RunResults {
        var results = F.run([F.caseResult(time: time)])
        if let kernel { results.environment.kernel = kernel }
        return results
    }

    @Test("two runs added are read back oldest first with their medians")
    func roundTrip() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try F.write(Self.run(time: 1_000_000), "a.json", in: directory)
        let second = try F.write(Self.run(time: 2_000_000), "b.json", in: directory)
        let file = directory.appendingPathComponent("history.ndjson").path
        for path in [first, second] {
            #expect(BenchToolTests.main("history", "add", path, "--file", file).status == 0)
        }
        let records = try HistoryFile.read(from: URL(fileURLWithPath: file))
        #expect(records.count == 2)
        let medians = records.compactMap { $0.cases.first?.medians["wallTime"] }
        #expect(medians.count == 2 && medians[0] < medians[1])
        #expect(records[0].cases.first?.medians["sql.statements"] == 1)
        #expect(records[0].environment == records[1].environment)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
    }

    @Test("eight concurrent 'bench history add' processes leave eight lines (issue 32, item 8)")
    func concurrentAppends() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("h.ndjson").path
        let processes = try (0..<8).map { index in
            let results = try F.write(
                Self.run(time: Double(1_000_000 + index)), "r\(index).json", in: directory)
            let process = Process()
            process.executableURL = try BenchBinaryTests.binary()
            process.arguments = ["history", "add", results, "--file", file]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in processes { try process.run() }
        for process in processes {
            try BenchBinaryTests.waitBounded(process, limit: 1_200, what: "history add")
            #expect(process.terminationStatus == 0)
        }
        let records = try HistoryFile.read(from: URL(fileURLWithPath: file))
        #expect(records.count == 8)
        let medians = Set(records.compactMap { $0.cases.first?.medians["wallTime"] })
        #expect(medians.count == 8, "each run's line is there once")
    }

    @Test("a damaged line is refused with its number, and nothing is appended")
    func damagedLine() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("history.ndjson")
        try HistoryFile.append(HistoryRecord(results: Self.run(time: 1)), to: file)
        let good = try Data(contentsOf: file)
        let damaged = good + good.prefix(good.count / 2) + Data("\n".utf8)
        try damaged.write(to: file)
        #expect {
            try HistoryFile.append(HistoryRecord(results: Self.run(time: 2)), to: file)
        } throws: { error in
            "\(error)".contains("history.ndjson") && "\(error)".contains("line 2:")
        }
        #expect(try Data(contentsOf: file) == damaged)
    }

    @Test("the page draws the trend and names the run where the environment changed")
    func trendChart() throws {
        let records = [
            HistoryRecord(results: Self.run(time: 1_000_000)),
            HistoryRecord(results: Self.run(time: 1_100_000)),
            HistoryRecord(results: Self.run(time: 1_500_000, kernel: "Linux 9.9 <b>")),
        ]
        let section = HistorySection(records: records)
        #expect(section.environmentChanges() == [2])
        let html = section.html.description
        #expect(html.contains("<h2>History</h2>"))
        #expect(html.contains("3 runs; the environment changed at run 3"))
        #expect(html.contains("fixture/lookups 10k: wallTime per run"))
        #expect(html.contains("run 3 ◆ environment changed: batched"))
        // One dashed line per chart, halfway between runs 2 and 3, naming both
        // environments (escaped).
        let markers = html.components(
            separatedBy: "<g class=\"marker\"><title>environment changed before run 3: ")
        #expect(markers.count == 2, "one marker on the one wallTime chart")
        #expect(html.contains("Linux 9.9 &lt;b&gt;"))
        /// The number after the first `attribute="` that follows `anchor`.
        func number(after anchor: String, _ attribute: String) -> Double? {
            html.components(separatedBy: anchor).dropFirst().first
                .flatMap { $0.components(separatedBy: "\(attribute)=\"").dropFirst().first }
                .flatMap { Double($0.prefix { $0 != "\"" }) }
        }
        let line = try #require(number(after: "<g class=\"marker\">", "x1"))
        let second = try #require(number(after: "<title>run 2", "cx"))
        let third = try #require(number(after: "<title>run 3", "cx"))
        #expect(line > second && line < third)
        #expect(!html.contains("<b>"))
        #expect(HistorySection(records: []).html.description.isEmpty)
    }
}
