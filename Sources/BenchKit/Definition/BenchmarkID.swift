/// The stable name of a benchmark: `suite/scenario`.
///
/// Baselines, reports and `--filter` globs key on this string, so it must not change
/// when a benchmark is edited. Cost: two strings.
public struct BenchmarkID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The suite the benchmark belongs to, such as `selftest`.
    public let suite: String
    /// The scenario inside the suite, such as `sort`.
    public let scenario: String

    /// Makes an ID from its two parts; neither may contain `/`.
    public init(suite: String, scenario: String) {
        precondition(!suite.isEmpty && !suite.contains("/"), "bad suite name '\(suite)'")
        precondition(!scenario.isEmpty && !scenario.contains("/"), "bad scenario '\(scenario)'")
        self.suite = suite
        self.scenario = scenario
    }

    /// Parses `suite/scenario`; nil when the text has another shape.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        self.init(suite: String(parts[0]), scenario: String(parts[1]))
    }

    /// `suite/scenario`.
    public var description: String { "\(suite)/\(scenario)" }

    /// Orders by the `suite/scenario` text.
    public static func < (lhs: BenchmarkID, rhs: BenchmarkID) -> Bool {
        lhs.description < rhs.description
    }

    /// Decodes from the `suite/scenario` string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = BenchmarkID(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "bad benchmark ID '\(text)'"))
        }
        self = id
    }

    /// Encodes as the `suite/scenario` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
