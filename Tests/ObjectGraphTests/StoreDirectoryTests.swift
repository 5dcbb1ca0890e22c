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
        #expect(
            throws: StoreError.cannotCreateDirectory(path: path, reason: "Not a directory")
        ) { try container.loadPersistentStores() }
        #expect(
            StoreError.cannotCreateDirectory(path: path, reason: "Not a directory").description
                == "cannot create the store's directory \(path): Not a directory; choose a "
                + "store URL in a writable directory")
    }
}
