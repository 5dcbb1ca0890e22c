import Foundation
import Testing

@testable import DurableFiles

/// `flock` locks: exclusive while held, free after release.
@Suite struct FileLockTests {
    @Test("a held lock cannot be taken again until it is released")
    func exclusive() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lock-\(UUID().uuidString).lock"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = try FileLock(path: path)
        #expect(FileLock.tryLock(path: path) == nil)
        held.release()
        let again = try #require(FileLock.tryLock(path: path))
        again.release()
    }

    @Test("a lock file in a missing directory is an error naming it")
    func missingDirectory() {
        let path = "/nonexistent-\(UUID().uuidString)/x.lock"
        #expect(throws: FileWriteError(path: path, errno: ENOENT)) { try FileLock(path: path) }
    }
}
