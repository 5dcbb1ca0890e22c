/// One scenario of a suite: one declaration plus one body.
///
/// The declaration names the scenario, its ``BenchmarkVariant`` type (one case per
/// configuration), an untimed setup that builds the case's state and an optional
/// untimed reset run before every iteration. The body is the timed work. Setup, reset
/// and body each receive the case's variant and switch over it, so no code compares
/// configuration names. The
/// ``BenchmarkSuite`` the scenario joins gives it its ID (`suite/scenario`) and sizes.
///
/// Two shapes, by where the checksum comes from:
/// - a reading body returns a ``Checksum`` of what it read;
/// - a writing body returns nothing, and an untimed `verify` step reads what it left
///   and returns the checksum. The runner calls `verify` after the body, outside the
///   clock and every probe (its SQL is not traced, its allocations and counters not
///   counted). It receives no variant, so every configuration is read the same way.
///
/// ```swift
/// let sort = BenchmarkScenario(
///     "sort", summary: "Sorts random integers", variants: SortVariant.self,
///     setup: { context, _ in
///         var generator = SplitMix64(seed: context.seed)
///         return (0..<context.size).map { _ in Int(truncatingIfNeeded: generator.next()) }
///     },
///     body: { numbers, variant in
///         let sorted =
///             switch variant {
///             case .ascending: numbers.sorted()
///             case .reversedDescending: Array(numbers.sorted(by: >).reversed())
///             }
///         var checksum = Checksum()
///         for number in sorted { checksum.combine(number) }
///         return checksum.value
///     })
/// ```
///
/// Cost: data only; nothing runs until a ``Runner`` runs the suite's benchmarks.
public struct BenchmarkScenario: Sendable {
    /// The scenario's stable name, such as `posts-with-author`: the second half of the ID.
    public let name: String
    /// One line saying what is measured.
    public let summary: String
    /// One configuration per variant, in `allCases` order; the first is the reference.
    public let configurations: [BenchmarkConfiguration]
    let makeInstance: @Sendable (CaseContext) throws -> any BenchmarkInstance

    /// Declares a scenario whose body returns a checksum of what it read.
    /// - Parameters:
    ///   - name: The stable scenario name; no `/`.
    ///   - summary: One line for listings and reports.
    ///   - variants: The variant type; its cases are the configurations.
    ///   - sizeLimits: The largest size some variants run at in this scenario, and why.
    ///   - setup: Builds the state for one case from its context and variant; not timed.
    ///     May register counter sources, trace sources and datasets on the context; may
    ///     throw to fail the case.
    ///   - reset: Restores the state before each iteration, given the variant; not timed.
    ///   - body: The measured work for one variant; returns a checksum of the result.
    public init<State, Variant: BenchmarkVariant>(
        _ name: String, summary: String, variants: Variant.Type,
        sizeLimits: [Variant: BenchmarkConfiguration.SizeLimit] = [:],
        setup: @escaping @Sendable (CaseContext, Variant) throws -> State,
        reset: (@Sendable (inout State, Variant) throws -> Void)? = nil,
        body: @escaping @Sendable (inout State, Variant) throws -> UInt64
    ) {
        self.init(name, summary, sizeLimits) { context, variant in
            StatefulInstance(
                state: try setup(context, variant), variant: variant, reset: reset, body: body,
                verify: nil)
        }
    }

    /// Declares a scenario whose body changes the state and whose untimed `verify` step
    /// reads the result: bulk writes, whose outcome costs a scan to check.
    /// - Parameters:
    ///   - name: The stable scenario name; no `/`.
    ///   - summary: One line for listings and reports.
    ///   - variants: The variant type; its cases are the configurations.
    ///   - sizeLimits: The largest size some variants run at in this scenario, and why.
    ///   - setup: Builds the state for one case from its context and variant; not timed.
    ///   - reset: Restores the state before each iteration, given the variant; not timed.
    ///   - body: The measured work for one variant.
    ///   - verify: Runs after every body call, untimed and outside every probe; returns
    ///     the checksum all configurations must agree on.
    public init<State, Variant: BenchmarkVariant>(
        _ name: String, summary: String, variants: Variant.Type,
        sizeLimits: [Variant: BenchmarkConfiguration.SizeLimit] = [:],
        setup: @escaping @Sendable (CaseContext, Variant) throws -> State,
        reset: (@Sendable (inout State, Variant) throws -> Void)? = nil,
        body: @escaping @Sendable (inout State, Variant) throws -> Void,
        verify: @escaping @Sendable (inout State) throws -> UInt64
    ) {
        self.init(name, summary, sizeLimits) { context, variant in
            StatefulInstance(
                state: try setup(context, variant), variant: variant, reset: reset,
                body: { state, variant in
                    try body(&state, variant)
                    return 0
                },
                verify: verify)
        }
    }

    /// Declares a scenario whose configurations are known only at run time (read from
    /// a user's model or scenario file), each a value of `Variant` rather than an enum
    /// case. Prefer the ``BenchmarkVariant`` form when the configurations are fixed:
    /// it makes the body's `switch` exhaustive.
    /// - Parameters:
    ///   - name: The stable scenario name; no `/`.
    ///   - summary: One line for listings and reports.
    ///   - variants: The configurations' values, names unique; the first is the reference.
    ///   - configuration: The configuration each value runs as.
    ///   - setup: Builds the state for one case from its context and variant; not timed.
    ///   - reset: Restores the state before each iteration, given the variant; not timed.
    ///   - body: The measured work for one variant; returns a checksum of the result.
    public init<State, Variant: Sendable>(
        _ name: String, summary: String, variants: [Variant],
        configuration: (Variant) -> BenchmarkConfiguration,
        setup: @escaping @Sendable (CaseContext, Variant) throws -> State,
        reset: (@Sendable (inout State, Variant) throws -> Void)? = nil,
        body: @escaping @Sendable (inout State, Variant) throws -> UInt64
    ) {
        self.init(name, summary, variants, variants.map(configuration)) { context, variant in
            StatefulInstance(
                state: try setup(context, variant), variant: variant, reset: reset, body: body,
                verify: nil)
        }
    }

    private init<Variant: BenchmarkVariant>(
        _ name: String, _ summary: String,
        _ sizeLimits: [Variant: BenchmarkConfiguration.SizeLimit],
        make: @escaping @Sendable (CaseContext, Variant) throws -> any BenchmarkInstance
    ) {
        let variants = Array(Variant.allCases)
        self.init(
            name, summary, variants,
            variants.map { $0.configuration.limited(to: sizeLimits[$0]) }, make: make)
    }

    private init<Variant: Sendable>(
        _ name: String, _ summary: String, _ variants: [Variant],
        _ configurations: [BenchmarkConfiguration],
        make: @escaping @Sendable (CaseContext, Variant) throws -> any BenchmarkInstance
    ) {
        precondition(!name.isEmpty && !name.contains("/"), "bad scenario name '\(name)'")
        precondition(!variants.isEmpty, "\(name) needs at least one variant")
        let byName = Dictionary(configurations.map(\.name).enumerated().map { ($1, $0) }) {
            first, _ in first
        }
        precondition(byName.count == variants.count, "\(name) has duplicate configuration names")
        self.name = name
        self.summary = summary
        self.configurations = configurations
        self.makeInstance = { context in
            // The runner only makes cases of configurations it found in this list.
            guard let index = byName[context.configuration.name] else {
                preconditionFailure("\(name) has no configuration '\(context.configuration.name)'")
            }
            return try make(context, variants[index])
        }
    }
}
