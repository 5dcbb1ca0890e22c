// The libFuzzer entry point for results.json and baseline files, built by
// `scripts/fuzz results` with the BenchKit sources (not part of the Swift package).
// Each input is written to a file and read as the tool reads it; what reads cleanly is
// then used as the tool would: made into a baseline, written back, gated against itself
// both ways, analysed, merged with itself. Errors must describe themselves in one line.
import BenchKit
import Foundation

let inputURL = URL(fileURLWithPath: "/dev/shm").appendingPathComponent(
    "faultline-fuzz-results-\(getpid()).json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResults(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    try? Data(bytes: start, count: count).write(to: inputURL)
    do {
        let results = try RunResults.read(from: inputURL)
        let baseline = Baseline.make(from: results, keepSamples: false)
        _ = try? baseline.jsonData()
        let evaluator = GateEvaluator()
        _ = evaluator.compare(baseline: baseline, current: results, name: "fuzz")
        _ = evaluator.compare(baseline: results, current: baseline, name: "fuzz")
        _ = Baseline.datasetChanges(baseline: baseline, current: results)
        _ = RunAnalysis(cases: results.cases, seed: 1)
        _ = NPlusOneDetector().findings(in: results.cases)
        _ = try? RunResults.merged([(path: "a", results: results), (path: "b", results: baseline)])
        _ = results.missingShards()
    } catch {
        precondition(!"\(error)".contains("\n"), "a multi-line error: \(error)")
    }
    return 0
}
