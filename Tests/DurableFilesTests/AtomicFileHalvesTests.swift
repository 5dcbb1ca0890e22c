import DurableFiles
import Foundation
import Testing

/// The two halves of an atomic write, and the sweep a lock holder may run: what the
/// binary store uses to survive (and to test) a crash between them.
@Suite struct AtomicFileHalvesTests {
    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "atomic-halves-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("the first half writes a temporary file beside the destination and leaves it be")
    func firstHalf() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("graph.store")
        try AtomicFile.write("old", to: file)
        let temporary = try AtomicFile.writeTemporary(Data("new".utf8), for: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
        #expect(try String(contentsOfFile: temporary, encoding: .utf8) == "new")
        #expect(URL(fileURLWithPath: temporary).lastPathComponent.hasPrefix(".graph.store.tmp-"))
        try AtomicFile.moveTemporary(temporary, over: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new")
        #expect(try names(in: directory) == ["graph.store"])
    }

    @Test("a live process's temporary files survive the abandoned sweep, not the lock holder's")
    func sweeps() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("graph.store")
        try AtomicFile.write("old", to: file)
        _ = try AtomicFile.writeTemporary(Data("new".utf8), for: file)
        try Data("mine".utf8).write(to: directory.appendingPathComponent(".graph.store.tmp-notes"))
        AtomicFile.removeAbandonedTemporaries(of: file)
        #expect(try names(in: directory).count == 3)
        AtomicFile.removeTemporaries(of: file)
        #expect(try names(in: directory) == [".graph.store.tmp-notes", "graph.store"])
    }
}
