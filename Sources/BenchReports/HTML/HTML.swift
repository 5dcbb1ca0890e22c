/// A fragment of HTML or SVG markup in which every interpolated string is escaped.
///
/// Reports build pages only through this type: literal text is markup, an interpolated
/// `String` or number goes through ``escape(_:)``, and only another `HTML` value is
/// inserted as is. So a benchmark name, SQL text or bound value cannot inject markup,
/// whatever it contains.
///
/// ```swift
/// let name = "<script>"
/// let cell: HTML = "<td>\(name)</td>"   // <td>&lt;script&gt;</td>
/// ```
///
/// Cost: string concatenation, plus one scan per interpolated string.
struct HTML: ExpressibleByStringInterpolation, CustomStringConvertible, Sendable {
    /// The markup.
    private(set) var markup: String

    /// Wraps trusted markup; only for text this module writes itself.
    init(trusted markup: String) {
        self.markup = markup
    }

    init(stringLiteral value: String) {
        markup = value
    }

    init(stringInterpolation: StringInterpolation) {
        markup = stringInterpolation.markup
    }

    var description: String { markup }

    /// Fragments one after another.
    init(joining fragments: [HTML], separator: HTML = "") {
        markup = fragments.map(\.markup).joined(separator: separator.markup)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in
    /// single- or double-quoted attribute values, in HTML and in SVG.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    /// Collects literal markup and escaped values.
    struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Text from data: escaped.
        mutating func appendInterpolation(_ text: String) {
            markup += HTML.escape(text)
        }

        /// A number: escaped like text.
        mutating func appendInterpolation<Number: Numeric>(_ number: Number) {
            markup += HTML.escape("\(number)")
        }

        /// Markup this module built: inserted as is.
        mutating func appendInterpolation(_ fragment: HTML) {
            markup += fragment.markup
        }

        /// Fragments, one after another.
        mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { markup += fragment.markup }
        }
    }
}
