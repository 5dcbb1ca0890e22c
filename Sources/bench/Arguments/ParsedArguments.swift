/// The options and positional arguments of one subcommand invocation.
///
/// Produced by ``ArgumentParser``; commands turn it into typed options.
struct ParsedArguments: Equatable {
    /// Values by option name (`--suite` -> `selftest`).
    var values: [String: String] = [:]
    /// Flags given.
    var flags: Set<String> = []
    /// Arguments that are not options, in order.
    var positionals: [String] = []

    /// The value of `name`, if given.
    func value(_ name: String) -> String? {
        values[name]
    }

    /// Whether the flag `name` was given.
    func has(_ name: String) -> Bool {
        flags.contains(name)
    }
}
