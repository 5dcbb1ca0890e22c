import Foundation

/// Normalizes SQL text into a fingerprint: the statement's shape without its values.
///
/// Two executions with the same fingerprint differ only in literals or bound values,
/// which is what the N+1 detector and the report's SQL panel group by. String and
/// number literals and parameters (`?`, `?NNN`, `:name`, `@name`, `$name`) become `?`,
/// lists of them inside `IN (…)` collapse to `IN (…)`, runs of whitespace become one
/// space and spaces just inside parentheses go. Quoted identifiers and digits inside names (`t0`, `Z_1TAGS`) are kept.
/// Cost: one pass over the text.
public enum SQLFingerprint {
    /// The fingerprint of `sql`.
    ///
    /// ```swift
    /// SQLFingerprint.normalize("SELECT * FROM ZPOST WHERE Z_PK IN (1, 2,3) AND ZTITLE = 'a'")
    /// // "SELECT * FROM ZPOST WHERE Z_PK IN (…) AND ZTITLE = ?"
    /// ```
    public static func normalize(_ sql: String) -> String {
        collapseLists(replaceLiterals(Array(sql.unicodeScalars)))
    }

    /// Replaces literals and parameters by `?` and squeezes whitespace. The output is
    /// built as scalars and its last scalar read from them: `String.last` finds the last
    /// grapheme on every call (with the Unicode property lookups below, a sixth of the
    /// debug-built log consistency test's time).
    private static func replaceLiterals(_ text: [Unicode.Scalar]) -> String {
        var output = String.UnicodeScalarView()
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "'" {
                index = skipQuoted(text, from: index, quote: "'")
                output.append("?")
            } else if scalar == "\"" || scalar == "`" || scalar == "[" {
                let end = skipQuoted(text, from: index, quote: scalar == "[" ? "]" : scalar)
                output.append(contentsOf: text[index..<end])
                index = end
            } else if isParameterStart(text, index)
                || startsNumber(text, index, after: output.last)
            {
                index = skipWord(text, from: index + 1)
                output.append("?")
            } else if isWhitespace(scalar) {
                index += 1
                if let last = output.last, last != " " && last != "(" { output.append(" ") }
            } else {
                if scalar == ")" && output.last == " " { output.removeLast() }
                output.append(scalar)
                index += 1
            }
        }
        if output.last == " " { output.removeLast() }
        return String(output)
    }

    /// Turns `IN (?, ?, ?)` (any number of `?`, any spacing) into `IN (…)`.
    private static func collapseLists(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: "IN (?", options: .caseInsensitive) {
            output += rest[..<range.lowerBound]
            var cursor = range.upperBound
            var isList = true
            while cursor < rest.endIndex && rest[cursor] != ")" {
                if !(rest[cursor] == "," || rest[cursor] == " " || rest[cursor] == "?") {
                    isList = false
                    break
                }
                cursor = rest.index(after: cursor)
            }
            if isList && cursor < rest.endIndex {
                output += rest[range.lowerBound..<rest.index(range.lowerBound, offsetBy: 2)]
                output += " (…)"
                rest = rest[rest.index(after: cursor)...]
            } else {
                output += rest[range]
                rest = rest[range.upperBound...]
            }
        }
        return output + rest
    }

    private static func skipQuoted(_ text: [Unicode.Scalar], from start: Int, quote: Unicode.Scalar)
        -> Int
    {
        var index = start + 1
        while index < text.count {
            if text[index] == quote {
                // A doubled quote is an escaped quote inside the literal.
                if index + 1 < text.count && text[index + 1] == quote && quote != "]" {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return text.count
    }

    private static func skipWord(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < text.count && (isWordScalar(text[index]) || text[index] == ".") {
            index += 1
        }
        return index
    }

    private static func isParameterStart(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        let scalar = text[index]
        if scalar == "?" { return true }
        guard scalar == ":" || scalar == "@" || scalar == "$", index + 1 < text.count else {
            return false
        }
        return isWordScalar(text[index + 1])
    }

    /// A digit (or `.5`) that starts a token rather than continuing a name like `t0`.
    private static func startsNumber(
        _ text: [Unicode.Scalar], _ index: Int, after previous: Unicode.Scalar?
    ) -> Bool {
        let scalar = text[index]
        let isDotDigit = scalar == "." && index + 1 < text.count && isDigit(text[index + 1])
        guard isDigit(scalar) || isDotDigit else { return false }
        guard let previous else { return true }
        return !isWordScalar(previous) && previous != "."
    }

    // The character classes below answer ASCII without Unicode's property tables (whose
    // lookups cost more than the rest of the scan); other scalars ask the tables. In
    // ASCII, White_Space is U+0009 to U+000D and the space, Alphabetic is A-Z and a-z, and
    // only 0-9 have a numeric type.

    /// An ASCII digit: digits elsewhere in Unicode continue names, never start numbers.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isWhitespace }
        return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isAlphabetic }
        let value = scalar.value
        return scalar == "_" || isDigit(scalar) || (value >= 0x41 && value <= 0x5A)
            || (value >= 0x61 && value <= 0x7A)
    }
}
