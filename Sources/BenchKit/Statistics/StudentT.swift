/// Two-sided 95% critical values of Student's t distribution.
///
/// Tabulated rather than computed: the fit needs only this one confidence level.
/// Degrees of freedom between table rows use the next smaller row, which widens the
/// interval slightly (conservative). Cost: a table lookup.
enum StudentT {
    private static let table: [Double] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ]

    /// The value t with P(|T| <= t) = 0.95 for `degreesOfFreedom` >= 1.
    static func critical95(degreesOfFreedom: Int) -> Double {
        precondition(degreesOfFreedom >= 1, "t needs at least one degree of freedom")
        if degreesOfFreedom <= table.count { return table[degreesOfFreedom - 1] }
        if degreesOfFreedom < 40 { return 2.042 }
        if degreesOfFreedom < 60 { return 2.021 }
        if degreesOfFreedom < 120 { return 2.000 }
        return degreesOfFreedom < 1_000 ? 1.980 : 1.960
    }
}
