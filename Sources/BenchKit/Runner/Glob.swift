/// A shell-style pattern for `--filter`: `*` matches any run of characters, `?` one.
///
/// Matches benchmark IDs such as `fetching/prefetch-*`; `*` crosses `/` so `*sort*`
/// finds a scenario in any suite. Cost: O(pattern x text) per match.
public struct Glob: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The pattern text.
    public let pattern: String

    /// Makes a glob from its text.
    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// The pattern text.
    public var description: String { pattern }

    /// Whether the whole of `text` matches.
    public func matches(_ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var row = [Bool](repeating: false, count: text.count + 1)
        row[0] = true
        for symbol in pattern {
            var next = [Bool](repeating: false, count: text.count + 1)
            next[0] = symbol == "*" && row[0]
            for position in stride(from: 1, through: text.count, by: 1) {
                switch symbol {
                case "*": next[position] = row[position] || next[position - 1]
                case "?": next[position] = row[position - 1]
                default: next[position] = row[position - 1] && text[position - 1] == symbol
                }
            }
            row = next
        }
        return row[text.count]
    }
}
