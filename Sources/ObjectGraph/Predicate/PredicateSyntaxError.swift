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

    /// Control characters in the source (a NUL, an escape) are shown as `\u{0}` in
    /// `found` and as `?` on the source line, so the caret stays under its column and
    /// nothing reaches the terminal as a control.
    public var description: String {
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let text = lines.indices.contains(line - 1) ? String(lines[line - 1]) : source
        return "predicate syntax error at \(line):\(column): expected \(expected), found "
            + "\(Self.escaped(found))\n  \(Self.visible(text))\n  "
            + String(repeating: " ", count: column - 1) + "^"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    private static func escaped(_ text: String) -> String {
        text.unicodeScalars.map {
            isControl($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0)
        }.joined()
    }

    private static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }
}
