/// Draws indices 0..<count with probability proportional to 1 / (rank + 1)^exponent,
/// where exponent is 1 ("zipf") or 0.5 ("sqrt"): a few heavy items and a long tail.
///
/// Ranks are shuffled onto indices with the generator, so the heavy items are not
/// simply the first rows. Only +, -, *, / and sqrt are used (all correctly rounded in
/// IEEE 754), so draws are identical on every machine. Cost: O(count) to build, a binary
/// search per draw.
public struct ZipfSampler: Sendable {
    /// How steep the skew is.
    public enum Exponent: String, Sendable, Codable {
        /// 1 / rank: heavy head, long tail of zero or one.
        case one
        /// 1 / sqrt(rank): milder skew.
        case half
    }

    private let cumulative: [Double]
    private let indexOfRank: [Int]

    /// A sampler over `count` items (at least 1).
    public init(count: Int, exponent: Exponent, generator: inout Xoshiro256) {
        precondition(count > 0, "a Zipf sampler needs at least one item")
        var total = 0.0
        var cumulative = [Double]()
        cumulative.reserveCapacity(count)
        for rank in 1...count {
            let weight = exponent == .one ? 1.0 / Double(rank) : 1.0 / Double(rank).squareRoot()
            total += weight
            cumulative.append(total)
        }
        self.cumulative = cumulative.map { $0 / total }
        var ranks = Array(0..<count)
        for index in stride(from: count - 1, to: 0, by: -1) {
            ranks.swapAt(index, Int(generator.next() % UInt64(index + 1)))
        }
        self.indexOfRank = ranks
    }

    /// One draw: an index in 0..<count.
    public func draw(_ generator: inout Xoshiro256) -> Int {
        let target = generator.unit()
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return indexOfRank[low]
    }
}
