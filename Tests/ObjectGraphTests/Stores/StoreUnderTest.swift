import Foundation
import ObjectGraph
import TestSupport

/// The three store types, for tests that run the same work on each.
enum StoreKind: String, CaseIterable, Sendable {
    case sqlite, inMemory, binary
}

/// A loaded container of one store type, its directory and its level-1 SQL log.
final class StoreUnderTest {
    let kind: StoreKind
    let directory: TemporaryDirectory
    let log = LogLines()
    let container: PersistentContainer

    /// Opens a new store of `kind` (files in a fresh temporary directory).
    init(_ kind: StoreKind, model: ManagedObjectModel = Fixtures.social) throws {
        self.kind = kind
        directory = try TemporaryDirectory()
        container = PersistentContainer(name: "Parity", model: model)
        container.persistentStoreDescriptions = [Self.description(kind, in: directory)]
        container.sqlDebugLog = SQLDebugLog(level: 1, output: log.sink)
        try container.loadPersistentStores()
    }

    private static func description(_ kind: StoreKind, in directory: TemporaryDirectory)
        -> PersistentStoreDescription
    {
        switch kind {
        case .sqlite: PersistentStoreDescription(url: directory.url.appending(path: "s.sqlite"))
        case .inMemory: .inMemory()
        case .binary: .binary(url: directory.url.appending(path: "s.store"))
        }
    }
}
