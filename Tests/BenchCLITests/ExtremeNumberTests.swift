import BenchKit
import Foundation
import Testing

/// Well-formed but extreme results files and flag values: `bench` answers with a report
/// or exit 2, never a trap. Spawns the built binary so a trap is an exit status, not a
/// crashed test process.
@Suite struct ExtremeNumberTests {
    enum Extreme: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case largest, mostNegative, tiniest
        var testDescription: String { rawValue }

        /// The replacement for a number: integers get the Int64 edge, others the
        /// Double edge.
        func replace(_ number: NSNumber) -> Any {
            let integral = number.doubleValue == number.doubleValue.rounded()
            switch self {
            case .largest: return integral ? Int64.max : Double.greatestFiniteMagnitude
            case .mostNegative: return integral ? Int64.min : -Double.greatestFiniteMagnitude
            case .tiniest: return integral ? 1 : Double.leastNonzeroMagnitude
            }
        }
    }

    /// Every number of `value` replaced, except the schema version, seeds and memory
    /// size (unsigned, so a negative one is rightly refused) and SQL trace counts (which
    /// `RunResults.read` bounds to 2^53; `outOfRangeCount` checks that).
    static func replaced(_ value: Any, _ extreme: Extreme, key: String = "") -> Any {
        if key == "sqlTrace" { return value }
        if let dictionary = value as? [String: Any] {
            return dictionary.reduce(into: [String: Any]()) {
                $0[$1.key] = replaced($1.value, extreme, key: $1.key)
            }
        }
        if let array = value as? [Any] { return array.map { replaced($0, extreme, key: key) } }
        if let number = value as? NSNumber, !(value is Bool),
            !["schemaVersion", "seed", "memoryBytes"].contains(key)
        {
            return extreme.replace(number)
        }
        return value
    }

    static func extremeFile(_ extreme: Extreme, in directory: URL) throws -> String {
        let results = GateFixtures.run([
            GateFixtures.caseResult("batched", statements: 3),
            GateFixtures.caseResult("perRow", time: 3_000_000, statements: 9),
        ])
        let tree = try JSONSerialization.jsonObject(with: results.jsonData())
        let data = try JSONSerialization.data(withJSONObject: replaced(tree, extreme))
        let url = directory.appendingPathComponent("\(extreme.rawValue).json")
        try data.write(to: url)
        return url.path
    }

    @Test(
        "report, compare and merge of extreme numbers end with a status, not a trap",
        arguments: Extreme.allCases)
    func extremes(_ extreme: Extreme) throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try Self.extremeFile(extreme, in: directory)
        let out = directory.appendingPathComponent("out").path
        for arguments in [
            ["report", file, "--out", out], ["compare", file, file, "--out", out],
            ["merge", file, "--out", out],
        ] {
            let status = try BenchBinaryTests.run(arguments)
            #expect([0, 1].contains(status), "\(arguments[0]) exited \(status)")
        }
    }

    @Test("a statement count beyond 2^53 is refused as out of range, naming its path")
    func outOfRangeCount() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var trace = GateFixtures.trace()
        trace.statements[0].count = Int.max
        let result = GateFixtures.caseResult(trace: trace)
        let file = try GateFixtures.write(GateFixtures.run([result]), "big.json", in: directory)
        let report = BenchToolTests.main("report", file, "--out", directory.path)
        #expect(report.status == 2)
        #expect(
            report.text
                == "error: \(file): number \(Int.max) at cases.0.sqlTrace.statements.0.count is "
                + "out of range (0 to 2^53): fix the value or regenerate the file")
    }

    @Test("merge and compare of a baseline (results without samples) work")
    func baselineWithoutSamples() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = GateFixtures.run([
            GateFixtures.caseResult("batched"), GateFixtures.caseResult("perRow", time: 2_000_000),
        ])
        let baseline = try GateFixtures.write(
            Baseline.make(from: results, keepSamples: false), "ci.json", in: directory)
        let out = directory.appendingPathComponent("out").path
        #expect(try BenchBinaryTests.run(["merge", baseline, "--out", out]) == 0)
        #expect(try BenchBinaryTests.run(["compare", baseline, baseline, "--out", out]) == 0)
    }
}

/// Flag values at the edge of their types: refused with the limit named.
@Suite struct FlagLimitTests {
    @Test(
        "--max-time beyond a day is a usage error, not an overflow",
        arguments: ["1e308m", "1e11s", "86401s", "1441m"])
    func maxTime(_ text: String) {
        let result = BenchToolTests.main("run", "--suite", "selftest", "--max-time", text)
        #expect(result.status == 2)
        #expect(
            result.text.hasPrefix(
                "error: invalid value '\(text)' for --max-time: expected a duration like 2s, "
                    + "500ms or 1m, at most 24h (86400s)"))
    }
}
