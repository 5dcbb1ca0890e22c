import Foundation
import ObjectGraph
import TestSupport
import Testing

@Suite struct StoreDirectoryTests {
    @Test("a store whose directory cannot be made is a StoreError naming it and why")
    func directoryBlockedByAFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let container = PersistentContainer(name: "Blocked", model: Fixtures.social)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: file.appendingPathComponent("sub/store.sqlite"))
        ]
        let path = file.appendingPathComponent("sub").path
        let error = StoreError.cannotCreateDirectory(
            path: path, reason: "\(file.path) is a file, not a directory")
        #expect(throws: error) { try container.loadPersistentStores() }
        #expect(
            error.description
                == "cannot create the store's directory \(path): \(file.path) is a file, not a "
                + "directory; choose a store URL in a writable directory")
    }
}
