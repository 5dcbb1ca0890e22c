import Foundation

/// Baselines of one name for several environments, side by side: `NAME.json` (the
/// primary, which every reader of one baseline file still reads) and
/// `NAME.env-<id>.json` beside it, one per other ``CounterEnvironment`` (`id`: twelve
/// hex digits of a hash of its facts). A gate picks the one recorded in the run's
/// environment, so allocation and instruction counts gate on each toolchain a project
/// builds with; `bench baseline update` replaces only the entry of its run's
/// environment.
///
/// Cost: reads every candidate file once.
public struct BaselineSet: Sendable {
    /// One baseline file and its results.
    public struct Member: Sendable {
        /// The file, as named (the primary as given).
        public let path: String
        /// Its results.
        public let results: RunResults
        /// The environment it was recorded in.
        public var environment: CounterEnvironment { CounterEnvironment(results.environment) }
    }

    /// How a baseline was chosen for a run.
    public struct Choice: Sendable {
        /// The baseline to gate against.
        public let member: Member
        /// One line saying what was picked and why, or that none matched; nil when
        /// there was only one baseline (the single-file behaviour: the environment
        /// differences, printed with the comparison, say it).
        public let note: String?
        /// Whether the chosen baseline's environment matches the run's.
        public let matches: Bool
    }

    /// The primary first, then the other environments' files in name order.
    public let members: [Member]

    /// The set of `primary` (`DIR/NAME.json`, or a run directory, which has no
    /// siblings), already read as `results`.
    /// - Throws: ``ResultsFileError`` for a sibling that cannot be read.
    public init(primary: String, results: RunResults) throws {
        var members = [Member(path: primary, results: results)]
        for path in Self.siblings(of: primary) {
            members.append(
                Member(path: path, results: try RunResults.read(from: URL(fileURLWithPath: path))))
        }
        self.members = members
    }

    /// A set of one baseline (a reference build's results, a run directory).
    init(member: Member) {
        members = [member]
    }

    /// `DIR/NAME.env-*.json` beside `DIR/NAME.json`, sorted; none for a path that does
    /// not end in `.json` (a run directory).
    public static func siblings(of primary: String) -> [String] {
        guard primary.hasSuffix(".json") else { return [] }
        let prefix = primary.lastIndex(of: "/").map { String(primary[...$0]) } ?? ""
        let stem = String(primary.dropFirst(prefix.count).dropLast(".json".count))
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: prefix.isEmpty ? "." : prefix))
            ?? []
        return names.filter { $0.hasPrefix(stem + ".env-") && $0.hasSuffix(".json") }.sorted()
            .map { prefix + $0 }
    }

    /// `DIR/NAME.env-<id>.json` for `environment`, beside `primary`.
    public static func path(for environment: CounterEnvironment, beside primary: String) -> String {
        String(primary.dropLast(".json".count)) + ".env-\(environment.identifier).json"
    }

    /// The baseline for a run in `environment`: the first whose environment is the
    /// same in every fact, else the first that differs in no fact both recorded (a
    /// baseline written before environments were recorded), else the primary, with a
    /// note that none matches (its allocation and instruction counts are then reported,
    /// not gated).
    public func choice(for environment: CounterEnvironment) -> Choice {
        let several = members.count > 1
        if let same = members.first(where: { $0.environment == environment })
            ?? members.first(where: {
                environment.differences(fromBaseline: $0.environment).isEmpty
            })
        {
            return Choice(
                member: same,
                note: several
                    ? "baseline \(same.path) picked of \(members.count): recorded in this "
                        + "environment (\(environment))" : nil,
                matches: true)
        }
        let names = members.map(\.path).joined(separator: ", ")
        return Choice(
            member: members[0],
            note: !several
                ? nil
                : "no baseline recorded in this environment (\(environment)) among "
                    + "\(members.count) (\(names)); compared with \(members[0].path): allocations "
                    + "and instructions reported, not gated; record one with 'bench baseline "
                    + "update'",
            matches: false)
    }
}

extension CounterEnvironment {
    /// Twelve hex digits of the FNV-1a hash of the facts: the `<id>` of
    /// `NAME.env-<id>.json`. The same facts give the same identifier on every machine.
    public var identifier: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in description.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }
}
