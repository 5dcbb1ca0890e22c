/// A console line with its prefixes taken off: who wrote it, its category and its text.
///
/// Accepted, in any mix:
/// - `CoreData: sql: …` (and `ObjectGraph: …`, `SQLiteDB: …` from this project's engine
///   and raw floor), anywhere in the line, so any prefix before it is skipped: Xcode's
///   `2013-01-07 14:46:17.561 App[3913:c07] `, os_log's
///   `2024-03-01 10:00:00.123456+0100 App[123:4567] `, `log stream` columns, Console
///   columns separated by tabs, leading spaces of an indented paste;
/// - a cut-off prefix (`ata: sql: BEGIN EXCLUSIVE`, a paste that lost its first
///   characters) and no prefix at all (`sql: …`, `annotation: …` as books print them);
/// - ANSI colour escapes of `-com.apple.CoreData.SyntaxColoredLogging YES`, removed.
///
/// Anything else is ``Origin-swift.enum/unprefixed``: a continuation of the line before
/// (wrapped SQL, plan rows, row values), bare SQL pasted without a prefix, or the app's
/// own output; the parser decides which from what came before.
///
/// Cost: a few substring searches per line.
public struct ConsoleLine: Hashable, Sendable {
    /// Who wrote the line.
    public enum Origin: String, Hashable, Sendable, Codable {
        /// Core Data (`CoreData: `), or a line with Core Data's category words.
        case coreData
        /// This project's engine (`ObjectGraph: `).
        case objectGraph
        /// This project's raw SQLite floor (`SQLiteDB: `).
        case sqliteDB
        /// No prefix this parser knows.
        case unprefixed
    }

    /// Who wrote the line.
    public let origin: Origin
    /// The category, for every origin but ``Origin-swift.enum/unprefixed``.
    public let category: LogCategory?
    /// The message after the category (`SELECT …`), or for an unprefixed line the text
    /// after any console timestamp prefix.
    public let body: String

    /// Splits `text`, one line of a console.
    public init(_ text: String) {
        let clean = text.utf8.contains(0x1B) ? Self.removingEscapes(text) : text
        if let (origin, rest) = Self.afterMarker(clean) {
            self.origin = origin
            (category, body) = Self.category(rest) ?? (.message, String(rest))
            return
        }
        let unprefixed = ConsolePrefix.strip(Substring(clean)).drop { $0 == " " || $0 == "\t" }
        if let found = Self.bareCategory(unprefixed) ?? Self.cutMarker(unprefixed) {
            origin = .coreData
            (category, body) = found
            return
        }
        origin = .unprefixed
        category = nil
        body = String(unprefixed)
    }

    // MARK: - Markers

    private static let markers: [(String, Origin)] = [
        ("CoreData: ", .coreData), ("ObjectGraph: ", .objectGraph), ("SQLiteDB: ", .sqliteDB),
    ]

    /// The origin and the text after the first marker in `text`: one pass over its
    /// bytes (the markers are ASCII, so a match starts and ends on character boundaries).
    private static func afterMarker(_ text: String) -> (Origin, Substring)? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "C") || byte == UInt8(ascii: "O") || byte == UInt8(ascii: "S") {
                for (marker, origin) in markers where bytes[index...].starts(with: marker.utf8) {
                    return (origin, text[bytes.index(index, offsetBy: marker.utf8.count)...])
                }
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// `sql: …` → (.sql, "…"): a category word, a colon and a space.
    private static func category(_ text: Substring) -> (LogCategory, String)? {
        guard let colon = text.firstIndex(of: ":"),
            let category = LogCategory(word: text[..<colon])
        else { return nil }
        let rest = text[text.index(after: colon)...]
        guard rest.isEmpty || rest.hasPrefix(" ") else { return nil }
        return (category, String(rest.dropFirst(rest.isEmpty ? 0 : 1)))
    }

    /// `sql: …`, `annotation: …` or `details: …` with no prefix at all.
    private static func bareCategory(_ text: Substring) -> (LogCategory, String)? {
        guard let found = category(text),
            [LogCategory.sql, .annotation, .details].contains(found.0)
        else { return nil }
        return found
    }

    /// `ata: sql: …`: the tail of `CoreData` or `ObjectGraph` cut off by a paste.
    private static func cutMarker(_ text: Substring) -> (LogCategory, String)? {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix(": ") else {
            return nil
        }
        let word = text[..<colon]
        guard !word.isEmpty, word.count < 11,
            "CoreData".hasSuffix(word) || "ObjectGraph".hasSuffix(word)
        else { return nil }
        return category(text[text.index(colon, offsetBy: 2)...])
    }

    /// `text` without ANSI escape sequences (`ESC [ … letter`).
    static func removingEscapes(_ text: String) -> String {
        var output = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                output.unicodeScalars.append(scalar)
                continue
            }
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !next.properties.isAlphabetic {}
        }
        return output
    }
}
