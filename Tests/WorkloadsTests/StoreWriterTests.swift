import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport
import Testing
import Workloads

/// The engine's batch-insert path and the raw SQLiteDB floor write the same rows.
@Suite struct StoreWriterTests {
    private func dump(_ path: String) throws -> [String: [[SQLiteValue]]] {
        let connection = try Connection(location: .file(path))
        let tables = try connection.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('Z_METADATA', 'Z_MODELCACHE') ORDER BY name"
        ) { $0.string(at: 0) }
        var result: [String: [[SQLiteValue]]] = [:]
        for table in tables {
            result[table] = try connection.fetchAll(
                SQL(text: "SELECT * FROM \"\(table)\" ORDER BY 1, 2")
            ) { $0.row() }
        }
        return result
    }

    @Test(
        "raw and batch-insert writers produce identical tables", arguments: ["social", "library"])
    func writersAgree(schemaName: String) throws {
        let schema = schemaName == "social" ? DatasetSchema.social : SecondSchemaTests.library
        let directory = try TemporaryDirectory()
        let generator = try DatasetGenerator(schema: schema, size: 300, seed: 5)
        let engine = try GenerationReport.generate(
            generator, at: directory.path("engine.sqlite"), writer: .batchInsert)
        let raw = try GenerationReport.generate(
            generator, at: directory.path("raw.sqlite"), writer: .raw)
        #expect(engine.contentHash == raw.contentHash)
        #expect(engine.rowsWritten == raw.rowsWritten)
        let engineTables = try dump(directory.path("engine.sqlite"))
        let rawTables = try dump(directory.path("raw.sqlite"))
        #expect(engineTables.keys.sorted() == rawTables.keys.sorted())
        for table in engineTables.keys.sorted() {
            #expect(engineTables[table] == rawTables[table], "table \(table) differs")
        }
        #expect((engineTables["Z_PRIMARYKEY"]?.count ?? 0) > 0)
    }

    /// Every index of a new store of `model`, as `name: sql`.
    private func indexes(at path: String) throws -> [String] {
        let connection = try Connection(location: .file(path))
        return try connection.fetchAll(
            "SELECT name || ': ' || sql FROM sqlite_schema WHERE type = 'index' "
                + "AND sql IS NOT NULL ORDER BY name"
        ) { $0.string(at: 0) }
    }

    @Test("both writers leave one self-contained file with its indexes")
    func fileShape() throws {
        let directory = try TemporaryDirectory()
        let generator = try DatasetGenerator(schema: .social, size: 100, seed: 5)
        let fresh = PersistentContainer(name: "Fresh", model: DatasetSchema.social.model)
        fresh.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: directory.path("fresh.sqlite")))
        ]
        try fresh.loadPersistentStores()
        let expected = try indexes(at: directory.path("fresh.sqlite"))
        #expect(expected.count == 9)
        for writer in DatasetWriterKind.allCases {
            let path = directory.path("\(writer.rawValue).sqlite")
            _ = try GenerationReport.generate(generator, at: path, writer: writer)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            let connection = try Connection(
                location: .file(path),
                configuration: {
                    var configuration = Connection.Configuration()
                    configuration.openMode = .readOnly
                    return configuration
                }())
            #expect(try connection.fetchOne("PRAGMA journal_mode") { $0.string(at: 0) } == "delete")
            let indexes = try connection.fetchAll(
                "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL"
            ) { $0.string(at: 0) }
            #expect(indexes.contains("ZPOST_ZAUTHOR_INDEX"))
            #expect(indexes.contains("ZUSER_ZAGEINDEXED_INDEX"))
            #expect(try self.indexes(at: path) == expected, "\(writer.rawValue)")
        }
    }
}
