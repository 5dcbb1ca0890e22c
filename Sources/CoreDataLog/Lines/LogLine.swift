/// One line of a console log as read: its number and its text.
///
/// A console copied from Xcode, a file written by `log stream`, or a paste in an issue:
/// whatever the source, lines are numbered from 1 as an editor numbers them, so every
/// finding can point at them. Cost: the text.
public struct LogLine: Hashable, Sendable {
    /// The 1-based line number.
    public let number: Int
    /// The text without its line ending (`\n`, `\r\n`); invalid UTF-8 replaced by U+FFFD.
    public let text: String
    /// The line was longer than ``LogLineReader/maximumLineBytes`` and was cut there.
    public let isCut: Bool
    /// Some of its bytes were not UTF-8 (a binary fragment, another encoding).
    public let hadInvalidBytes: Bool

    /// A line.
    public init(number: Int, text: String, isCut: Bool = false, hadInvalidBytes: Bool = false) {
        self.number = number
        self.text = text
        self.isCut = isCut
        self.hadInvalidBytes = hadInvalidBytes
    }
}
