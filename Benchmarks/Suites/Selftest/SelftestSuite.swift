import BenchKit

/// The `selftest` suite: sorts random integers, so the harness can be run and
/// demonstrated without the engine. Its SQL companion is ``SelftestLookups``.
///
/// Two configurations do the same logical work (sort a copy of the same seeded array
/// and checksum the result):
/// - `in-place` sorts a reused buffer: only the sort's own scratch space is allocated
///   (a handful of allocations per iteration);
/// - `allocating` boxes every integer in a class instance and sorts the boxes: one
///   heap allocation per element, so allocation counts differ by about `size`.
///
/// Cost: 10k and 100k integers; a quick profile run takes a few seconds.
public enum SelftestSuite {
    /// The suite.
    public static let suite = BenchmarkSuite(
        name: "selftest", summary: "Harness self-test: sorting integers, no engine needed",
        isDefault: false, sizes: [10_000, 100_000], scenarios: [sort])

    /// The two ways to sort.
    enum Variant: BenchmarkVariant {
        case inPlace, allocating

        var configuration: BenchmarkConfiguration {
            switch self {
            case .inPlace: .init("in-place", summary: "sorts a reused buffer; a few allocations")
            case .allocating: .init("allocating", summary: "boxes each integer; n allocations")
            }
        }
    }

    /// `selftest/sort`.
    static let sort = BenchmarkScenario(
        "sort", summary: "Sorts n random integers and checksums the sorted order",
        variants: Variant.self, setup: makeState, reset: refill, body: runSort)

    /// The integers to sort, a scratch buffer that a reset refills, and the planted
    /// extra work of a self-check (``SelftestInjection``), as a count of elements.
    struct State {
        let input: [Int]
        var scratch: [Int]
        var extraElements = 0
    }

    static func makeState(_ context: CaseContext, _ variant: Variant) -> State {
        var generator = SplitMix64(seed: context.seed)
        let input = (0..<context.size).map { _ in Int(truncatingIfNeeded: generator.next() >> 1) }
        var hash = Checksum()
        for value in input { hash.combine(value) }
        context.record(
            DatasetRecord(
                name: "selftest-integers", size: context.size, seed: context.seed,
                contentHash: CaseResult.hex(hash.value)))
        var state = State(input: input, scratch: input)
        if case .extraWork(let fraction) = SelftestInjection.planted {
            state.extraElements = Int(Double(input.count) * fraction)
        }
        return state
    }

    /// Copies the input into the scratch buffer element by element, so the buffer is
    /// reused and the timed sort does not copy it.
    static func refill(_ state: inout State, _ variant: Variant) {
        for index in state.input.indices { state.scratch[index] = state.input[index] }
    }

    static func runSort(_ state: inout State, _ variant: Variant) -> UInt64 {
        var checksum = Checksum()
        switch variant {
        case .inPlace:
            state.scratch.sort()
            for value in state.scratch { checksum.combine(value) }
        case .allocating:
            let boxes = state.input.map(Box.init).sorted { $0.value < $1.value }
            for box in boxes { checksum.combine(box.value) }
        }
        if state.extraElements > 0 { plantWork(state.input[..<state.extraElements], variant) }
        return checksum.value
    }

    /// The self-check's planted regression: the configuration's own work once more on
    /// a prefix of the input.
    static func plantWork(_ prefix: ArraySlice<Int>, _ variant: Variant) {
        var extra = Checksum()
        switch variant {
        case .inPlace:
            for value in prefix.sorted() { extra.combine(value) }
        case .allocating:
            for box in prefix.map(Box.init).sorted(by: { $0.value < $1.value }) {
                extra.combine(box.value)
            }
        }
        blackHole(extra.value)
    }

    /// A heap-allocated integer: what makes the `allocating` configuration allocate.
    final class Box {
        let value: Int

        init(_ value: Int) {
            self.value = value
        }
    }
}
