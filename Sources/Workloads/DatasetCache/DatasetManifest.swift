import Foundation

/// What a cached dataset is: written beside the store as `manifest.json`, last, so a
/// dataset without one was never finished.
public struct DatasetManifest: Codable, Hashable, Sendable {
    /// The manifest format; bumped when fields change meaning.
    public static let formatVersion = 1

    public var formatVersion = Self.formatVersion
    /// Schema name, for example `social`.
    public var schema: String
    /// Size (the count of the schema's primary entity).
    public var size: Int
    public var seed: UInt64
    /// ``DatasetGenerator/version`` at generation.
    public var generatorVersion: Int
    /// Rows per entity.
    public var counts: [String: Int]
    /// Rows per many-to-many relationship (`Post.tags`).
    public var links: [String: Int]
    /// How each entity's count follows from the size (`size / 10`, `200`).
    public var ratios: [String: String]
    /// Hash of the generated content: identical on every machine for the same schema,
    /// size, seed and generator version.
    public var contentHash: String
    /// Hash of the store file's bytes, checked before every reuse.
    public var fileHash: String
    /// Size of the store file in bytes.
    public var fileBytes: Int64
    /// How the rows were written (`batch-insert` or `raw`).
    public var writer: String
    /// When generation finished.
    public var createdAt: Date
    /// Wall-clock seconds generation took, and rows written per second.
    public var generationSeconds: Double
    public var rowsPerSecond: Double

    /// The cache key: `<schema>-<size>-s<seed>-g<generator version>`.
    public var key: String {
        DatasetKey(schema: schema, size: size, seed: seed).directoryName
    }
}

/// What identifies a dataset in the cache.
public struct DatasetKey: Hashable, Sendable {
    public let schema: String
    public let size: Int
    public let seed: UInt64

    /// A key.
    public init(schema: String, size: Int, seed: UInt64) {
        self.schema = schema
        self.size = size
        self.seed = seed
    }

    /// `social-100000-s42-g1`.
    public var directoryName: String {
        "\(schema)-\(size)-s\(seed)-g\(DatasetGenerator.version)"
    }

    /// The largest size any command accepts (run, generate, explain): 10^9 records.
    public static let largestSize = 1_000_000_000

    /// Parses `10000`, `10k`, `100K`, `1m`, `2.5m` into a count from 1 to
    /// ``largestSize``: digits with at most one decimal point, then an optional `k` or
    /// `m`; no exponent (`1e3`), sign or spaces. The one size parser of the command line.
    /// - Throws: ``DatasetError/invalidSize(_:)``.
    public static func parseSize(_ text: String) throws -> Int {
        let lower = text.lowercased()
        let multiplier: Double =
            lower.hasSuffix("k") ? 1_000 : (lower.hasSuffix("m") ? 1_000_000 : 1)
        let digits = multiplier == 1 ? lower : String(lower.dropLast())
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            digits.filter({ $0 == "." }).count <= 1, let number = Double(digits)
        else { throw DatasetError.invalidSize(text) }
        let size = number * multiplier
        guard size >= 1, size <= Double(largestSize), size == size.rounded() else {
            throw DatasetError.invalidSize(text)
        }
        return Int(size)
    }
}
