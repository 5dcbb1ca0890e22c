import SQLBasics
import Testing

@testable import BenchKit

/// The plan and statement changes the gates judge, found in planted traces.
@Suite struct PlanChangeTests {
    static let byAuthor = "SELECT t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = ?"
    static let recent = "SELECT t0.Z_PK FROM ZPOST t0 ORDER BY t0.ZCREATEDAT DESC LIMIT 100"

    /// A trace running each statement once, in the order given, with its plan.
    static func trace(_ plans: KeyValuePairs<String, [String]>) -> SQLTrace {
        SQLTrace(
            statements: plans.map { sql, plan in
                var group = StatementGroup(fingerprint: sql, kind: .select)
                group.count = 1
                group.queryPlan = plan.enumerated().map {
                    QueryPlanStep(id: $0.offset + 2, parent: 0, detail: $0.element)
                }
                return group
            })
    }

    static let indexed = trace([
        byAuthor: ["SEARCH t0 USING INDEX Z_POST_BYAUTHOR (ZAUTHOR=?)"],
        recent: ["SCAN t0 USING INDEX Z_POST_BYCREATEDAT"],
    ])

    @Test("the same traces have no changes")
    func unchanged() {
        #expect(PlanChange.findings(baseline: Self.indexed, current: Self.indexed).isEmpty)
    }

    @Test("a dropped index is a new full scan, a lost index and a new temporary B-tree")
    func droppedIndex() {
        let current = Self.trace([
            Self.byAuthor: ["SCAN t0"],
            Self.recent: ["SCAN t0", "USE TEMP B-TREE FOR ORDER BY"],
        ])
        let changes = PlanChange.findings(baseline: Self.indexed, current: current)
        let found = changes.map { "\($0.kind) \($0.subject)" }
        #expect(
            found == [
                "newFullScan SCAN t0", "lostIndex t0 USING INDEX Z_POST_BYAUTHOR",
                "newFullScan SCAN t0", "newTempBTree USE TEMP B-TREE FOR ORDER BY",
                "lostIndex t0 USING INDEX Z_POST_BYCREATEDAT",
            ])
        #expect(changes.allSatisfy { $0.kind.isRegression })
        let lines = changes[0].lines
        #expect(lines[0] == "new full scan SCAN t0:")
        #expect(lines[1] == "    SQL: \(Self.byAuthor)")
        #expect(lines[2] == "    plan before: SEARCH t0 USING INDEX Z_POST_BYAUTHOR (ZAUTHOR=?)")
        #expect(lines[3] == "    plan after:  SCAN t0")
    }

    @Test("the reverse change is an improvement only")
    func indexAdded() {
        let scanning = Self.trace([Self.byAuthor: ["SCAN t0"], Self.recent: Self.sorted])
        let changes = PlanChange.findings(baseline: scanning, current: Self.indexed)
        #expect(changes.map(\.kind) == [.fullScanGone, .fullScanGone, .tempBTreeGone])
        #expect(!changes.contains { $0.kind.isRegression })
    }

    static let sorted = ["SCAN t0", "USE TEMP B-TREE FOR ORDER BY"]

    @Test("a fingerprint that appears or disappears is a statement change")
    func fingerprints() {
        let current = Self.trace([
            Self.byAuthor: ["SEARCH t0 USING INDEX Z_POST_BYAUTHOR (ZAUTHOR=?)"],
            "SELECT t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR IN (…)": [
                "SEARCH t0 USING INDEX Z_POST_BYAUTHOR (ZAUTHOR=?)"
            ],
        ])
        let changes = PlanChange.findings(baseline: Self.indexed, current: current)
        #expect(changes.map(\.kind) == [.appeared, .disappeared])
        #expect(changes.allSatisfy { $0.kind.isStatementChange })
        #expect(changes[1].fingerprint == Self.recent)
        #expect(changes[1].lines[0] == "- statement disappeared:")
        #expect(changes[1].planAfter == nil)
    }

    @Test("a side without a plan compares no plans")
    func missingPlan() {
        var current = Self.trace([Self.byAuthor: ["SCAN t0"], Self.recent: ["SCAN t0"]])
        current.statements = current.statements.map {
            var group = $0
            group.queryPlan = nil
            return group
        }
        #expect(PlanChange.findings(baseline: Self.indexed, current: current).isEmpty)
    }

    @Test(
        "index uses are read from SEARCH and SCAN steps",
        arguments: [
            ("SEARCH t0 USING INDEX Z_POST_BYAUTHOR (ZAUTHOR=?)", "t0 USING INDEX Z_POST_BYAUTHOR"),
            ("SEARCH t1 USING COVERING INDEX ZI (A=?)", "t1 USING INDEX ZI"),
            ("SEARCH t0 USING INTEGER PRIMARY KEY (rowid=?)", "t0 USING INTEGER PRIMARY KEY"),
            ("SCAN t0 USING INDEX Z_POST_BYCREATEDAT", "t0 USING INDEX Z_POST_BYCREATEDAT"),
            ("SCAN t0", nil), ("USE TEMP B-TREE FOR ORDER BY", nil),
            ("SCAN _Z_intarray0 VIRTUAL TABLE INDEX 1:", nil),
        ])
    func indexUse(detail: String, expected: String?) {
        #expect(PlanChange.indexUse(QueryPlanStep(id: 1, parent: 0, detail: detail)) == expected)
    }
}
