import Foundation

extension StringMatching {
    /// How two strings order under `[c]` and `[d]`, for `<[c]`, `>=[cd]`, `BETWEEN[c]`:
    /// both are folded as the string operators fold them, then compared byte by byte
    /// in UTF-8, as SQLite's BINARY collation compares text. Without options this is the
    /// plain byte order of `<` on a text column.
    ///
    /// The SQL side calls the same function through `ObjectGraphStringOrder`, so a fetch
    /// and the in-memory evaluator order alike.
    ///
    /// Cost: one fold of each string (none without options), then linear in the lengths.
    package static func order(_ lhs: String, _ rhs: String, _ options: Options)
        -> ComparisonResult
    {
        let left = Array(fold(lhs, options).utf8)
        let right = Array(fold(rhs, options).utf8)
        if left == right { return .orderedSame }
        return left.lexicographicallyPrecedes(right) ? .orderedAscending : .orderedDescending
    }
}
