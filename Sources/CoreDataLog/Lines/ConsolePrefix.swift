/// The timestamp and process prefix a console puts before each message.
///
/// Recognized: a date and time (`2013-01-07 14:46:17.561`,
/// `2024-03-01 10:00:00.123456+0100`, `2024-03-01T10:00:00Z`) or a time alone
/// (`14:46:17.561`), then optionally a process and thread (`App[3913:c07]`,
/// `My App[123:4567]`). Lines with a `CoreData: ` marker never need this; it serves
/// prefixed lines whose marker was cut off and bare SQL after a timestamp.
///
/// Cost: one scan of the prefix.
enum ConsolePrefix {
    /// `text` without a leading console prefix, or `text` unchanged.
    static func strip(_ text: Substring) -> Substring {
        var rest = text.drop { $0 == " " || $0 == "\t" }
        guard let afterTime = skipTimestamp(rest) else { return text }
        rest = afterTime.drop { $0 == " " || $0 == "\t" }
        if let afterProcess = skipProcess(rest) {
            rest = afterProcess.drop { $0 == " " || $0 == "\t" }
        }
        return rest
    }

    /// After `YYYY-MM-DD HH:MM:SS[.frac][zone]` or `HH:MM:SS[.frac][zone]`.
    private static func skipTimestamp(_ text: Substring) -> Substring? {
        var rest = text
        if let afterDate = skipDigits(rest, groups: [4, 2, 2], separator: "-") {
            guard let separator = afterDate.first, separator == " " || separator == "T" else {
                return nil
            }
            rest = afterDate.dropFirst()
        }
        guard var after = skipDigits(rest, groups: [2, 2, 2], separator: ":") else { return nil }
        if after.first == "." || after.first == "," {
            after = after.dropFirst().drop(while: \.isASCIIDigit)
        }
        if after.first == "Z" { return after.dropFirst() }
        if let sign = after.first, sign == "+" || sign == "-" {
            let zone = after.dropFirst().prefix { $0.isASCIIDigit || $0 == ":" }
            if zone.count >= 2 { return after.dropFirst(1 + zone.count) }
        }
        return after
    }

    /// After `Name[digits:word]` (a process name, pid and thread), or nil.
    private static func skipProcess(_ text: Substring) -> Substring? {
        guard let open = text.firstIndex(of: "["), open > text.startIndex,
            text.distance(from: text.startIndex, to: open) <= 120,
            let close = text[open...].firstIndex(of: "]")
        else { return nil }
        let inside = text[text.index(after: open)..<close]
        let parts = inside.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
            !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return text[text.index(after: close)...]
    }

    /// After digit groups of exactly the given widths joined by `separator`.
    private static func skipDigits(_ text: Substring, groups: [Int], separator: Character)
        -> Substring?
    {
        var rest = text
        for (index, width) in groups.enumerated() {
            if index > 0 {
                guard rest.first == separator else { return nil }
                rest = rest.dropFirst()
            }
            let digits = rest.prefix(width)
            guard digits.count == width, digits.allSatisfy(\.isASCIIDigit) else { return nil }
            rest = rest.dropFirst(width)
        }
        return rest
    }
}

extension Character {
    /// `0` to `9` only (`isNumber` also accepts other scripts' digits and fractions).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
