import DurableFiles

/// How one metric is gated: a rule from the thresholds file, every field optional so
/// rules can be layered (built-in, `defaults`, per metric, per benchmark).
///
/// Cost: a few optionals.
public struct GateRule: Hashable, Sendable, Codable {
    /// How a metric is compared.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A deterministic counter: exact, or within ``GateRule/tolerance``.
        case counter
        /// A noisy measurement: the median must move by more than
        /// ``GateRule/threshold`` and the change must be statistically significant.
        case noisy
    }

    /// Counter or noisy; by default counts are counters and times and bytes are noisy.
    public var kind: Kind?
    /// Whether a regression fails the gate (true) or is only reported (false).
    public var gate: Bool?
    /// Relative change of the median a noisy metric must exceed, such as 0.10.
    public var threshold: Double?
    /// Relative change a counter may make without counting as changed (0: exact).
    public var tolerance: Double?
    /// Changes smaller than this absolute amount (in the metric's unit) are ignored.
    public var floor: Double?
    /// Overrides the metric's own direction.
    public var direction: MetricDirection?
    /// Confidence of the significance test, such as 0.95 (p below 1 - confidence).
    public var confidence: Double?

    /// Makes a rule.
    public init(
        kind: Kind? = nil, gate: Bool? = nil, threshold: Double? = nil, tolerance: Double? = nil,
        floor: Double? = nil, direction: MetricDirection? = nil, confidence: Double? = nil
    ) {
        self.kind = kind
        self.gate = gate
        self.threshold = threshold
        self.tolerance = tolerance
        self.floor = floor
        self.direction = direction
        self.confidence = confidence
    }

    /// Decodes a rule of the thresholds file.
    /// - Throws: `DecodingError` for a key this type does not know (`"tolerence"`
    ///   would otherwise leave the counter exact) or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        try KnownKeys.check(decoder, allowed: CodingKeys.allCases.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind)
        gate = try container.decodeIfPresent(Bool.self, forKey: .gate)
        threshold = try Self.decode(.threshold, in: container, within: 0..<Double.infinity)
        tolerance = try Self.decode(.tolerance, in: container, within: 0..<Double.infinity)
        floor = try Self.decode(.floor, in: container, within: 0..<Double.infinity)
        direction = try container.decodeIfPresent(MetricDirection.self, forKey: .direction)
        confidence = try Self.decode(.confidence, in: container, within: 0.5..<1)
    }

    /// A number that must lie in `range` (a negative threshold would gate every
    /// change, a confidence of 1 none).
    private static func decode(
        _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>,
        within range: Range<Double>
    ) throws -> Double? {
        guard let value = try container.decodeIfPresent(Double.self, forKey: key) else {
            return nil
        }
        guard range.contains(value) else {
            let bounds =
                range.upperBound == .infinity
                ? "0 or more" : "at least \(range.lowerBound) and below \(range.upperBound)"
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(value) is out of range: expected \(bounds)")
        }
        return value
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, gate, threshold, tolerance, floor, direction, confidence
    }

    /// This rule with every field `other` sets taking precedence.
    public func overlaid(by other: GateRule?) -> GateRule {
        guard let other else { return self }
        return GateRule(
            kind: other.kind ?? kind, gate: other.gate ?? gate,
            threshold: other.threshold ?? threshold, tolerance: other.tolerance ?? tolerance,
            floor: other.floor ?? floor, direction: other.direction ?? direction,
            confidence: other.confidence ?? confidence)
    }
}

/// A fully resolved ``GateRule``: every field has a value.
public struct ResolvedGateRule: Hashable, Sendable {
    /// Counter or noisy.
    public let kind: GateRule.Kind
    /// Whether a regression fails the gate.
    public let gate: Bool
    /// Relative threshold for noisy metrics.
    public let threshold: Double
    /// Relative tolerance for counters.
    public let tolerance: Double
    /// Absolute floor.
    public let floor: Double
    /// Which way is better.
    public let direction: MetricDirection
    /// Confidence of the significance test.
    public let confidence: Double
}
