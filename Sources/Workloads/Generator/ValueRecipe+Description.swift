import Foundation

extension ValueRecipe: CustomStringConvertible {
    /// A short phrase for listings: `words 1-6`, `unique "tag"N`, `bell 13-90 peak 30`.
    public var description: String {
        switch self {
        case .sequence: return "1, 2, 3, …"
        case .uniform(let range): return "uniform \(range.lowerBound)-\(range.upperBound)"
        case .bell(let range, let mode):
            return "bell \(range.lowerBound)-\(range.upperBound) peak \(mode)"
        case .real(let range): return "uniform \(range.lowerBound)-\(range.upperBound)"
        case .weighted(let values, let weights):
            return zip(values, weights).map { "\($0) \($1)" }.joined(separator: ", ")
        case .words(let range): return "words \(range.lowerBound)-\(range.upperBound)"
        case .longText(let range):
            return "long text \(range.lowerBound)-\(range.upperBound) words, mostly short"
        case .personName: return "person names"
        case .uniqueEmail: return "unique emails"
        case .dates(_, let years): return "dates over \(years) years"
        case .boolean(let percent): return "true \(percent)%"
        case .uuid: return "random UUIDs"
        case .bytes(let range): return "\(range.lowerBound)-\(range.upperBound) random bytes"
        case .money(let range): return "decimals \(range.lowerBound)-\(range.upperBound)"
        case .numbered(let prefix): return "unique \"\(prefix)\"N"
        case .url: return "unique URLs"
        case .copy(let source): return "copy of \(source)"
        case .wordCount(let source): return "word count of \(source)"
        case .wordList(let range):
            return "lists of \(range.lowerBound)-\(range.upperBound) words, archived"
        }
    }
}

extension LinkRecipe: CustomStringConvertible {
    /// A short phrase for listings: `to-one, Zipf 1/rank, 5% nil`.
    public var description: String {
        switch self {
        case .toOne(let skew, let percentNil):
            return "to-one, \(Self.describe(skew))" + (percentNil > 0 ? ", \(percentNil)% nil" : "")
        case .links(let perRow, let skew):
            return "\(perRow.lowerBound)-\(perRow.upperBound) links per row, \(Self.describe(skew))"
        case .none: return "no links"
        }
    }

    private static func describe(_ skew: ZipfSampler.Exponent?) -> String {
        switch skew {
        case .one: return "Zipf 1/rank"
        case .half: return "Zipf 1/sqrt(rank)"
        case nil: return "uniform"
        }
    }
}
