import DurableFiles

/// A command-line mistake: an unknown option, a missing or bad value (exit code 2).
///
/// Printed as `error: <message>` followed by the subcommand's usage line.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    let message: String
    /// The usage line of the subcommand concerned.
    let usage: String

    /// An error whose message quotes the user's words: control characters in them are
    /// shown escaped (`\u{0}`), newlines kept (a predicate's caret drawing).
    init(message: String, usage: String) {
        self.message = ControlCharacters.escaped(message, keepingNewlines: true)
        self.usage = usage
    }

    /// One line: the message.
    var description: String { message }
}
