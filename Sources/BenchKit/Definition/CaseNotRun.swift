/// Thrown by a scenario's setup when its case has nothing to measure, so no comparison
/// is made from it: a relationship scenario whose relationship is empty in every row
/// of the generated dataset would otherwise report "prefetch 1.13x slower" for reading
/// nils. The runner records the case as ``CaseStatus/skipped`` with ``reason`` (the
/// report and the console print it) and the run does not fail.
///
/// ```swift
/// guard filledRows > 0 else { throw CaseNotRun("Folder.parent is empty in every row") }
/// ```
public struct CaseNotRun: Error, CustomStringConvertible, Sendable {
    /// Why the case was not run, one line.
    public let reason: String

    /// Makes the error.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
