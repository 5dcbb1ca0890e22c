/// Names a dataset a case used: what, how big, which seed, and a content hash.
///
/// Stored in `results.json` so a result can be traced to the exact data it ran on and
/// a baseline is known to be stale when the generator changes. Cost: data only.
public struct DatasetRecord: Hashable, Sendable, Codable {
    /// The dataset's name, such as `social` or `selftest-integers`.
    public let name: String
    /// Its size (count of the primary entity).
    public let size: Int
    /// The seed it was generated from.
    public let seed: UInt64
    /// A hash of its content, in hexadecimal.
    public let contentHash: String

    /// Makes a record.
    public init(name: String, size: Int, seed: UInt64, contentHash: String) {
        self.name = name
        self.size = size
        self.seed = seed
        self.contentHash = contentHash
    }
}
