import Foundation
import SQLiteDB
import SQLiteFaultInjection

/// Walks an injected fault over every I/O call of one operation, as SQLite's own
/// I/O-error tests do: a counting run first, then one trial per call, call number and
/// fault that call can suffer (``IOCall/faults``).
///
/// Each trial prepares a fresh subject in its own directory with no fault armed, runs
/// the operation with the fault armed for that directory, disarms, and hands the
/// outcome to `verify`, which checks the store and retries.
package struct FaultWalk<Subject> {
    /// Makes a subject (a store with pending changes, say) in the given directory.
    package var prepare: (URL) throws -> Subject
    /// The operation under test.
    package var operation: (Subject) throws -> Void
    /// Checks one trial's result (nil: the operation reported success) and retries;
    /// gets the trial's plan (nil in the counting run). Returns a note on the outcome
    /// worth counting apart (say, what a crash would have kept), or nil.
    package var verify: (Subject, URL, FaultPlan?, (any Error)?) throws -> String?

    package init(
        prepare: @escaping (URL) throws -> Subject,
        operation: @escaping (Subject) throws -> Void,
        verify: @escaping (Subject, URL, FaultPlan?, (any Error)?) throws -> String?
    ) {
        self.prepare = prepare
        self.operation = operation
        self.verify = verify
    }

    /// Runs the walk under `directory`; also runs a persistent variant of each
    /// `persistent` call kind (a fault that stays, like a full disk). With a `stride`
    /// above 1, each kind's calls 1, 1 + stride, … and its last are tried, unless
    /// `FAULTLINE_FULL_FAULT_WALK=1` (`scripts/test-reliability`) asks for every call.
    /// - Throws: whatever `prepare` or `verify` throws, with the trial's plan prepended.
    package func run(in directory: URL, persistent: [IOCall] = [], stride: Int = 1) throws
        -> FaultWalkSummary
    {
        FaultInjector.install()
        let counting = directory.appendingPathComponent("counting")
        let subject = try prepare(counting)
        let injector = FaultInjector(directory: counting, plan: nil)
        try operation(subject)
        let calls = injector.disarm()
        _ = try verify(subject, counting, nil, nil)
        var summary = FaultWalkSummary(calls: calls)
        let full = ProcessInfo.processInfo.environment["FAULTLINE_FULL_FAULT_WALK"] == "1"
        let plans = Self.plans(calls: calls, persistent: persistent, stride: full ? 1 : stride)
        for plan in plans {
            try trial(plan, in: directory.appendingPathComponent("trial-\(summary.trials)"))
                .map { summary.record($0) }
            summary.trials += 1
        }
        return summary
    }

    /// Every plan for the counted calls.
    static func plans(calls: [IOCall: Int], persistent: [IOCall], stride: Int) -> [FaultPlan] {
        IOCall.allCases.flatMap { call in
            let last = max(calls[call, default: 0], 1)
            return (1...last).filter { ($0 - 1) % stride == 0 || $0 == last }.flatMap { number in
                call.faults.flatMap { fault in
                    [FaultPlan(call: call, number: number, fault: fault)]
                        + (persistent.contains(call)
                            ? [
                                FaultPlan(
                                    call: call, number: number, fault: fault, isPersistent: true)
                            ]
                            : [])
                }
            }
        }.filter { calls[$0.call, default: 0] > 0 }
    }

    private func trial(_ plan: FaultPlan, in directory: URL) throws -> String? {
        defer { try? FileManager.default.removeItem(at: directory) }
        let subject = try prepare(directory)
        let injector = FaultInjector(directory: directory, plan: plan)
        var failure: (any Error)?
        do { try operation(subject) } catch { failure = error }
        let injected = injector.faultsInjected
        injector.disarm()
        let note: String?
        do {
            note = try verify(subject, directory, plan, failure)
        } catch {
            throw FaultWalkError(
                plan: plan, outcome: failure.map(FaultWalkSummary.outcome), error: error)
        }
        guard injected > 0 else { return nil }
        let outcome = failure.map(FaultWalkSummary.outcome) ?? "succeeded"
        return note.map { "\(outcome) (\($0))" } ?? outcome
    }
}

/// What a walk tried and saw.
package struct FaultWalkSummary: Sendable, CustomStringConvertible {
    /// The calls of the operation, per kind, in the counting run.
    package let calls: [IOCall: Int]
    /// Trials run (plans tried).
    package var trials = 0
    /// Trials whose fault was reached, by outcome: the error's type and SQLite code, or
    /// "succeeded" (SQLite retried or the call did not matter).
    package var outcomes: [String: Int] = [:]

    init(calls: [IOCall: Int]) { self.calls = calls }

    mutating func record(_ outcome: String) { outcomes[outcome, default: 0] += 1 }

    /// For example `SaveError SQLITE_IOERR_WRITE`.
    static func outcome(_ error: any Error) -> String {
        let text = "\(error)"
        let code = text.firstMatch(of: /SQLITE_[A-Z_]+/).map { String($0.output) } ?? "no code"
        return "\(type(of: error)) \(code)"
    }

    /// One line per figure, for the test log and the reliability notes.
    package var description: String {
        let calls = IOCall.allCases.map { "\($0) \(self.calls[$0, default: 0])" }
        let reached = outcomes.values.reduce(0, +)
        return "calls: \(calls.joined(separator: ", ")); trials \(trials), faults reached "
            + "\(reached), \(outcomes.count) distinct outcomes: "
            + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            .joined(separator: ", ")
    }
}

/// A trial whose check failed: the plan, what the operation did, and the check's error.
package struct FaultWalkError: Error, CustomStringConvertible {
    package let plan: FaultPlan
    package let outcome: String?
    package let error: any Error

    package var description: String {
        "after \(plan) (operation \(outcome ?? "succeeded")): \(error)"
    }
}
