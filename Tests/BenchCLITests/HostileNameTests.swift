import BenchKit
import BenchReports
import Foundation
import FoundationXML
import Testing

@testable import bench

/// Names and messages from results files are data: they cannot issue GitHub workflow
/// commands, drive the terminal, leave a Markdown code fence or break junit.xml.
@Suite struct HostileNameTests {
    static let hostile = "x\n::error::owned %0A\r\u{1B}[2J```\u{FFFE}\u{1}"

    static func regressed() -> RunResults {
        let key = CaseKey(benchmark: GateFixtures.lookups, configuration: hostile, size: 10_000)
        var results = GateFixtures.run([GateFixtures.caseResult()])
        results.comparison = BaselineComparison(
            baseline: hostile,
            gates: [
                GateResult(
                    key: key, metric: "wallTime", baseline: 1, current: 2, verdict: .regressed,
                    message: "slower\n````\n::warning::inside a fence\n" + hostile)
            ])
        return results
    }

    @Test("terminal lines: controls escaped, '::' at a line start neutralized")
    func terminal() {
        #expect(
            TerminalText.safe(Self.hostile)
                == "x\n\\::error::owned %0A\\r\\u{1B}[2J```\u{FFFE}\\u{1}")
        #expect(TerminalText.safe("  ::set-output name=x::y") == "\\  ::set-output name=x::y")
    }

    @Test("the gate table prints one workflow command per regression, its data escaped")
    func annotations() throws {
        let capture = BenchToolTests.Capture()
        GateTable.print(
            try #require(Self.regressed().comparison), to: capture.console, annotate: true)
        let commands = capture.text.split(separator: "\n").filter { $0.hasPrefix("::") }
        let expected: String =
            "::error title=Benchmark regression::fixture/lookups [x%0A::error::owned %250A%0D"
            + "\u{1B}[2J```\u{FFFE}\u{1}] 10k wallTime: slower%0A````%0A::warning::inside a "
            + "fence%0Ax%0A::error::owned %250A%0D\u{1B}[2J```\u{FFFE}\u{1}"
        #expect(commands.map(String.init) == [expected])
    }

    @Test("summary.md fences outgrow every backtick run inside them")
    func markdownFence() throws {
        let text = MarkdownReportWriter().render(Self.regressed())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let open = try #require(lines.firstIndex { $0.hasPrefix("`````") })
        #expect(lines[open] == "`````")
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("`````") })
        #expect(lines[(open + 1)..<close].contains("::warning::inside a fence"))
        #expect(lines[(open + 1)..<close].allSatisfy { !$0.hasPrefix("`````") })
    }

    @Test("junit.xml stays well-formed XML 1.0 with U+FFFE and control characters in names")
    func junit() {
        let xml = JUnitReportWriter().render(Self.regressed())
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(!xml.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0x01 })
    }
}
