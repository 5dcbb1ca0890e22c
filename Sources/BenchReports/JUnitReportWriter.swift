import BenchKit
import DurableFiles
import Foundation

/// Writes `junit.xml`: a test case per benchmark case and per gate, so CI systems list
/// benchmarks beside tests.
///
/// One `<testsuite>` per benchmark (`suite/scenario`), one `<testcase>` per
/// configuration and size, named `configuration size`, with its median time as `time`.
/// A failed case or a checksum mismatch is a `<failure>` with the message; an
/// interrupted case is `<skipped>`. Gates of a baseline comparison form the `gates`
/// suite, a failed gate being a `<failure>`. The shape is the usual JUnit schema
/// (Jenkins, GitLab, GitHub test reporters read it). Cost: string building.
public struct JUnitReportWriter: ReportWriter {
    /// Makes the writer.
    public init() {}

    /// ``ReportFormat/junit``.
    public var format: ReportFormat { .junit }

    /// Writes `junit.xml`.
    public func write(_ results: RunResults, to directory: URL) throws -> [URL] {
        let url = directory.appendingPathComponent("junit.xml")
        try AtomicFile.write(render(results), to: url)
        return [url]
    }

    /// The document's text.
    public func render(_ results: RunResults) -> String {
        let scenarios = ScenarioView.suites(of: results).flatMap(\.scenarios)
        var suites = scenarios.map { suite($0, results) }
        if let comparison = results.comparison { suites.append(gates(comparison)) }
        let tests = suites.reduce(0) { $0 + $1.tests }
        let failures = suites.reduce(0) { $0 + $1.failures }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(Self.text("bench " + results.label))" tests="\(tests)" \
            failures="\(failures)" errors="0">
            \(suites.map(\.xml).joined())</testsuites>

            """
    }

    private func suite(_ scenario: ScenarioView, _ results: RunResults) -> Suite {
        let mismatched = Set(
            results.checksumMismatches.filter { $0.benchmark == scenario.benchmark }.map(\.size))
        let cases = scenario.cases.map { result -> (String, Bool) in
            let seconds = (result.metric(.wallTime)?.summary.median ?? 0) / 1e9
            var body = ""
            var failed = false
            if result.status == .failed {
                body = failure(result.errors.joined(separator: "; "), type: "failed")
                failed = true
            } else if mismatched.contains(result.key.size) {
                body = failure(
                    "checksum mismatch at \(SizeFormat.short(result.key.size))", type: "checksum")
                failed = true
            } else if result.status == .interrupted {
                body = "<skipped message=\"interrupted\"/>"
            } else if result.status == .skipped {
                body = "<skipped message=\"\(Self.text(result.errors.joined(separator: "; ")))\"/>"
            }
            return (
                testCase(
                    scenario.benchmark.description,
                    "\(result.key.configuration) \(SizeFormat.short(result.key.size))", seconds,
                    body), failed
            )
        }
        return Suite(name: scenario.benchmark.description, cases: cases)
    }

    private func gates(_ comparison: BaselineComparison) -> Suite {
        let cases = comparison.gates.map { gate -> (String, Bool) in
            let failed = gate.fails
            let body = failed ? failure(gate.message, type: "regression") : ""
            return (testCase("gates", "\(gate.key) \(gate.metric)", 0, body), failed)
        }
        return Suite(name: "gates", cases: cases)
    }

    private func testCase(_ classname: String, _ name: String, _ seconds: Double, _ body: String)
        -> String
    {
        let time = String(format: "%.6f", seconds)
        let open =
            "    <testcase classname=\"\(Self.text(classname))\" name=\"\(Self.text(name))\" time=\"\(time)\""
        return body.isEmpty ? open + "/>\n" : open + ">\(body)</testcase>\n"
    }

    private func failure(_ message: String, type: String) -> String {
        "<failure message=\"\(Self.text(message))\" type=\"\(type)\">\(Self.text(message))</failure>"
    }

    /// Text safe in XML 1.0 content and attributes: escaped, and every character XML
    /// forbids (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) replaced with
    /// U+FFFD. Lone surrogates cannot occur: a Swift string holds only scalars. Tab, LF
    /// and CR become character references, so attribute values keep them.
    static func text(_ value: String) -> String {
        var output = ""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x09: output += "&#9;"
            case 0x0A: output += "&#10;"
            case 0x0D: output += "&#13;"
            case 0x00..<0x20, 0xFFFE, 0xFFFF: output += "\u{FFFD}"
            default: output += HTML.escape(String(scalar))
            }
        }
        return output
    }

    /// One `<testsuite>` being built.
    private struct Suite {
        let name: String
        let cases: [(xml: String, failed: Bool)]

        var tests: Int { cases.count }
        var failures: Int { cases.filter(\.failed).count }
        var skipped: Int { cases.filter { $0.xml.contains("<skipped") }.count }

        var xml: String {
            "  <testsuite name=\"\(JUnitReportWriter.text(name))\" tests=\"\(tests)\" "
                + "failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
                + cases.map(\.xml).joined() + "  </testsuite>\n"
        }
    }
}
