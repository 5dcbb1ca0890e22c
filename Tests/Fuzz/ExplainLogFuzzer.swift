// The libFuzzer entry point for `bench explain-log`'s reading, built by
// `scripts/fuzz explain-log` with the CoreDataLog, BenchKit and BenchReports sources (not
// part of the Swift package). Any bytes are a console log to it: the reader, parser,
// grouper and summary must not crash, must account for every line and statement, and
// the findings and every rendering (HTML, Markdown, terminal) must be made.
import BenchKit
import BenchReports
import CoreDataLog
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExplainLog(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var reader = LogLineReader(data: data)
    var operations = 0
    guard let summary = try? LogReading.summarize(&reader, operation: { _ in operations += 1 })
    else { preconditionFailure("reading bytes in memory cannot throw") }
    let newlines = data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let expectedLines = newlines + (data.last == 0x0A || data.isEmpty ? 0 : 1)
    precondition(
        summary.counts.lines == expectedLines, "lines \(summary.counts.lines) != \(expectedLines)")
    let grouped = summary.statements.reduce(0) { $0 + $1.count } + summary.ungroupedStatements
    precondition(
        grouped == summary.statementCount,
        "statements lost: \(grouped) of \(summary.statementCount)")
    precondition(summary.operationCounts.values.reduce(0, +) == operations, "operations miscounted")
    precondition(
        summary.counts.unparsed <= summary.counts.coreData, "more unparsed than Core Data lines")
    for group in summary.statements {
        precondition(group.count > 0 && group.lines.allSatisfy { (1...expectedLines).contains($0) })
        precondition(group.lines == group.lines.sorted(), "lines out of order")
    }
    let findings = LogFindings(summary: summary, file: "fuzz.log", names: nil, replay: nil)
        .findings()
    let report = ExplainLogReport(
        files: [ExplainedFile(path: "fuzz.log", bytes: count, summary: summary)], model: nil,
        findings: findings, replay: nil, notes: [])
    let page = ExplainLogReportWriter().html(report)
    precondition(!page.contains("<script>alert"), "markup from the log reached the page")
    _ = ExplainLogReportWriter().markdown(report)
    for line in ExplainSummaryText(report: report).lines {
        precondition(
            !line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" },
            "control character in a terminal line")
    }
    _ = try? report.encoded()
    return 0
}
