import DurableFiles
import Foundation

/// A ``ShardPlan`` as a file: `bench plan --shards N --out FILE` writes it, `bench run
/// --shard-plan FILE --shard I` runs shard I of it, so every job of a CI matrix runs
/// the plan made once (from the costs one machine measured) rather than computing its
/// own.
///
/// ```json
/// {
///   "format" : "faultline-shard-plan",
///   "groups" : [ { "benchmark" : "faulting/posts-with-author", "cost" : 41.2, "shard" : 2, "size" : 10000 }, … ],
///   "predictedTotals" : [ 120.5, 118.9, 121 ],
///   "shards" : 3,
///   "unit" : "measured seconds",
///   "version" : 1
/// }
/// ```
///
/// Cost: one JSON document; lookups by a dictionary built on reading.
extension ShardPlan {
    /// The `format` field of a plan file.
    public static let fileFormat = "faultline-shard-plan"
    /// The version this bench writes and reads.
    public static let fileVersion = 1

    /// The plan as a file's JSON: pretty-printed, sorted keys, groups in run order.
    public func jsonData() -> Data {
        let document = PlanDocument(
            format: Self.fileFormat, version: Self.fileVersion, shards: count, unit: unit,
            predictedTotals: predictedTotals,
            groups: entries.map {
                PlanDocument.Group(
                    benchmark: $0.benchmark, size: $0.size, shard: $0.shard, cost: $0.cost)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Costs are finite sums of finite measurements; a failure here is a bug.
        return (try? encoder.encode(document)) ?? Data()
    }

    /// Reads a plan file.
    /// - Throws: ``ResultsFileError`` naming the file: unreadable, not JSON, another
    ///   format or version, a shard outside 1...shards, a group listed twice.
    public static func read(from url: URL) throws -> ShardPlan {
        let document = try JSONFile.read(PlanDocument.self, from: url, decoder: JSONDecoder())
        func refuse(_ reason: String) -> ResultsFileError {
            ResultsFileError(path: url.path, reason: reason + " (write it with 'bench plan --out')")
        }
        guard document.format == fileFormat else {
            throw refuse("format '\(document.format)', not a shard plan (\(fileFormat))")
        }
        guard document.version == fileVersion else {
            throw refuse("version \(document.version); this bench reads \(fileVersion)")
        }
        guard document.shards >= 1 else { throw refuse("shards \(document.shards), not >= 1") }
        var seen = Set<String>()
        for group in document.groups {
            guard (1...document.shards).contains(group.shard) else {
                throw refuse(
                    "\(group.benchmark) @\(group.size) in shard \(group.shard) of "
                        + "\(document.shards)")
            }
            guard seen.insert(ShardCosts.key(group.benchmark, group.size)).inserted else {
                throw refuse("\(group.benchmark) @\(group.size) listed twice")
            }
        }
        return ShardPlan(
            entries: document.groups.map {
                Entry(benchmark: $0.benchmark, size: $0.size, shard: $0.shard, cost: $0.cost)
            }, count: document.shards, unit: document.unit)
    }

    /// Why this plan cannot cut a run of `groups` (benchmark ID and size, run order):
    /// the groups only one side has, named; nil when both hold the same groups.
    public func mismatch(with groups: [(benchmark: String, size: Int)]) -> String? {
        let planned = Set(entries.map { ShardCosts.key($0.benchmark, $0.size) })
        let running = groups.map { ShardCosts.key($0.benchmark, $0.size) }
        let onlyRun = running.filter { !planned.contains($0) }
        let onlyPlan = entries.map { ShardCosts.key($0.benchmark, $0.size) }
            .filter { !Set(running).contains($0) }
        guard !onlyRun.isEmpty || !onlyPlan.isEmpty else { return nil }
        func named(_ keys: [String]) -> String {
            keys.prefix(3).joined(separator: ", ") + (keys.count > 3 ? ", …" : "")
        }
        var parts: [String] = []
        if !onlyRun.isEmpty {
            parts.append(
                "\(onlyRun.count) group(s) of this run not in the plan (\(named(onlyRun)))")
        }
        if !onlyPlan.isEmpty {
            parts.append(
                "\(onlyPlan.count) group(s) of the plan not in this run (\(named(onlyPlan)))")
        }
        return parts.joined(separator: "; ")
    }

    /// The shard the plan gives `benchmark` at `size`; nil when it does not list it.
    public func shard(of benchmark: String, size: Int) -> Int? {
        entries.first { $0.benchmark == benchmark && $0.size == size }?.shard
    }
}

/// The JSON of a plan file.
private struct PlanDocument: Codable {
    struct Group: Codable {
        let benchmark: String
        let size: Int
        let shard: Int
        let cost: Double
    }
    let format: String
    let version: Int
    let shards: Int
    let unit: String
    let predictedTotals: [Double]?
    let groups: [Group]
}
