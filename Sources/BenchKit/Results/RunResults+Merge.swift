import Foundation

extension RunResults {
    /// Joins the results of shards of one run into one record.
    ///
    /// The shards must share their settings (apart from the shard) and must not repeat
    /// a case. Checksums are compared again across all cases and the analysis redone.
    /// The merge is partial when any shard was partial or shard numbers are missing.
    /// - Parameter parts: Results with their file paths, for error messages.
    /// - Throws: ``ResultsFileError`` naming the offending file.
    public static func merged(_ parts: [(path: String, results: RunResults)]) throws -> RunResults {
        guard var merged = parts.first?.results else {
            throw ResultsFileError(path: "-", reason: "nothing to merge")
        }
        var seen = Set(merged.cases.map(\.key))
        for (path, part) in parts.dropFirst() {
            try checkCompatible(part, with: merged, path: path)
            if let repeated = part.cases.first(where: { seen.contains($0.key) }) {
                throw ResultsFileError(
                    path: path, reason: "case \(repeated.key) is already in another part")
            }
            seen.formUnion(part.cases.map(\.key))
            merged.absorb(part)
        }
        merged.finishMerge()
        return merged
    }

    /// The shards a sharded record lacks, as `i/n`, at most `limit` of them (the list
    /// can be long: `n` comes from the files); empty when complete or not sharded.
    public func missingShards(limit: Int = 10) -> [String] {
        guard let count = shards.first?.count else { return [] }
        let present = Set(shards.filter { $0.count == count }.map(\.index))
        var missing: [String] = []
        var index = 1
        while index <= count, missing.count < limit {
            if !present.contains(index) { missing.append("\(index)/\(count)") }
            index += 1
        }
        return missing
    }

    private static func checkCompatible(_ part: RunResults, with merged: RunResults, path: String)
        throws
    {
        var theirs = part.settings
        var ours = merged.settings
        theirs.shard = nil
        ours.shard = nil
        guard theirs == ours else {
            throw ResultsFileError(path: path, reason: "settings differ from the first part's")
        }
    }

    private mutating func absorb(_ part: RunResults) {
        startedAt = min(startedAt, part.startedAt)
        finishedAt = max(finishedAt, part.finishedAt)
        isPartial = isPartial || part.isPartial
        shards += part.shards
        datasets += part.datasets.filter { !datasets.contains($0) }
        if let lines = part.leftOut {
            leftOut = (leftOut ?? []) + lines.filter { !(leftOut ?? []).contains($0) }
        }
        cases += part.cases
    }

    private mutating func finishMerge() {
        shards = Array(Set(shards)).sorted { $0.index < $1.index }
        if let count = shards.first?.count {
            let complete = shards.count == count && shards.allSatisfy { $0.count == count }
            isPartial = isPartial || !complete
        }
        settings.shard = nil
        // Groups in benchmark and size order; configurations keep their run order
        // (the first is the reference for ratios), hence the offsets.
        cases = cases.enumerated().sorted {
            ($0.element.key.benchmark, $0.element.key.size, $0.offset)
                < ($1.element.key.benchmark, $1.element.key.size, $1.offset)
        }.map(\.element)
        checksumMismatches = ChecksumMismatch.find(in: cases)
        analysis = RunAnalysis(cases: cases, seed: settings.seed)
    }
}
