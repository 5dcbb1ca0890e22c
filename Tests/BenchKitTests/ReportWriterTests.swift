import Foundation
import Testing

@testable import BenchKit
@testable import BenchReports

/// The CSV and JSON writers and the report directory layout.
@Suite struct ReportWriterTests {
    @Test(
        "CSV fields are quoted only when needed",
        arguments: [
            ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
        ])
    func escaping(field: String, expected: String) {
        #expect(CSVTable.escape(field) == expected)
    }

    @Test("numbers print without a useless fraction")
    func numbers() {
        #expect(CSVTable.number(1_234) == "1234")
        #expect(CSVTable.number(0.5) == "0.5")
        #expect(CSVTable.number(nil) == "")
    }

    @Test("results.csv has one row per case and metric; samples.csv one per sample")
    func tidyRows() throws {
        let results = Fixtures.run([Fixtures.benchmark("csv", sizes: [3])])
        let writer = CSVReportWriter()
        let rows = writer.resultTable(results).content.split(separator: "\n")
        let metricCount = results.cases.map(\.metrics.count).reduce(0, +)
        #expect(rows.count == 1 + metricCount)
        #expect(rows[0].split(separator: ",").count == CSVReportWriter.resultColumns.count)
        #expect(
            rows.dropFirst().allSatisfy {
                $0.split(separator: ",", omittingEmptySubsequences: false).count
                    == CSVReportWriter.resultColumns.count
            })
        let samples = writer.sampleTable(results).content.split(separator: "\n")
        let sampleCount = results.cases.flatMap(\.metrics).map(\.samples.count).reduce(0, +)
        #expect(samples.count == 1 + sampleCount)
    }

    @Test("a run directory gets every format and latest points at it")
    func directoryAndLatest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: root) }
        let reports = ReportDirectory(root: root)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try reports.create(label: "selftest", date: date)
        let second = try reports.create(label: "selftest", date: date)
        #expect(first.lastPathComponent == "20270115-080000-selftest")
        #expect(second.lastPathComponent == "20270115-080000-selftest-2")
        let results = Fixtures.run([Fixtures.benchmark("files", sizes: [1])])
        for format in ReportFormat.allCases { _ = try format.writer.write(results, to: second) }
        try reports.updateLatest(to: first)
        try reports.updateLatest(to: second)
        let latest = root.appendingPathComponent("latest")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: latest.path)
                == second.lastPathComponent)
        let names = try FileManager.default.contentsOfDirectory(atPath: latest.path).sorted()
        #expect(
            names == [
                "index.html", "junit.xml", "results.csv", "results.json", "samples.csv",
                "summary.md",
            ])
    }

    @Test("results.json round-trips and rejects other schema versions")
    func jsonRoundTrip() throws {
        var results = Fixtures.run([Fixtures.benchmark("json", sizes: [2])])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try results.jsonData().write(to: url)
        #expect(try RunResults.read(from: url) == results)
        results.schemaVersion = 99
        try results.jsonData().write(to: url)
        #expect(throws: ResultsFileError.self) { try RunResults.read(from: url) }
    }
}
