/// A command-line mistake: an unknown option, a missing or bad value (exit code 2).
///
/// Printed as `error: <message>` followed by the subcommand's usage line.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    let message: String
    /// The usage line of the subcommand concerned.
    let usage: String

    /// One line: the message.
    var description: String { message }
}
