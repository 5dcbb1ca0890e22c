import Testing

/// The entry point of `scripts/sanitizer-smoke`'s test binary: Swift Testing runs the
/// suites compiled in with it (the sanitizer invariants and the context stress test),
/// as `swift test` would, under AddressSanitizer or ThreadSanitizer.
@main struct SanitizerSmokeRunner {
    static func main() async {
        await Testing.__swiftPMEntryPoint() as Never
    }
}
