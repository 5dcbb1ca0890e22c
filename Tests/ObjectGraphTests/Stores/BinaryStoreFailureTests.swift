import DurableFiles
import Foundation
import ObjectGraph
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Failed writes of a binary store: a crash between the temporary file and the rename,
/// a full disk, a directory gone. A failed save changes nothing on disk or in the
/// store, and keeps the context's changes.
@Suite struct BinaryStoreFailureTests {
    /// Saves one new user named `name` in a new context; returns the context, its
    /// changes still in it when the save failed, and the error.
    private func saveUser(_ name: String, in container: PersistentContainer) -> (
        ManagedObjectContext, (any Error)?
    ) {
        let context = container.newBackgroundContext()
        let error = context.performAndWait { () -> (any Error)? in
            let user = context.insertNewObject(forEntityName: "User")
            user.setValue(name, forKey: "name")
            do {
                try context.save()
                return nil
            } catch { return error }
        }
        return (context, error)
    }

    @Test(
        "a crash after the temporary file, before the rename: old file intact, temporary removed at the next open",
        arguments: [0, 2])
    func crashBeforeRename(savesBefore: Int) throws {
        let files = try BinaryStoreFiles()
        do { try Fixtures.seed(try files.open(), users: 2, posts: 0) }
        let crashing = CrashingImageWriter(successes: savesBefore)
        let before = try { () throws -> Data in
            let container = try files.open(writer: crashing.writer)
            for index in 0..<savesBefore { #expect(saveUser("s\(index)", in: container).1 == nil) }
            let before = try files.bytes()
            let (context, error) = saveUser("lost", in: container)
            #expect(error is StoreError)
            #expect(context.performAndWait { context.hasChanges })
            return before
        }()
        #expect(try files.temporaries().count == 1)
        #expect(try files.bytes() == before)
        let saved = (0..<savesBefore).map { "s\($0)" }
        #expect(try files.userNames() == saved + ["u0", "u1"])
        #expect(try files.temporaries().isEmpty)
    }

    @Test("a full disk fails the save with a StoreError; the retry after it saves all")
    func fullDisk() throws {
        let files = try BinaryStoreFiles()
        let disk = SwitchableDisk()
        let container = try files.open(writer: disk.writer)
        disk.isFull = true
        let (context, error) = saveUser("kept", in: container)
        let failure = try #require(error as? StoreError)
        guard case .cannotWriteImage(let path, _) = failure else {
            Issue.record("expected cannotWriteImage, got \(failure)")
            return
        }
        #expect(path == files.url.path)
        let message: String =
            "cannot write binary store \(path): No space left on device (ENOSPC); free some "
            + "space (or raise the file size limit) and run again; nothing was written: the "
            + "file and the store are as before the write, and a failed save keeps the "
            + "context's changes for a retry"
        #expect("\(failure)" == message)
        disk.isFull = false
        try context.performAndWait { try context.save() }
        #expect(
            try inContext(container) { try $0.count(for: FetchRequest(entityName: "User")) } == 1)
    }

    @Test("the store's directory gone during a save: a StoreError, nothing lost")
    func directoryGone() throws {
        let files = try BinaryStoreFiles()
        do {
            let container = try files.open()
            let moved = files.directory.url.path + "-moved"
            #expect(rename(files.directory.url.path, moved) == 0)
            let (context, error) = saveUser("kept", in: container)
            #expect(rename(moved, files.directory.url.path) == 0)
            let failure = try #require(error as? StoreError)
            let reason: String =
                "No such file or directory (ENOENT); create the directory or choose another"
            #expect(failure == .cannotWriteImage(path: files.url.path, reason: reason))
            try context.performAndWait { try context.save() }
        }
        #expect(try files.userNames() == ["kept"])
    }
}

/// A writer whose disk can be made full: it then fails as `write(2)` does, with ENOSPC.
final class SwitchableDisk: @unchecked Sendable {
    // Invariant for @unchecked: `full` is touched only under `lock`.
    private let lock = NSLock()
    private var full = false

    var isFull: Bool {
        get { lock.withLock { full } }
        set { lock.withLock { full = newValue } }
    }

    var writer: BinaryImageWriter {
        BinaryImageWriter { image, url in
            if self.isFull { throw FileWriteError(path: url.path, errno: ENOSPC) }
            try AtomicFile.write(image, to: url)
        }
    }
}
