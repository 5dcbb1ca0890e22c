/// A format string that is not a valid predicate: where, and what was expected there.
///
/// `description` is one line plus the source with a caret under the offset:
/// ```
/// predicate syntax error at 1:6: expected an operator, found "name"
///   age > name name
///              ^
/// ```
public struct PredicateSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format string.
    public let source: String
    /// The character offset of the problem.
    public let offset: Int
    /// What the parser expected.
    public let expected: String
    /// What it found.
    public let found: String

    /// Builds an error.
    public init(source: String, offset: Int, expected: String, found: String) {
        self.source = source
        self.offset = offset
        self.expected = expected
        self.found = found
    }

    /// The 1-based line of the offset.
    public var line: Int {
        source.prefix(offset).filter(\.isNewline).count + 1
    }

    /// The 1-based column of the offset.
    public var column: Int {
        let before = source.prefix(offset)
        let lineStart = before.lastIndex(where: \.isNewline).map { before.index(after: $0) }
        return before[(lineStart ?? before.startIndex)...].count + 1
    }

    public var description: String {
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let text = lines.indices.contains(line - 1) ? String(lines[line - 1]) : source
        return "predicate syntax error at \(line):\(column): expected \(expected), found "
            + "\(found)\n  \(text)\n  " + String(repeating: " ", count: column - 1) + "^"
    }
}
