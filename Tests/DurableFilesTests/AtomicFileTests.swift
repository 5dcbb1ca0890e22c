import Foundation
import Testing

@testable import DurableFiles

/// Temp + fsync + rename: the destination holds the old bytes or the new, and no
/// temporary file survives.
@Suite struct AtomicFileTests {
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("replaces a file's bytes and leaves only the file in its directory")
    func replaces() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("results.json")
        try AtomicFile.write("old", to: file)
        try AtomicFile.write("new", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["results.json"])
    }

    @Test("a write into a missing directory names the file and the reason, and creates nothing")
    func missingDirectory() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("gone/results.json")
        #expect(throws: FileWriteError(path: file.path, errno: ENOENT)) {
            try AtomicFile.write("x", to: file)
        }
        #expect(
            FileWriteError(path: file.path, errno: ENOENT).description
                == "cannot write \(file.path): No such file or directory (ENOENT); "
                + "create the directory or choose another")
    }

    @Test("a failed rename (the destination is a directory) keeps the old entry and no temporary")
    func failedRename() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("baseline.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try AtomicFile.write("keep", to: target.appendingPathComponent("inner"))
        #expect(throws: FileWriteError.self) { try AtomicFile.write("new", to: target) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["baseline.json"]
        )
        #expect(
            try String(contentsOf: target.appendingPathComponent("inner"), encoding: .utf8)
                == "keep")
    }

    @Test("a write removes its destination's temporaries of dead processes, and only those")
    func sweepsAbandonedTemporaries() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let dead = ".ci.json.tmp-\(exited.processIdentifier)-\(UUID().uuidString)"
        let live = ".ci.json.tmp-\(getpid())-\(UUID().uuidString)"
        let otherFile = ".other.json.tmp-\(exited.processIdentifier)-\(UUID().uuidString)"
        let notOurs = ".ci.json.tmp-notes"
        for name in [dead, live, otherFile, notOurs] {
            try Data("partial".utf8).write(to: directory.appendingPathComponent(name))
        }
        try AtomicFile.write("new", to: directory.appendingPathComponent("ci.json"))
        #expect(
            try Set(FileManager.default.contentsOfDirectory(atPath: directory.path))
                == ["ci.json", live, otherFile, notOurs])
    }
}
