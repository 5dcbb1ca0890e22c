import Testing

@testable import ObjectGraph

/// The byte-level ASCII path of the string operators answers exactly as the Unicode
/// path does, and steps aside for text it cannot treat as bytes.
@Suite struct StringMatchingASCIITests {
    static let operators: [StringMatching.Operator] = [
        .beginsWith, .endsWith, .contains, .like, .equals,
    ]
    static let options: [StringMatching.Options] = [
        [], .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive],
    ]

    @Test("agrees with the Unicode path on 40,000 generated ASCII cases")
    func agreesWithUnicode() throws {
        var random = SplitMix(seed: 7)
        let alphabet = Array("aAbBsSwWiIfFtT *?\\-.")
        var checked = 0
        for _ in 0..<2_000 {
            let value = String((0..<random.below(12)).map { _ in alphabet[random.below(20)] })
            let pattern = String((0..<random.below(5)).map { _ in alphabet[random.below(20)] })
            for op in Self.operators {
                for options in Self.options {
                    let ascii = ascii(value, pattern, op, options)
                    let unicode = try StringMatching.unicodeMatches(value, pattern, op, options)
                    #expect(
                        ascii == unicode, "\(op) \(options.rawValue) \"\(value)\" \"\(pattern)\"")
                    checked += 1
                }
            }
        }
        #expect(checked == 40_000)
    }

    @Test("examples: CONTAINS[c] finds Swift in titles, LIKE wildcards, prefixes")
    func examples() {
        #expect(ascii("Learn Swift today", "swift", .contains, .caseInsensitive) == true)
        #expect(ascii("Learn Swift today", "swift", .contains, []) == false)
        #expect(ascii("swift", "", .contains, []) == false)
        #expect(ascii("", "", .beginsWith, .caseInsensitive) == false)
        #expect(ascii("a*b", "a\\*b", .like, []) == true)
        #expect(ascii("axb", "a\\*b", .like, []) == false)
        #expect(ascii("a?", "a\\?", .like, []) == true)
        #expect(ascii("a\\", "a\\\\", .like, []) == true)
        #expect(ascii("", "a", .contains, []) == false)
        #expect(ascii("ABC", "a*c", .like, .caseInsensitive) == true)
        #expect(ascii("abc", "a?", .like, []) == false)
        #expect(ascii("abc", "AB", .beginsWith, .caseInsensitive) == true)
        #expect(ascii("abc", "BC", .endsWith, []) == false)
        #expect(ascii("abc", "ABC", .equals, .caseInsensitive) == true)
    }

    @Test("non-ASCII text, carriage returns and MATCHES take the Unicode path")
    func declines() throws {
        #expect(ascii("café", "CAFE", .equals, .caseInsensitive) == nil)
        #expect(
            try StringMatching.matches(
                "café", "CAFE", .equals, [.caseInsensitive, .diacriticInsensitive]))
        #expect(ascii("a\r\nb", "?", .like, []) == nil)
        #expect(try StringMatching.matches("a\r\nb", "a?b", .like, []))
        #expect(ascii("abc", "a.c", .matches, []) == nil)
    }

    private func ascii(
        _ value: String, _ pattern: String, _ op: StringMatching.Operator,
        _ options: StringMatching.Options
    ) -> Bool? {
        var value = value
        var pattern = pattern
        return value.withUTF8 { value in
            pattern.withUTF8 { StringMatching.asciiMatches(value, $0, op, options) }
        }
    }
}

/// A small seeded generator for test inputs.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
