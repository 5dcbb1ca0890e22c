import Foundation

extension ValueRecipe {
    /// Draws the value of row `index` (0-based); `source` is the value this recipe reads
    /// from the same row (``copy(of:)``, ``wordCount(of:)``), drawn before it.
    func draw(row index: Int, _ generator: inout Xoshiro256, source: GeneratedValue?)
        -> GeneratedValue
    {
        switch self {
        case .sequence: return .integer(Int64(index + 1))
        case .uniform(let range): return .integer(Int64.random(in: range, using: &generator))
        case .bell(let range, let mode): return .integer(Self.bell(range, mode: mode, &generator))
        case .real(let range):
            return .double(
                range.lowerBound + generator.unit() * (range.upperBound - range.lowerBound))
        case .weighted(let values, let weights):
            return .string(Self.pick(values, weights, &generator))
        case .words(let range):
            return .string(Vocabulary.sentence(words: generator.int(in: range), &generator))
        case .longText(let range):
            return .string(Vocabulary.sentence(words: Self.skewed(range, &generator), &generator))
        case .personName: return .string(Self.personName(&generator))
        case .uniqueEmail: return .string(Self.email(index, &generator))
        case .dates(let end, let years): return .date(Self.date(end, years, &generator))
        case .boolean(let percent): return .boolean(Int(generator.next() % 100) < percent)
        case .uuid: return .uuid(Self.uuid(&generator))
        case .bytes(let range):
            return .data(
                Data(
                    (0..<generator.int(in: range)).map { _ in
                        UInt8(truncatingIfNeeded: generator.next())
                    }))
        case .money(let range):
            return .decimal(
                Decimal(
                    Int64.random(
                        in: range.lowerBound * 100...range.upperBound * 100, using: &generator))
                    / 100)
        case .numbered(let prefix): return .string(prefix + String(index + 1))
        case .url: return .url(URL(string: "https://example.com/items/\(index + 1)")!)
        case .copy: return source ?? .null
        case .wordCount: return .integer(Self.wordCount(source))
        case .wordList(let range):
            return .strings(
                (0..<generator.int(in: range)).map { _ in
                    Vocabulary.words[Int(generator.next() % UInt64(Vocabulary.words.count))]
                })
        }
    }

    private static func bell(
        _ range: ClosedRange<Int64>, mode: Int64, _ generator: inout Xoshiro256
    ) -> Int64 {
        let low = Double(range.lowerBound)
        let high = Double(range.upperBound) + 1
        let peak = Double(mode) + 0.5
        let unit = generator.unit()
        let split = (peak - low) / (high - low)
        let value =
            unit < split
            ? low + (unit * (high - low) * (peak - low)).squareRoot()
            : high - ((1 - unit) * (high - low) * (high - peak)).squareRoot()
        return min(range.upperBound, max(range.lowerBound, Int64(value.rounded(.down))))
    }

    private static func skewed(_ range: ClosedRange<Int>, _ generator: inout Xoshiro256) -> Int {
        let unit = generator.unit()
        return range.lowerBound + Int(unit * unit * Double(range.upperBound - range.lowerBound + 1))
    }

    private static func pick(_ values: [String], _ weights: [Int], _ generator: inout Xoshiro256)
        -> String
    {
        var ticket = Int(generator.next() % UInt64(weights.reduce(0, +)))
        for (value, weight) in zip(values, weights) {
            if ticket < weight { return value }
            ticket -= weight
        }
        return values[values.count - 1]
    }

    private static func personName(_ generator: inout Xoshiro256) -> String {
        let first = Vocabulary.firstNames[
            Int(generator.next() % UInt64(Vocabulary.firstNames.count))]
        let last = Vocabulary.lastNames[Int(generator.next() % UInt64(Vocabulary.lastNames.count))]
        return first + " " + last
    }

    private static func email(_ index: Int, _ generator: inout Xoshiro256) -> String {
        let domains = ["example.com", "example.org", "example.net", "mail.example"]
        let first = Vocabulary.firstNames[
            Int(generator.next() % UInt64(Vocabulary.firstNames.count))]
        return "\(first.lowercased()).\(index + 1)@\(domains[Int(generator.next() % 4)])"
    }

    private static func date(_ end: Date, _ years: Int, _ generator: inout Xoshiro256) -> Date {
        let span = Double(years) * 365.0 * 86_400.0
        let seconds = (generator.unit() * span).rounded(.down)
        return Date(timeIntervalSinceReferenceDate: end.timeIntervalSinceReferenceDate - seconds)
    }

    private static func uuid(_ generator: inout Xoshiro256) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Words of generated text: single spaces between words, so spaces + 1.
    private static func wordCount(_ value: GeneratedValue?) -> Int64 {
        guard case .string(var text) = value, !text.isEmpty else { return 0 }
        return text.withUTF8 { bytes in
            // A plain counting loop the optimizer vectorizes.
            var spaces = 0
            for byte in bytes { spaces &+= byte == 0x20 ? 1 : 0 }
            return Int64(spaces + 1)
        }
    }
}
