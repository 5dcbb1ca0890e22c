import Foundation
import Testing

/// Part 1 of the reliability issue for `bench baseline update`, which writes no SQLite:
/// the file-system equivalent of the VFS walk. The child runs under `RLIMIT_FSIZE` = N
/// bytes with SIGXFSZ ignored (as `prlimit` and an ignored signal inherited across
/// exec give it), so its write stops short at byte N and then fails with EFBIG, as on a
/// disk that fills up there. N walks over the new baseline's length. After each: exit 2
/// with the message naming the file, the old baseline byte for byte, no temporary file;
/// then an unlimited run writes the new baseline.
@Suite struct BaselineFaultTests {
    /// Runs `bench baseline update` with its file size limited to `limit` bytes (nil:
    /// none); returns the exit status and stderr.
    static func update(from results: String, dir: String, limit: Int?) throws -> (Int32, String) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let bench = try BenchBinaryTests.binary().path
        let command = [bench, "baseline", "update", "--from", results, "--dir", dir]
        let limited = limit.map { ["prlimit", "--fsize=\($0)"] } ?? []
        process.arguments = ["-c", "trap '' XFSZ; exec \"$@\"", "sh"] + limited + command
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try BenchBinaryTests.waitBounded(process, limit: 600, what: "baseline update")
        return (process.terminationStatus, text)
    }

    @Test("a disk that fills up at any byte of a baseline write leaves the old baseline")
    func fullDiskWalk() throws {
        let root = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let old = try GateFixtures.write(
            GateFixtures.run([GateFixtures.caseResult()]), "old.json", in: root)
        let new = try GateFixtures.write(
            GateFixtures.run([
                GateFixtures.caseResult(time: 2_000_000), GateFixtures.caseResult("single"),
            ]), "new.json", in: root)
        let dir = root.appendingPathComponent("baselines")
        let baseline = dir.appendingPathComponent("ci.json")
        #expect(try Self.update(from: old, dir: dir.path, limit: nil).0 == 0)
        let oldBytes = try Data(contentsOf: baseline)
        let probe = root.appendingPathComponent("probe")
        #expect(try Self.update(from: new, dir: probe.path, limit: nil).0 == 0)
        let newBytes = try Data(contentsOf: probe.appendingPathComponent("ci.json"))
        let limits = Array(Swift.stride(from: 0, to: newBytes.count, by: 97)) + [newBytes.count - 1]
        for limit in limits {
            let (status, text) = try Self.update(from: new, dir: dir.path, limit: limit)
            #expect(status == 2, "limit \(limit)")
            #expect(
                text
                    == "error: cannot write \(baseline.path): File too large (EFBIG); free some "
                    + "space (or raise the file size limit) and run again\n",
                "limit \(limit)")
            #expect(try Data(contentsOf: baseline) == oldBytes, "limit \(limit)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["ci.json"])
        }
        #expect(try Self.update(from: new, dir: dir.path, limit: nil).0 == 0)
        #expect(try Data(contentsOf: baseline) == newBytes)
        print("fault walk, baseline update: \(limits.count) byte limits of \(newBytes.count)")
    }
}
