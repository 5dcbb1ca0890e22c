import Testing

@testable import SQLiteDB

/// The clock statement durations are measured with.
@Suite struct MonotonicClockTests {
    @Test("readings never go backwards")
    func readingsAreMonotonic() {
        var previous = MonotonicClock.now()
        for _ in 0..<1_000 {
            let reading = MonotonicClock.now()
            #expect(reading >= previous)
            previous = reading
        }
    }
}
