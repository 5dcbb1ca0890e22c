import Foundation

/// A test-only knob that plants a regression in the selftest suites, so the gates can
/// be shown to catch what they claim (`scripts/selfcheck`, docs/GATES.md).
///
/// Read from `FAULTLINE_SELFTEST_INJECT` once per process (workers inherit it):
/// - `statement-per-object`: `selftest-sql/author-lookups` counts its posts and runs
///   one more SELECT per post;
/// - `work:F` (0 < F ≤ 1): `selftest/sort` does its configuration's work once more on
///   the first F of its input after the measured sort (`work:0.12` adds about 10%
///   instructions at 10k: a shorter sort costs less per element);
/// - unset or anything else: no change. The checksum never changes, so configurations
///   still agree. Never set it outside a self-check. Cost: one environment read per
///   process; a comparison per body.
enum SelftestInjection: Equatable, Sendable {
    case none
    case statementPerObject
    case extraWork(Double)

    /// The environment variable.
    static let variable = "FAULTLINE_SELFTEST_INJECT"

    /// What this process plants.
    static let planted = current()

    /// The injection the environment asks for.
    static func current(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> SelftestInjection {
        guard let text = environment[variable] else { return .none }
        if text == "statement-per-object" { return .statementPerObject }
        if text.hasPrefix("work:"), let fraction = Double(text.dropFirst("work:".count)),
            fraction > 0, fraction <= 1
        {
            return .extraWork(fraction)
        }
        return .none
    }
}
