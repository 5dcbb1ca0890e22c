import DurableFiles
import Foundation
import ObjectGraph
import TestSupport

/// A binary store file in a temporary directory, opened and reopened by the tests.
struct BinaryStoreFiles {
    let directory: TemporaryDirectory
    let url: URL

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.url.appending(path: "graph.store")
    }

    /// A loaded container over the file, writing through `writer` when given.
    func open(writer: BinaryImageWriter? = nil) throws -> PersistentContainer {
        var description = PersistentStoreDescription.binary(url: url)
        if let writer { description.binaryImageWriter = writer }
        let container = PersistentContainer(name: "Binary", model: Fixtures.social)
        container.persistentStoreDescriptions = [description]
        try container.loadPersistentStores()
        return container
    }

    /// The file's bytes.
    func bytes() throws -> Data { try Data(contentsOf: url) }

    /// The names in the directory that are temporary files of the store.
    func temporaries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasPrefix(".graph.store.tmp-") }
    }

    /// The users' names, sorted, read through a fresh container.
    func userNames() throws -> [String] {
        let container = try open()
        return try inContext(container) { context in
            try context.fetch(FetchRequest(entityName: "User"))
                .compactMap { $0.value(forKey: "name") as? String }.sorted()
        }
    }
}

/// A writer that does what a crash after the temporary file and before the rename
/// leaves behind: the temporary file written and synced, the store file untouched.
/// It lets `successes` writes through first.
final class CrashingImageWriter: @unchecked Sendable {
    // Invariant for @unchecked: `remaining` is touched only under `lock`.
    private let lock = NSLock()
    private var remaining: Int
    private var attempted = 0

    init(successes: Int) { remaining = successes }

    /// How many writes were asked for so far.
    var attempts: Int { lock.withLock { attempted } }

    struct Crash: Error {}

    var writer: BinaryImageWriter {
        BinaryImageWriter { image, url in
            let passes = self.lock.withLock {
                self.attempted += 1
                self.remaining -= 1
                return self.remaining >= 0
            }
            guard passes else {
                _ = try AtomicFile.writeTemporary(image, for: url)
                throw Crash()
            }
            try AtomicFile.write(image, to: url)
        }
    }
}
