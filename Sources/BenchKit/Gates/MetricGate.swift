import Foundation

/// Judges one metric of one case against the baseline under a resolved rule.
///
/// Counters compare medians exactly or within the tolerance; noisy metrics need a
/// median change beyond the threshold and above the floor, and significance: a
/// Mann-Whitney U test when both sides kept samples, otherwise disjoint bootstrap
/// intervals of the median. Cost: one U test.
package enum MetricGate {
    /// The verdict and its first message line.
    static func judge(
        baseline: MetricResult, current: MetricResult, rule: ResolvedGateRule
    ) -> (GateResult.Verdict, String) {
        let before = baseline.summary.median
        let after = current.summary.median
        switch rule.kind {
        case .counter:
            return counter(before, after, rule: rule)
        case .noisy:
            return noisy(baseline, current, rule: rule)
        }
    }

    /// Verdict of a counter change from `before` to `after`.
    static func counter(_ before: Double, _ after: Double, rule: ResolvedGateRule)
        -> (GateResult.Verdict, String)
    {
        let delta = after - before
        let relative = before == 0 ? (delta == 0 ? 0 : Double.infinity) : abs(delta) / before
        let allowed = rule.tolerance == 0 ? "exact" : "tolerance \(percent(rule.tolerance))"
        let text = "\(number(before)) → \(number(after)) (\(allowed))"
        guard delta != 0, relative > rule.tolerance, abs(delta) > rule.floor else {
            return (.unchanged, text)
        }
        return (isWorse(delta, rule) ? .regressed : .improved, text)
    }

    private static func noisy(
        _ baseline: MetricResult, _ current: MetricResult, rule: ResolvedGateRule
    )
        -> (GateResult.Verdict, String)
    {
        let before = baseline.summary.median
        let after = current.summary.median
        let change = before == 0 ? 0 : after / before - 1
        var text = "median \(signedPercent(change)) (threshold \(percent(rule.threshold)))"
        let significant: Bool
        if baseline.samples.count >= 2 && current.samples.count >= 2 {
            let test = MannWhitney(baseline: baseline.samples, current: current.samples)
            significant = test.pValue < 1 - rule.confidence
            let p = test.pValue < 0.0001 ? "p<0.0001" : String(format: "p=%.4f", test.pValue)
            text += String(
                format: ", Mann-Whitney \(p), P(current>baseline)=%.2f",
                test.probabilityOfSuperiority)
            if let ratio = Bootstrap.ratioOfMedians(current.samples, baseline.samples, seed: 42) {
                text += String(
                    format: ", ratio %.3fx (95%% CI %.3f-%.3fx)", ratio.ratio,
                    ratio.interval.low, ratio.interval.high)
            }
        } else {
            let old = baseline.summary.medianInterval
            let new = current.summary.medianInterval
            significant = new.low > old.high || new.high < old.low
            text += ", 95% median intervals " + (significant ? "disjoint" : "overlap")
        }
        text += detectable(baseline.summary, current.summary, rule: rule)
        guard abs(change) > rule.threshold, abs(after - before) > rule.floor, significant else {
            return (.unchanged, text)
        }
        return (isWorse(after - before, rule) ? .regressed : .improved, text)
    }

    /// The minimum detectable effect, and a warning when it exceeds the threshold:
    /// then a change between the two went unseen by this run, not shown absent.
    private static func detectable(_ baseline: Summary, _ current: Summary, rule: ResolvedGateRule)
        -> String
    {
        guard
            let effect = DetectableChange.relative(
                baseline: baseline, current: current, confidence: rule.confidence)
        else { return ", detectable change unknown (under 2 samples a side)" }
        let text = ", detectable change \(String(format: "%.1f%%", effect * 100))"
        return effect > rule.threshold ? text + " (above the threshold: underpowered)" : text
    }

    private static func isWorse(_ delta: Double, _ rule: ResolvedGateRule) -> Bool {
        rule.direction == .smallerIsBetter ? delta > 0 : delta < 0
    }

    /// `value` as an integer when whole, otherwise four significant digits.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15
            ? String(Int64(value)) : String(format: "%.4g", value)
    }

    /// `value` (a fraction) as a percentage.
    static func percent(_ value: Double) -> String { String(format: "%g%%", value * 100) }

    /// `value` (a fraction) as a signed percentage with one decimal.
    static func signedPercent(_ value: Double) -> String { String(format: "%+.1f%%", value * 100) }
}
