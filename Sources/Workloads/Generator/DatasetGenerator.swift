import Foundation

/// Generates the rows of a schema at a size and seed, deterministically.
///
/// Every column and relationship draws from its own stream of one seeded
/// ``Xoshiro256``, so the same schema, size and seed give the same content on any
/// machine, and adding a column to a schema does not change the others. The content
/// hash of what was generated identifies a dataset. Cost: one pass, streaming: memory
/// holds one row plus the pairs of one many-to-many relationship.
public struct DatasetGenerator: Sendable {
    /// Bumped whenever generated content changes for the same schema, size and seed;
    /// part of every cache key, so old datasets are never reused by mistake.
    public static let version = 4
    /// The end of the date range datasets use: 2026-01-01T00:00:00Z.
    public static let epoch = Date(timeIntervalSinceReferenceDate: 788_918_400)

    public let schema: DatasetSchema
    public let size: Int
    public let seed: UInt64
    public let layout: DatasetLayout

    /// A generator; fails when the schema's plans do not match its model.
    public init(schema: DatasetSchema, size: Int, seed: UInt64) throws {
        guard size > 0 else { throw DatasetError.invalidSize(String(size)) }
        self.schema = schema
        self.size = size
        self.seed = seed
        self.layout = try DatasetLayout(schema: schema, size: size)
    }

    /// Generates everything into `sink`.
    ///
    /// - Returns: the content hash (16 hex digits) and link counts per relationship.
    public func generate(into sink: DatasetSink) throws -> (
        contentHash: String, links: [String: Int]
    ) {
        var hasher = ContentHasher()
        let base = Xoshiro256(seed: seed)
        for entity in layout.entities {
            try generate(entity, base: base, into: sink, hasher: &hasher)
        }
        var linkCounts: [String: Int] = [:]
        for link in layout.links {
            let pairs = makePairs(link, base: base)
            hasher.combine(pairs.count)
            for pair in pairs {
                hasher.combine(pair.source)
                hasher.combine(pair.destination)
            }
            try sink.links(link, pairs: pairs)
            linkCounts["\(link.entity).\(link.relationship)"] = pairs.count
        }
        return (hasher.hexDigest, linkCounts)
    }

    private func generate(
        _ entity: EntityLayout, base: Xoshiro256, into sink: DatasetSink,
        hasher: inout ContentHasher
    ) throws {
        var valueStreams = entity.columns.map { base.stream("\(entity.name).\($0.name)") }
        var linkStreams = entity.toOnes.map { base.stream("\(entity.name).\($0.name)") }
        let samplers = entity.toOnes.map { sampler(for: $0, base: base, entity: entity.name) }
        let recipes = entity.columns.map(\.recipe)
        let sources = entity.columns.map(\.sourceIndex)
        var values = [GeneratedValue](repeating: .null, count: entity.columns.count)
        var toOne = [Int?](repeating: nil, count: entity.toOnes.count)
        // Members per destination, for to-ones whose inverse has a maximum count.
        var members = entity.toOnes.map {
            [Int](repeating: 0, count: $0.inverseMaximum > 0 ? $0.destinationCount : 0)
        }
        hasher.combine(entity.count)
        try sink.begin(entity)
        for row in 0..<entity.count {
            for index in entity.drawOrder {
                let source = sources[index].map { values[$0] }
                values[index] = recipes[index].draw(row: row, &valueStreams[index], source: source)
            }
            for index in entity.toOnes.indices {
                toOne[index] = destination(
                    entity.toOnes[index], row: row, samplers[index], &linkStreams[index],
                    members: &members[index])
            }
            for value in values { value.hash(into: &hasher) }
            for destination in toOne { hasher.combine(destination.map { $0 + 1 } ?? 0) }
            try sink.row(values, toOne: toOne)
        }
        try sink.end(entity)
    }

    private func sampler(for link: EntityLayout.ToOne, base: Xoshiro256, entity: String)
        -> ZipfSampler?
    {
        guard case .toOne(let skew?, _) = link.recipe, link.destinationCount > 0, !link.pairsByIndex
        else {
            return nil
        }
        var generator = base.stream("\(entity).\(link.name).ranks")
        return ZipfSampler(count: link.destinationCount, exponent: skew, generator: &generator)
    }

    private func destination(
        _ link: EntityLayout.ToOne, row: Int, _ sampler: ZipfSampler?,
        _ generator: inout Xoshiro256, members: inout [Int]
    ) -> Int? {
        guard link.destinationCount > 0, case .toOne(_, let percentNil) = link.recipe else {
            return nil
        }
        if link.pairsByIndex { return row < link.destinationCount ? row : nil }
        if link.inverseMinimum > 0, row < link.destinationCount * link.inverseMinimum {
            return counted(row % link.destinationCount, link, members: &members)
        }
        if percentNil > 0, Int(generator.next() % 100) < percentNil { return nil }
        let drawn: Int
        if link.isTree {
            // A parent among the rows before: row 0 is a root unless the parent is
            // required, and then it is its own parent (the only choice there is).
            guard row > 0 else { return percentNil > 0 ? nil : 0 }
            drawn = Int(generator.next() % UInt64(min(row, link.destinationCount)))
        } else if let sampler {
            drawn = sampler.draw(&generator)
        } else {
            drawn = Int(generator.next() % UInt64(link.destinationCount))
        }
        return counted(drawn, link, members: &members)
    }

    /// `destination`, or the next one with room when the inverse's maximum count is
    /// reached; nil when every destination is full.
    private func counted(_ destination: Int, _ link: EntityLayout.ToOne, members: inout [Int])
        -> Int?
    {
        guard link.inverseMaximum > 0 else { return destination }
        for step in 0..<link.destinationCount {
            let candidate = (destination + step) % link.destinationCount
            if members[candidate] < link.inverseMaximum {
                members[candidate] += 1
                return candidate
            }
        }
        return nil
    }

    /// Each source row links to a count drawn from `perRow` of distinct destinations.
    private func makePairs(_ link: LinkLayout, base: Xoshiro256) -> [(
        source: Int, destination: Int
    )] {
        let sources = layout.counts[link.entity] ?? 0
        let destinations = layout.counts[link.destination] ?? 0
        guard sources > 0, destinations > 0 else { return [] }
        var generator = base.stream("\(link.entity).\(link.relationship)")
        let sampler = link.skew.map { skew -> ZipfSampler in
            var ranks = base.stream("\(link.entity).\(link.relationship).ranks")
            return ZipfSampler(count: destinations, exponent: skew, generator: &ranks)
        }
        var pairs: [(source: Int, destination: Int)] = []
        pairs.reserveCapacity(sources * (link.perRow.lowerBound + link.perRow.upperBound) / 2)
        for source in 0..<sources {
            let wanted = min(generator.int(in: link.perRow), destinations)
            var chosen: [Int] = []
            while chosen.count < wanted {
                let candidate =
                    sampler?.draw(&generator) ?? Int(generator.next() % UInt64(destinations))
                if !chosen.contains(candidate) { chosen.append(candidate) }
            }
            for destination in chosen.sorted() { pairs.append((source, destination)) }
        }
        return pairs
    }
}
