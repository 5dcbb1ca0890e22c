/// One of `count` slices of a run, written `index/count` with `index` from 1.
///
/// A shard runs every `count`-th case group (one scenario at one size, all its
/// configurations), so configurations still interleave and their checksums are still
/// compared within one process tree; `bench merge` joins the shards. Cost: none.
public struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
    /// This shard's number, 1...count.
    public let index: Int
    /// How many shards the run is split into.
    public let count: Int

    /// Makes a shard; `index` must be in 1...count.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "bad shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// Parses `i/n`; nil unless 1 <= i <= n.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            count >= 1, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Decodes a shard, refusing one outside 1...count (a hand-edited results file).
    /// - Throws: `DecodingError.dataCorrupted` at the shard's path.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        guard count >= 1, (1...count).contains(index) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "shard \(index)/\(count) is not i/n with 1 <= i <= n"))
        }
        self.init(index: index, count: count)
    }

    /// `index/count`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the group at position `position` (from 0) of the full plan is in this shard.
    public func includes(position: Int) -> Bool {
        position % count == index - 1
    }
}
