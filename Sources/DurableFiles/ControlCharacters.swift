/// Control characters shown, not obeyed: text from files (JSON keys, excerpts of a
/// broken file, names in results) that reaches a one-line message or a terminal.
///
/// A newline becomes `\n`, a carriage return `\r`, any other C0 or C1 control (and
/// DEL) `\u{1B}`-style; tabs stay. So a message stays one line and an escape sequence
/// never reaches the terminal. Cost: one pass over the text.
public enum ControlCharacters {
    /// `text` with its control characters escaped; with `keepingNewlines`, line feeds
    /// stay (a message that is several lines by design).
    public static func escaped(_ text: some StringProtocol, keepingNewlines: Bool = false)
        -> String
    {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: output.unicodeScalars.append(scalar)
            case 0x0A where keepingNewlines: output.unicodeScalars.append(scalar)
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x00..<0x20, 0x7F..<0xA0:
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
