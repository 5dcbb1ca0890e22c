// The libFuzzer entry point for the predicate parser, built by scripts/fuzz-predicates
// together with the ObjectGraph sources (not part of the Swift package's targets).
import ObjectGraph

/// Parses the input as a format string with a few arguments; any crash, hang or
/// sanitizer report is a bug. Syntax errors are the expected outcome for most inputs,
/// and their descriptions (caret drawing) are rendered too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let format = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let predicate = try FetchPredicate(format: format, argumentArray: ["name", 3, 2.5, "x"])
        _ = predicate.description
        _ = try predicate.withSubstitutionVariables(["x": 1, "name": "a"])
    } catch let error as PredicateSyntaxError {
        _ = error.description
    } catch {
        _ = "\(error)"
    }
    return 0
}
