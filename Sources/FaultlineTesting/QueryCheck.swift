import CoreDataLog

/// One rule about a block's statements, as a value: ``QueryExpectation``'s methods
/// record each one's failure as a test issue, and ``failure(in:)`` returns it as text
/// for code that reports failures its own way.
public enum QueryCheck: Hashable, Sendable {
    /// Exactly this many statements ran (of `kind`, when given).
    case statements(Int, kind: StatementKind?)
    /// At most this many statements ran (of `kind`, when given).
    case atMostStatements(Int, kind: StatementKind?)
    /// No statement of `kind` (any kind when nil) ran twice with the same
    /// fingerprint: the shape of an N+1.
    case noRepeatedStatement(kind: StatementKind?)
    /// No planned SELECT reads a whole table (`QueryPlanStep.isFullScan(in:)`).
    case noFullScan
    /// The SELECTs that read `entity`'s table read exactly the columns of these
    /// properties, besides `Z_PK`, `Z_ENT` and `Z_OPT`.
    case columnsRead(entity: String, properties: [String])
    /// Some statement's plan uses the index called `name`.
    case usesIndex(String)

    /// Why `log` breaks the rule, with the statements that show it; nil when it holds.
    public func failure(in log: QueryLog) -> String? {
        switch self {
        case .statements(let expected, let kind):
            let matching = log.statements.filter { kind == nil || $0.kind == kind }
            guard matching.count != expected else { return nil }
            return "expected \(Self.count(expected, kind)), \(matching.count) ran"
                + QueryReport.listing(log.statements, from: log)
        case .atMostStatements(let limit, let kind):
            let matching = log.statements.filter { kind == nil || $0.kind == kind }
            guard matching.count > limit else { return nil }
            return "expected at most \(Self.count(limit, kind)), \(matching.count) ran"
                + QueryReport.listing(log.statements, from: log)
        case .noRepeatedStatement(let kind): return Self.repeated(kind, in: log)
        case .noFullScan: return Self.fullScans(in: log)
        case .columnsRead(let entity, let properties):
            return ColumnsCheck(entity: entity, properties: properties).failure(in: log)
        case .usesIndex(let name): return Self.index(name, in: log)
        }
    }

    /// `2 statements`, `1 SELECT statement`.
    private static func count(_ number: Int, _ kind: StatementKind?) -> String {
        let noun = number == 1 ? "statement" : "statements"
        return kind.map { "\(number) \($0.rawValue.uppercased()) \(noun)" } ?? "\(number) \(noun)"
    }

    private static func repeated(_ kind: StatementKind?, in log: QueryLog) -> String? {
        let counts = QueryReport.fingerprintCounts(log.statements)
        let repeated = QueryReport.distinct(log.statements).filter { statement in
            (kind == nil || statement.kind == kind) && counts[statement.fingerprint, default: 0] > 1
        }
        guard !repeated.isEmpty else { return nil }
        let lines = repeated.map { statement in
            "\n  \(counts[statement.fingerprint] ?? 0)× \(statement.sql)"
        }
        let what = kind.map { "\($0.rawValue.uppercased()) " } ?? ""
        return "expected no repeated \(what)statement, \(repeated.count) ran more than once "
            + "(an N+1: one statement per object; prefetch or batch them):"
            + lines.joined() + QueryReport.listing(log.statements, from: log)
    }

    private static func fullScans(in log: QueryLog) -> String? {
        let scanning = QueryReport.distinct(log.statements).filter { statement in
            guard let plan = statement.plan else { return false }
            return !plan.fullScans.isEmpty
        }
        if scanning.isEmpty { return QueryReport.missingPlans(in: log, for: "no full scan") }
        let lines = scanning.map { statement in
            "\n  \(statement.sql)\n    "
                + (statement.plan ?? []).fullScans.map(\.detail).joined(separator: "; ")
        }
        return "expected no full scan, \(scanning.count) statement(s) read a whole table:"
            + lines.joined() + QueryReport.listing(log.statements, from: log)
    }

    private static func index(_ name: String, in log: QueryLog) -> String? {
        if log.statements.contains(where: { $0.indexesUsed.contains(name) }) { return nil }
        let used = Set(log.statements.flatMap(\.indexesUsed)).sorted()
        let planNote = log.planNote.map { " (\($0))" } ?? ""
        return "expected a statement using index \(name), none does; indexes used: "
            + (used.isEmpty ? "none" : used.joined(separator: ", ")) + planNote
            + QueryReport.listing(log.statements, from: log)
    }
}
