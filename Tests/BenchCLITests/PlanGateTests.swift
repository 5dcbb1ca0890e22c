import BenchKit
import Foundation
import Testing

/// The plan and statement gates on planted plan changes: a lost index, a new sort, a
/// swapped statement; the message carries the SQL and both plans.
@Suite struct PlanGateTests {
    typealias F = GateFixtures

    /// `F.trace()` with the batch SELECT's plan replaced by `plan`.
    static func trace(plan: [String]) -> SQLTrace {
        var trace = F.trace()
        trace.statements[0].queryPlan = plan.enumerated().map {
            QueryPlanStep(id: $0.offset + 2, parent: 0, detail: $0.element)
        }
        return trace
    }

    static func gates(_ current: SQLTrace, _ thresholds: GateThresholds = .init())
        -> [String: GateResult]
    {
        let comparison = GateTests.compare(
            [F.caseResult()], [F.caseResult(phase: 1, trace: current)], thresholds)
        return Dictionary(uniqueKeysWithValues: comparison.gates.map { ($0.metric, $0) })
    }

    @Test("A/A: plans and fingerprints unchanged")
    func sameBuild() throws {
        let gates = Self.gates(F.trace())
        #expect(gates["sql.plans"]?.verdict == .unchanged)
        #expect(gates["sql.fingerprints"]?.verdict == .unchanged)
        #expect(gates["sql.fingerprints"]?.current == 1)
    }

    @Test("a lost primary-key search fails the plan gate with the SQL and both plans")
    func lostIndex() throws {
        let gates = Self.gates(Self.trace(plan: ["SCAN ZAUTHOR"]))
        let gate = try #require(gates["sql.plans"])
        #expect(gate.fails)
        #expect(gate.current == 2)
        #expect(gates["sql.select"]?.verdict == .unchanged, "same statements, other plan")
        #expect(
            gate.message.split(separator: "\n").map(String.init) == [
                "1 × newFullScan, 1 × lostIndex",
                "new full scan SCAN ZAUTHOR:",
                "    SQL: SELECT Z_PK, ZNAME FROM ZAUTHOR WHERE Z_PK IN (…)",
                "    plan before: SEARCH ZAUTHOR USING INTEGER PRIMARY KEY (rowid=?)",
                "    plan after:  SCAN ZAUTHOR",
                "index no longer used: ZAUTHOR USING INTEGER PRIMARY KEY:",
                "    SQL: SELECT Z_PK, ZNAME FROM ZAUTHOR WHERE Z_PK IN (…)",
                "    plan before: SEARCH ZAUTHOR USING INTEGER PRIMARY KEY (rowid=?)",
                "    plan after:  SCAN ZAUTHOR",
            ])
    }

    @Test("a new temporary B-tree fails the plan gate")
    func newSort() throws {
        let gates = Self.gates(
            Self.trace(plan: [
                "SEARCH ZAUTHOR USING INTEGER PRIMARY KEY (rowid=?)",
                "USE TEMP B-TREE FOR ORDER BY",
            ]))
        let gate = try #require(gates["sql.plans"])
        #expect(gate.fails)
        #expect(gate.message.hasPrefix("1 × newTempBTree\nnew temporary B-tree"))
    }

    @Test("a statement swapped for another at the same count fails the statement gate")
    func swapped() throws {
        var current = F.trace()
        let old = current.statements[0]
        var replacement = StatementGroup(
            fingerprint:
                "SELECT Z_PK, ZNAME FROM ZAUTHOR WHERE Z_PK IN (SELECT * FROM _Z_intarray0(?))",
            kind: .select)
        replacement.count = old.count
        replacement.queryPlan = old.queryPlan
        current.statements = [replacement]
        let gates = Self.gates(current)
        #expect(gates["sql.select"]?.verdict == .unchanged)
        let gate = try #require(gates["sql.fingerprints"])
        #expect(gate.fails)
        #expect(gate.message.hasPrefix("1 × appeared, 1 × disappeared\n+ statement appeared:"))
        #expect(gate.message.contains("- statement disappeared:\n    SQL: \(old.fingerprint)"))
    }

    @Test("an index newly used improves; the thresholds file can make the gates report-only")
    func improvementAndReportOnly() throws {
        let scanning = GateTests.compare(
            [F.caseResult(trace: Self.trace(plan: ["SCAN ZAUTHOR"]))],
            [F.caseResult(phase: 1)])
        #expect(scanning.gates.first { $0.metric == "sql.plans" }?.verdict == .improved)
        let relaxed = GateThresholds(metrics: ["sql.plans": GateRule(gate: false)])
        let gate = try #require(
            Self.gates(Self.trace(plan: ["SCAN ZAUTHOR"]), relaxed)["sql.plans"])
        #expect(gate.verdict == .regressed && !gate.fails)
    }
}
