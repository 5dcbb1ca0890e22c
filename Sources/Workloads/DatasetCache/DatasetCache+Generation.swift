import DurableFiles
import Foundation

extension DatasetCache {
    /// Generates into a temporary directory beside `final`, writes the manifest last,
    /// then renames the directory into place.
    func generate(
        schema: DatasetSchema, key: DatasetKey, writer: DatasetWriterKind, into final: URL
    ) throws -> DatasetManifest {
        let files = FileManager.default
        try AtomicFile.createDirectory(directory)
        let temporary = directory.appendingPathComponent(
            TemporaryName(key: key.directoryName).text, isDirectory: true)
        try files.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: temporary) }
        let store = temporary.appendingPathComponent(CachedDataset.storeFileName).path
        let generator = try DatasetGenerator(schema: schema, size: key.size, seed: key.seed)
        let report = try GenerationReport.generate(generator, at: store, writer: writer)
        let file = try FileHash.of(path: store)
        let manifest = DatasetManifest(
            schema: schema.name, size: key.size, seed: key.seed,
            generatorVersion: DatasetGenerator.version,
            counts: generator.layout.counts, links: report.links,
            ratios: Dictionary(
                uniqueKeysWithValues: generator.layout.entities.map {
                    ($0.name, schema.plan(for: $0.name).count.description)
                }),
            contentHash: report.contentHash, fileHash: file.hash, fileBytes: file.bytes,
            writer: writer.rawValue,
            createdAt: Date(), generationSeconds: report.seconds,
            rowsPerSecond: report.rowsPerSecond)
        try Self.write(manifest, to: temporary)
        if files.fileExists(atPath: final.path) { try files.removeItem(at: final) }
        try files.moveItem(at: temporary, to: final)
        return try Self.readManifest(final)
    }

    static func write(_ manifest: DatasetManifest, to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try AtomicFile.write(
            encoder.encode(manifest),
            to: directory.appendingPathComponent(CachedDataset.manifestFileName))
    }
}
