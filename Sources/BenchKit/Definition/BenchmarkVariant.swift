/// The configurations of one scenario as a Swift type: an enum with one case per
/// configuration.
///
/// A ``BenchmarkScenario`` names its variant type and its body receives the case's
/// variant. Bodies `switch` over it without a `default:`, so a new case that no body
/// handles does not compile, and no behaviour is chosen by comparing a configuration's
/// name far from where it is declared. ``configuration`` is the only place a case meets
/// its stable name; `allCases` gives the order (the first is the reference for ratios).
///
/// ```swift
/// enum Variant: BenchmarkVariant {
///     case faults, prefetchAuthor, raw
///
///     var configuration: BenchmarkConfiguration {
///         switch self {
///         case .faults: BenchmarkConfiguration("faults", summary: "1 + distinct authors")
///         case .prefetchAuthor: BenchmarkConfiguration("prefetch-author", summary: "2")
///         case .raw: BenchmarkConfiguration("raw", summary: "one JOIN", kind: .raw)
///         }
///     }
/// }
/// ```
///
/// Cost: none; the runner looks the case's variant up by name once per case, in setup.
public protocol BenchmarkVariant: CaseIterable, Hashable, Sendable {
    /// The configuration this variant runs as: its stable name, summary and kind.
    var configuration: BenchmarkConfiguration { get }
}
