import Foundation

/// A format's parse kept with a hole for each `%@` argument, so a format parsed again
/// with new arguments (`SELF == %@` per object) puts them into the kept tree instead of
/// descending through the parser (``PredicateFormatCache/predicate(format:arguments:)``).
///
/// Kept only where the tree provably does not depend on the arguments' values:
/// - every specifier of the format is `%@` (a `%K` argument is a key path, which shapes
///   the tree; `%d`, `%f` and `%c` convert their argument and throw on some values);
/// - each `%@` argument lands directly on one side of a comparison (through
///   parentheses at most), never inside arithmetic (which folds numbers), a list, a
///   `CAST` (which reads the value), after `BETWEEN` (which counts a list's members) or
///   before a `.` key. The parser inspects a constant's value only in those places, so
///   along the direct path it reads the tokens alone.
///
/// How that is checked: the format is parsed once more with probe arguments, each a
/// `UUID` no format literal can produce (the language has no UUID literal), and each
/// probe must be found exactly once, directly on a comparison side; and the probe tree
/// with the first call's own constants put back must be that call's tree exactly.
/// Otherwise the format keeps no template and every call parses.
///
/// A hit converts each argument with `PredicateValue.init`, as the parser's `%@` does; an
/// argument it cannot convert, or fewer arguments than `%@`s, sends the call to the
/// parser, which throws its own error at its own offset. Arguments beyond the `%@`s are
/// ignored, as the parser ignores them.
struct PredicateTemplate: Sendable {
    /// The tree parsed with probes.
    let root: PredicateNode
    /// How many `%@` arguments the format takes.
    let argumentCount: Int

    /// The tree with `arguments` in place of the probes; nil when the parser must run
    /// (too few arguments, or one `%@` cannot take).
    func root(with arguments: [Any?]) -> PredicateNode? {
        guard argumentCount > 0 else { return root }
        guard arguments.count >= argumentCount else { return nil }
        if argumentCount == 1 {
            guard let constant = PredicateValue(arguments[0]) else { return nil }
            return root.replacingProbes { _ in constant }
        }
        var constants: [PredicateValue] = []
        constants.reserveCapacity(argumentCount)
        for index in 0..<argumentCount {
            guard let constant = PredicateValue(arguments[index]) else { return nil }
            constants.append(constant)
        }
        return root.replacingProbes { constants[$0] }
    }

    /// The template of a format whose tokens are `lexed` and which parsed to `parsed`
    /// with `arguments`; nil when the format's tree may depend on its arguments.
    static func make(
        format: String, lexed: PredicateFormatCache.Entry, parsed: PredicateNode,
        arguments: [Any?]
    ) -> PredicateTemplate? {
        var count = 0
        for token in lexed.tokens {
            guard case .argument(let kind) = token.kind else { continue }
            guard kind == "@" else { return nil }
            count += 1
        }
        guard count > 0 else { return PredicateTemplate(root: parsed, argumentCount: 0) }
        guard arguments.count >= count else { return nil }
        var parser = PredicateParser(
            format: format, lexed: lexed, arguments: (0..<count).map { probe($0) })
        guard let probed = try? parser.parse() else { return nil }
        var found = [Int](repeating: 0, count: count)
        var foreign = false
        _ = probed.replacingProbes { index in
            if index < count { found[index] += 1 } else { foreign = true }
            return .null
        }
        guard !foreign, found.allSatisfy({ $0 == 1 }) else { return nil }
        let template = PredicateTemplate(root: probed, argumentCount: count)
        guard template.root(with: arguments) == parsed else { return nil }
        return template
    }

    /// The probe for argument `index`: a UUID whose first twelve bytes are fixed.
    static func probe(_ index: Int) -> UUID {
        let i = UInt32(truncatingIfNeeded: index)
        return UUID(
            uuid: (
                0xF0, 0x5E, 0x1F, 0x9A, 0x7C, 0x31, 0x4B, 0xD2, 0x8E, 0x66, 0x0A, 0xC3,
                UInt8(truncatingIfNeeded: i >> 24), UInt8(truncatingIfNeeded: i >> 16),
                UInt8(truncatingIfNeeded: i >> 8), UInt8(truncatingIfNeeded: i)
            ))
    }

    /// The argument index of a probe, nil for any other UUID.
    static func probeIndex(_ uuid: UUID) -> Int? {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            guard bytes.loadUnaligned(as: UInt64.self) == probePrefix.0,
                bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self) == probePrefix.1
            else { return nil }
            return Int(bytes[12]) << 24 | Int(bytes[13]) << 16 | Int(bytes[14]) << 8
                | Int(bytes[15])
        }
    }

    /// The probes' first twelve bytes, as two loads.
    private static let probePrefix: (UInt64, UInt32) = withUnsafeBytes(of: probe(0).uuid) {
        ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
    }
}

extension PredicateNode {
    /// The tree with each probe found directly on a comparison side (also inside a
    /// `SUBQUERY`'s predicate) replaced by `constant(index)`; probes anywhere else are
    /// left as they are.
    fileprivate func replacingProbes(_ constant: (Int) -> PredicateValue) -> PredicateNode {
        switch self {
        case .truePredicate, .falsePredicate: return self
        case .not(let inner): return .not(inner.replacingProbes(constant))
        case .and(let terms): return .and(terms.map { $0.replacingProbes(constant) })
        case .or(let terms): return .or(terms.map { $0.replacingProbes(constant) })
        case .comparison(var comparison):
            comparison.lhs = comparison.lhs.replacingProbes(constant, direct: true)
            comparison.rhs = comparison.rhs.replacingProbes(constant, direct: true)
            return .comparison(comparison)
        }
    }
}

extension PredicateExpression {
    fileprivate func replacingProbes(_ constant: (Int) -> PredicateValue, direct: Bool)
        -> PredicateExpression
    {
        switch self {
        case .constant(.uuid(let uuid)):
            guard direct, let index = PredicateTemplate.probeIndex(uuid) else { return self }
            return .constant(constant(index))
        case .keyPath, .constant, .evaluatedObject, .variable: return self
        case .aggregate(let function, let collection, let key):
            return .aggregate(
                function, collection: collection.replacingProbes(constant, direct: false),
                key: key)
        case .subquery(let collection, let variable, let predicate):
            return .subquery(
                collection: collection, variable: variable,
                predicate: predicate.replacingProbes(constant))
        case .arithmetic(let op, let lhs, let rhs):
            return .arithmetic(
                op, lhs.replacingProbes(constant, direct: false),
                rhs.replacingProbes(constant, direct: false))
        case .list(let elements):
            return .list(elements.map { $0.replacingProbes(constant, direct: false) })
        }
    }
}
