import DurableFiles
import Foundation

/// Writes the same dataset once through each writer, into temporary files, so the
/// engine's batch insert is compared with the raw SQLiteDB floor in one run on one
/// machine state. Cost: two full generations.
public struct WriterComparison: Sendable {
    /// One report per writer, batch insert first.
    public let reports: [GenerationReport]

    /// Batch insert's row rate as a fraction of the raw writer's.
    public var engineShareOfRaw: Double {
        guard let engine = reports.first(where: { $0.writer == .batchInsert }),
            let raw = reports.first(where: { $0.writer == .raw })
        else { return 0 }
        return engine.rowsPerSecond / raw.rowsPerSecond
    }

    /// Generates `schema` at `size` and `seed` with each writer; the files are deleted.
    public init(schema: DatasetSchema, size: Int, seed: UInt64) throws {
        let generator = try DatasetGenerator(schema: schema, size: size, seed: seed)
        let directory = ScratchFile.url("writers")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        reports = try [DatasetWriterKind.batchInsert, .raw].map { writer in
            try GenerationReport.generate(
                generator, at: directory.appendingPathComponent("\(writer.rawValue).sqlite").path,
                writer: writer)
        }
    }
}
