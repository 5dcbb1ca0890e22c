import Foundation
import ObjectGraph
import SQLiteDB

/// A sink that writes a store file, and how many rows it wrote.
public protocol DatasetStoreWriter: DatasetSink {
    /// Rows written, join-table rows included.
    var rowsWritten: Int { get }
    /// Completes the file (indexes, journal mode) and closes it.
    func finish() throws
}

extension RawStoreWriter: DatasetStoreWriter {}
extension EngineStoreWriter: DatasetStoreWriter {}

/// Which path rows take into the store.
public enum DatasetWriterKind: String, Sendable, CaseIterable, Codable {
    /// The engine's batch insert requests (the default: the engine's own fast path).
    case batchInsert = "batch-insert"
    /// Prepared INSERTs through SQLiteDB: the floor batch insert is compared with.
    case raw

    func makeWriter(path: String, model: ManagedObjectModel, layout: DatasetLayout) throws
        -> any DatasetStoreWriter
    {
        switch self {
        case .batchInsert: return try EngineStoreWriter(path: path, model: model, layout: layout)
        case .raw: return try RawStoreWriter(path: path, model: model, layout: layout)
        }
    }
}

/// What one generation into a store file did.
public struct GenerationReport: Sendable {
    public let writer: DatasetWriterKind
    public let contentHash: String
    public let links: [String: Int]
    public let rowsWritten: Int
    public let seconds: Double

    /// Rows written per second of wall-clock time.
    public var rowsPerSecond: Double { Double(rowsWritten) / max(seconds, 1e-9) }

    /// Generates `generator`'s dataset into a new store file at `path` with `writer`.
    public static func generate(
        _ generator: DatasetGenerator, at path: String, writer: DatasetWriterKind
    ) throws -> GenerationReport {
        let started = Date()
        let sink = try writer.makeWriter(
            path: path, model: generator.schema.model, layout: generator.layout)
        let generated = try generator.generate(into: sink)
        try sink.finish()
        var readOnly = Connection.Configuration()
        readOnly.openMode = .readOnly
        let connection = try Connection(location: .file(path), configuration: readOnly)
        let problems = try DatasetStoreCheck.problems(
            in: connection, model: generator.schema.model)
        try connection.close()
        guard problems.isEmpty else {
            throw DatasetError.contradictsModel(
                schema: generator.schema.name, problems: problems)
        }
        return GenerationReport(
            writer: writer, contentHash: generated.contentHash, links: generated.links,
            rowsWritten: sink.rowsWritten, seconds: Date().timeIntervalSince(started))
    }
}
