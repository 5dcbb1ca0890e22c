// The libFuzzer entry point for results.json and baseline files, built by
// `scripts/fuzz results` with the BenchKit sources (not part of the Swift package).
// Each input is written to a file and read as the tool reads it; what reads cleanly is
// then used as the tool would: made into a baseline, written back, gated against itself
// both ways, analysed, merged with itself, and rendered (the HTML page with its SVG
// charts, Markdown). A second pass reads the same file with every number scaled toward
// Double's limits (the input's first byte picks the power of ten, so libFuzzer explores
// huge and tiny finite values such as 1e308 and 5e-324, issue 32). Errors must describe
// themselves in one line.
import BenchKit
import BenchReports
import Foundation

let inputURL = URL(fileURLWithPath: "/dev/shm").appendingPathComponent(
    "faultline-fuzz-results-\(getpid()).json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResults(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    check(data)
    if let first = data.first, let scaled = scaledNumbers(data, power: Int(first) % 40 + 270) {
        check(scaled)
    }
    return 0
}

/// `data` with every JSON number of magnitude above 1 multiplied by 10^`power` (capped
/// at Double's largest finite value) and every one below 1 divided by it; nil when
/// `data` is not JSON.
func scaledNumbers(_ data: Data, power: Int) -> Data? {
    guard let tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { return nil }
    let factor = pow(10, Double(power))
    func scale(_ value: Any, key: String) -> Any {
        if let dictionary = value as? [String: Any] {
            return Dictionary(uniqueKeysWithValues: dictionary.map { ($0, scale($1, key: $0)) })
        }
        if let array = value as? [Any] { return array.map { scale($0, key: key) } }
        if let number = value as? NSNumber, !(value is Bool),
            !["schemaVersion", "seed", "memoryBytes", "count", "size"].contains(key)
        {
            let double = number.doubleValue
            guard double != 0, double.isFinite else { return value }
            let scaled = abs(double) >= 1 ? double * factor : double / factor
            return scaled.isFinite
                ? scaled : (double < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
        }
        return value
    }
    return try? JSONSerialization.data(
        withJSONObject: scale(tree, key: ""), options: [.fragmentsAllowed])
}

func check(_ data: Data) {
    try? data.write(to: inputURL)
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
        _ = HTMLReportWriter().render(results)
        _ = HTMLReportWriter().render(baseline)
    } catch {
        precondition(!"\(error)".contains("\n"), "a multi-line error: \(error)")
    }
}
