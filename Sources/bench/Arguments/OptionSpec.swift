/// One option a subcommand accepts: `--name VALUE` or a `--flag`.
///
/// The parser rejects anything not declared, and the help text is generated from
/// these, so the two cannot drift apart.
struct OptionSpec: Sendable {
    /// The spelling, with its dashes, such as `--suite`.
    let name: String
    /// The placeholder printed in help (`NAMES`); nil for a flag without a value.
    let valueName: String?
    /// One line of help.
    let help: String
    /// Whether the option may be given more than once (each value kept, in order).
    var isRepeatable = false

    /// An option that takes a value.
    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }

    /// An option that takes a value and may be given more than once.
    static func repeatedValue(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, isRepeatable: true)
    }

    /// A flag without a value.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// `--name VALUE` or `--name`, as help shows it.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}
