import BenchReports
import Foundation
import Testing

@testable import BenchKit

/// A stop request (Ctrl-C) ends the run early and still yields results marked partial.
@Suite struct InterruptionTests {
    @Test("stopping after the first group keeps its cases and skips the rest")
    func stopBetweenGroups() throws {
        let stopFlag = StopFlag()
        let observer = StoppingObserver(stopFlag: stopFlag, afterCases: 2)
        let results = Fixtures.run(
            [Fixtures.benchmark("partial")], stopFlag: stopFlag, observer: observer)
        #expect(results.isPartial)
        #expect(results.cases.count == 2)
        #expect(results.cases.allSatisfy { $0.status == .passed && $0.key.size == 10 })
    }

    @Test("stopping inside a group marks its cases interrupted, with the samples so far")
    func stopInsideGroup() throws {
        let stopFlag = StopFlag()
        let observer = StoppingObserver(stopFlag: stopFlag, afterRounds: 2)
        let results = Fixtures.run(
            [Fixtures.benchmark("midway")], stopFlag: stopFlag, observer: observer)
        #expect(results.isPartial)
        #expect(results.cases.map(\.status) == [.interrupted, .interrupted])
        #expect(results.cases[0].metric(.wallTime)?.samples.count == 2)
        #expect(results.cases[0].metric(.allocations) == nil)
    }

    @Test("partial results are written and read back as partial")
    func partialResultsFile() throws {
        let stopFlag = StopFlag()
        let observer = StoppingObserver(stopFlag: stopFlag, afterCases: 2)
        let results = Fixtures.run(
            [Fixtures.benchmark("written")], stopFlag: stopFlag, observer: observer)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try JSONReportWriter().write(results, to: directory)
        let read = try RunResults.read(from: directory.appendingPathComponent("results.json"))
        #expect(read.isPartial)
        #expect(read.cases == results.cases)
    }
}
