/// The SQL log of one traced iteration, line by line: the first ``lineLimit`` lines
/// kept in order, the rest only counted.
///
/// Where the fingerprints of an ``SQLTrace`` say how often each shape of statement ran,
/// the log says what ran in which order, as the engine's level-1 SQL debug log prints
/// it. `bench run` writes it to `sql/<suite>/<scenario>--<configuration>--<size>.log`.
/// Bounded so a 1M-row run cannot exhaust memory or the worker pipe: at most
/// ``lineLimit`` lines of at most ``lineLengthLimit`` characters each.
/// Cost: up to 2,000 strings; one count per line beyond them.
public struct SQLLog: Hashable, Sendable, Codable {
    /// How many lines are kept.
    public static let lineLimit = 2_000
    /// How many characters of one line are kept; longer lines end in `…`.
    public static let lineLengthLimit = 4_000

    /// The first lines, in order.
    public private(set) var lines: [String] = []
    /// Every line appended, kept or not.
    public private(set) var totalLineCount = 0

    /// Makes an empty log.
    public init() {}

    /// Lines counted but not kept.
    public var omittedLineCount: Int { totalLineCount - lines.count }

    /// Adds a line: kept (shortened past ``lineLengthLimit``) while fewer than
    /// ``lineLimit`` are, otherwise only counted.
    public mutating func append(_ line: String) {
        totalLineCount += 1
        guard lines.count < Self.lineLimit else { return }
        lines.append(
            line.count > Self.lineLengthLimit
                ? String(line.prefix(Self.lineLengthLimit)) + "…" : line)
    }

    /// Counts `count` more lines without keeping them: for a source that stops
    /// formatting lines once ``lineLimit`` are kept, so the trace costs no more.
    public mutating func countOmitted(_ count: Int) {
        precondition(count >= 0, "a negative line count")
        totalLineCount += count
    }

    /// Adds every line of `other` after these, counting the ones `other` omitted.
    public mutating func append(contentsOf other: SQLLog) {
        for line in other.lines { append(line) }
        totalLineCount += other.omittedLineCount
    }

    /// The log file's text: the kept lines, then, when some were omitted,
    /// `… 12,345 more lines not shown (14,345 total)`; each line ends in a newline.
    public var text: String {
        var text = lines.map { $0 + "\n" }.joined()
        if omittedLineCount > 0 {
            text +=
                "… \(Self.grouped(omittedLineCount)) more lines not shown "
                + "(\(Self.grouped(totalLineCount)) total)\n"
        }
        return text
    }

    /// `12,345`: thousands separated by commas, as the reports write counts.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
