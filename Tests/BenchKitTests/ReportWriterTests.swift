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

    @Test("a run directory is published whole under a unique name and latest points at it")
    func directoryAndLatest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: root) }
        let reports = ReportDirectory(root: root)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let results = Fixtures.run([Fixtures.benchmark("files", sizes: [1])])
        var names: [String] = []
        let write = { (directory: URL, name: String) throws in
            names.append(name)
            for format in ReportFormat.allCases {
                _ = try format.writer.write(results, to: directory)
            }
        }
        let first = try reports.publish(label: "selftest", date: date, write: write)
        let second = try reports.publish(label: "selftest", date: date, write: write)
        #expect(first.lastPathComponent == "20270115-080000-selftest")
        #expect(second.lastPathComponent == "20270115-080000-selftest-2")
        #expect(names == [first.lastPathComponent, second.lastPathComponent])
        let latest = root.appendingPathComponent("latest")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: latest.path)
                == second.lastPathComponent)
        let files = try FileManager.default.contentsOfDirectory(atPath: latest.path).sorted()
        #expect(
            files == [
                "findings.json", "index.html", "junit.xml", "results.csv", "results.json",
                "samples.csv", "summary.md",
            ])
        let entries = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(entries == [".lock", first.lastPathComponent, second.lastPathComponent, "latest"])
    }

    @Test("a failed write publishes nothing, and the next publish sweeps what a killed one left")
    func failedAndKilledPublishes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: root) }
        let reports = ReportDirectory(root: root)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try reports.publish(label: "broken", date: date) { _, _ in throw Failure() }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [".lock"])
        let killed = root.appendingPathComponent(".tmp-20270115-080000-x-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: false)
        try Data("{".utf8).write(to: killed.appendingPathComponent("results.json"))
        let published = try reports.publish(label: "next", date: date) { _, _ in }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
                == [".lock", published.lastPathComponent, "latest"])
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
