/// The options and positional arguments of one subcommand invocation, read through the
/// options the subcommand declared.
///
/// Produced by ``ArgumentParser``; commands turn it into typed options with
/// ``value(_:)`` and ``has(_:)``, which take the declared ``CommandOption``s, never a
/// spelling.
struct ParsedArguments: Equatable {
    /// Values by option spelling (`--suite` -> `selftest`), as given.
    private var values: [String: String] = [:]
    /// Every value of each repeatable option, in the order given.
    private var repeated: [String: [String]] = [:]
    /// Flags given.
    private var flags: Set<String> = []
    /// Arguments that are not options, in order.
    var positionals: [String] = []
    /// The usage line quoted by errors about these arguments.
    let usage: String

    /// Arguments without options, for `usage`'s subcommand.
    init(positionals: [String] = [], usage: String) {
        self.positionals = positionals
        self.usage = usage
    }

    /// The value of `option`, read and checked by its declared parser; nil when not
    /// given.
    /// - Throws: ``UsageError`` naming the option and what is wrong with its value.
    func value<Value>(_ option: ValueOption<Value>) throws(UsageError) -> Value? {
        guard let text = values[option.name] else { return nil }
        do throws(OptionValueError) {
            return try option.read(text)
        } catch {
            throw UsageError(message: error.message, usage: usage)
        }
    }

    /// The text given for `option`, unread (to pass it on, as `__worker` gets it).
    func text<Value>(_ option: ValueOption<Value>) -> String? {
        values[option.name]
    }

    /// Whether `option` was given.
    func contains<Value>(_ option: ValueOption<Value>) -> Bool {
        values[option.name] != nil
    }

    /// Every value given for `option`, in order, each read and checked by its declared
    /// parser; empty when not given.
    /// - Throws: ``UsageError`` naming the option and what is wrong with the first bad
    ///   value.
    func values<Value>(_ option: RepeatedOption<Value>) throws(UsageError) -> [Value] {
        var read: [Value] = []
        for text in repeated[option.name] ?? [] {
            do throws(OptionValueError) {
                read.append(try option.read(text))
            } catch {
                throw UsageError(message: error.message, usage: usage)
            }
        }
        return read
    }

    /// Whether the flag was given.
    func has(_ flag: FlagOption) -> Bool {
        flags.contains(flag.name)
    }

    /// Whether the option spelt `name` was given, value or flag (for the parser).
    func isGiven(_ name: String) -> Bool {
        values[name] != nil || repeated[name] != nil || flags.contains(name)
    }

    /// Records `text` for the option `spec` (for the parser).
    mutating func record(_ text: String, for spec: OptionSpec) {
        if spec.isRepeatable {
            repeated[spec.name, default: []].append(text)
        } else {
            values[spec.name] = text
        }
    }

    /// Records the flag `spec` (for the parser).
    mutating func record(flag spec: OptionSpec) {
        flags.insert(spec.name)
    }
}
