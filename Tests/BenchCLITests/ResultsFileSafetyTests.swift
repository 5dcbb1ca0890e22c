import BenchKit
import Foundation
import Testing

/// Commands that read results files never damage them and refuse incomplete input.
@Suite struct ResultsFileSafetyTests {
    @Test("bench report DIR leaves results.json byte for byte, unknown fields included")
    func reportKeepsResults() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("results.json")
        let json = try JSONSerialization.jsonObject(
            with: GateFixtures.run([GateFixtures.caseResult()]).jsonData())
        var tree = try #require(json as? [String: Any])
        tree["fieldFromANewerBench"] = ["kept": true]
        let original = try JSONSerialization.data(withJSONObject: tree)
        try original.write(to: file)
        #expect(BenchToolTests.main("report", directory.path).status == 0)
        #expect(try Data(contentsOf: file) == original)
        let elsewhere = directory.appendingPathComponent("copy")
        #expect(BenchToolTests.main("report", directory.path, "--out", elsewhere.path).status == 0)
        #expect(try Data(contentsOf: elsewhere.appendingPathComponent("results.json")) == original)
    }

    @Test("bench merge with a missing shard exits 2 naming it, and publishes nothing")
    func missingShard() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for index in [1, 3] {
            var part = GateFixtures.run([
                GateFixtures.caseResult(index == 1 ? "batched" : "perRow")
            ])
            part.settings.shard = Shard(index: index, count: 3)
            part.shards = [Shard(index: index, count: 3)]
            paths.append(try GateFixtures.write(part, "part\(index).json", in: directory))
        }
        let out = directory.appendingPathComponent("out")
        let result = BenchToolTests.main(["merge", "--out", out.path] + paths)
        #expect(result.status == 2)
        #expect(
            result.text
                == "error: shard 2/3 of 3 missing from the merge (given: 1/3, 3/3); pass every "
                + "shard's results.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test("a truncated results file names line, column and byte")
    func truncated() throws {
        let directory = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("results.json")
        try Data(#"{"schemaVersion": 1, "cases": ["#.utf8).write(to: file)
        let result = BenchToolTests.main("report", file.path)
        #expect(result.status == 2)
        #expect(
            result.text
                == "error: \(file.path): unexpected end of file at cases.0 (the file is truncated), "
                + "line 1, column 32 (byte 31): fix the JSON or regenerate the file")
    }
}
