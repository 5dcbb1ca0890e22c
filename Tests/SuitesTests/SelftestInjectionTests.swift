import Testing

@testable import BenchmarkSuites

/// The self-check's knob reads only the values it documents; anything else plants
/// nothing.
@Suite struct SelftestInjectionTests {
    @Test(
        "FAULTLINE_SELFTEST_INJECT values",
        arguments: [
            ("statement-per-object", SelftestInjection.statementPerObject),
            ("work:0.12", .extraWork(0.12)), ("work:1", .extraWork(1)), ("work:0", .none),
            ("work:2", .none), ("work:x", .none), ("statements", .none), ("", .none),
        ])
    func values(text: String, expected: SelftestInjection) {
        #expect(SelftestInjection.current([SelftestInjection.variable: text]) == expected)
    }

    @Test("unset plants nothing, and the test process plants nothing")
    func unset() {
        #expect(SelftestInjection.current([:]) == .none)
        #expect(SelftestInjection.planted == .none)
    }
}
