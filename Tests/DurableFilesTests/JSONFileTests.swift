import Foundation
import Testing

@testable import DurableFiles

/// Where a JSON file goes wrong, in words: line, column, byte and JSON path.
@Suite struct JSONFileTests {
    struct Sample: Decodable {
        let name: String
        let values: [Double]
        let count: Int
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let json: String
        let reason: String
        var testDescription: String { json }
    }

    static let cases: [Case] = [
        Case(
            json: #"{"name": "a", "values": [1, 2"#,
            reason:
                "unexpected end of file at values (the file is truncated), line 1, column 30 "
                + "(byte 29): fix the JSON or regenerate the file"),
        Case(
            json: "{\"name\": \"a\",\n \"values\": [NaN], \"count\": 1}",
            reason:
                "expected a value (NaN and Infinity are not JSON: write a finite number) at "
                + "values.0, found 'NaN], \"count', line 2, column 13 (byte 26): fix the JSON "
                + "or regenerate the file"),
        Case(
            json: #"{"name": "a", "values": [1e400], "count": 1}"#,
            reason:
                "number 1e400 at values.0 is out of range (beyond ±1.8e308), line 1, column 26 "
                + "(byte 25): write a smaller number or regenerate the file"),
        Case(
            json: #"{"name": "a", "values": [], "count": 1e30}"#,
            reason:
                "number 1e30 at count is out of range for a whole number (at most "
                + "18446744073709551615), line 1, column 38 (byte 37): write a smaller number "
                + "or regenerate the file"),
        Case(
            json: #"{"name": "a", "values": [], "count": "x"}"#,
            reason:
                "wrong type at count (Expected to decode Int but found a string instead.): "
                + "fix the file or regenerate it"),
        Case(
            json: #"{"name": "a" "values": []}"#,
            reason:
                "expected ',' or '}' at top level, found '\"values\": []', line 1, column 14 "
                + "(byte 13): fix the JSON or regenerate the file"),
        Case(
            json: #"{"name": "a", "values": []}"#,
            reason: "missing key 'count' at top level: fix the file or regenerate it"),
        // Found by the thresholds fuzzer: Foundation's decoder traps past 512 levels.
        Case(
            json: "{\"name\": \"[[\", \"values\": " + String(repeating: "[", count: 600),
            reason:
                "nested more than 500 levels deep, line 1, column 525 (byte 524): fix the JSON or "
                + "regenerate the file"),
    ]

    @Test("decoding errors name the place and what to do", arguments: cases)
    func describes(_ sample: Case) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "json-\(UUID().uuidString).json")
        try Data(sample.json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: JSONFileError(path: url.path, reason: sample.reason)) {
            try JSONFile.read(Sample.self, from: url, decoder: JSONDecoder())
        }
    }

    @Test("a missing file is one line, not a Foundation dump")
    func missing() {
        let path = "/nonexistent-\(UUID().uuidString).json"
        #expect(
            throws: JSONFileError(
                path: path, reason: "cannot read: No such file or directory (ENOENT)")
        ) {
            try JSONFile.read(Sample.self, from: URL(fileURLWithPath: path), decoder: JSONDecoder())
        }
    }

    @Test("valid JSON has no problem; locations count lines and bytes")
    func valid() {
        #expect(
            JSONSyntax.firstProblem(in: Data(#"{"a": [1, -0.5e3, "x\"y"], "b": null}"#.utf8)) == nil
        )
        #expect(
            JSONSyntax.location(of: 5, in: Data("ab\ncdef".utf8)).description
                == "line 2, column 3 (byte 5)")
    }
}
