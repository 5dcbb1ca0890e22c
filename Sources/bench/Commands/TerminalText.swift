import DurableFiles

/// Text made safe for a terminal and a CI log before `bench` prints it.
///
/// Names in results files (benchmarks, configurations, error messages) are data: a
/// newline followed by `::error::` would otherwise become a GitHub Actions workflow
/// command, and an escape sequence would reach the terminal. Control characters other
/// than newline and tab are shown escaped (`\r`, `\u{1B}`), and a line that would start
/// with `::` gets a leading backslash. Workflow commands `bench` itself means to send
/// go through ``workflowCommand(_:_:)``. Cost: one pass over the text.
enum TerminalText {
    /// `text` with every line neutralized and control characters escaped.
    static func safe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = ControlCharacters.escaped(line)
            let start = escaped.drop { $0 == " " || $0 == "\t" }
            return start.hasPrefix("::") ? "\\" + escaped : escaped
        }.joined(separator: "\n")
    }

    /// A GitHub Actions workflow command line, `::name params::message`, with the
    /// message escaped as GitHub documents (`%` `%25`, CR `%0D`, LF `%0A`) so it stays
    /// one command whatever it holds.
    static func workflowCommand(_ head: String, _ message: String) -> String {
        "::\(head)::" + escapeData(message)
    }

    /// GitHub's escaping of a workflow command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
