/// An option a subcommand declares: its spelling and help (``OptionSpec``), listed in
/// the subcommand's ``Subcommand/options`` and read through the same value.
///
/// Declared once, as a static constant, and read only through it
/// (``ParsedArguments/value(_:)``, ``ParsedArguments/has(_:)``): a misspelt read does not
/// compile, and the parser, the help text and the read cannot drift apart.
protocol CommandOption: Sendable {
    /// The spelling, placeholder and help.
    var spec: OptionSpec { get }
}

extension CommandOption {
    /// The spelling, with its dashes, such as `--suite`.
    var name: String { spec.name }
}

/// `--name VALUE`, whose text is turned into a `Value` (and checked) by the parser it
/// was declared with; a bad value is a ``UsageError`` naming the option.
struct ValueOption<Value>: CommandOption {
    let spec: OptionSpec
    private let convert:
        @Sendable (_ text: String, _ option: String) throws(OptionValueError) -> Value

    /// Declares `name VALUE_NAME` with one line of help, its text read by `convert`
    /// (one of ``OptionValues``).
    init(
        _ name: String, _ valueName: String, _ help: String,
        _ convert:
            @escaping @Sendable (_ text: String, _ option: String) throws(OptionValueError)
            -> Value
    ) {
        spec = .value(name, valueName, help)
        self.convert = convert
    }

    /// The value of `text`, given for this option.
    /// - Throws: ``OptionValueError`` saying what is wrong with it.
    func read(_ text: String) throws(OptionValueError) -> Value {
        try convert(text, spec.name)
    }
}

extension ValueOption where Value == String {
    /// Declares `name VALUE_NAME` whose value is any non-empty text (a path, a name, a
    /// git ref), checked where it is used.
    init(_ name: String, _ valueName: String, _ help: String) {
        self.init(name, valueName, help) { text, _ in text }
    }
}

/// `--name VALUE` that may be given more than once, each value read by the parser it
/// was declared with (``ParsedArguments/values(_:)`` returns them in order).
struct RepeatedOption<Value>: CommandOption {
    let spec: OptionSpec
    private let convert:
        @Sendable (_ text: String, _ option: String) throws(OptionValueError) -> Value

    /// Declares the repeatable `name VALUE_NAME` with one line of help, each value read
    /// by `convert`.
    init(
        _ name: String, _ valueName: String, _ help: String,
        _ convert:
            @escaping @Sendable (_ text: String, _ option: String) throws(OptionValueError)
            -> Value
    ) {
        spec = .repeatedValue(name, valueName, help)
        self.convert = convert
    }

    /// The value of `text`, given for this option.
    /// - Throws: ``OptionValueError`` saying what is wrong with it.
    func read(_ text: String) throws(OptionValueError) -> Value {
        try convert(text, spec.name)
    }
}

/// A `--flag` without a value.
struct FlagOption: CommandOption {
    let spec: OptionSpec

    /// Declares the flag `name` with one line of help.
    init(_ name: String, _ help: String) {
        spec = .flag(name, help)
    }
}

/// What is wrong with an option's value, in one line naming the option; the parsed
/// arguments add the usage line (``UsageError``).
struct OptionValueError: Error, Equatable {
    /// What is wrong, such as `invalid value 'x' for --seed: expected a whole number >= 0`.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
