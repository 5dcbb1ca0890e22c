// The libFuzzer entry point for the Xcode model loader, built by `scripts/fuzz xcmodel`
// with the ObjectGraph sources (not part of the Swift package). Each input is written
// as a `contents` file and loaded as `XcodeModel(contentsOf:)` does; what loads is made
// into an engine model and hashed. Errors must describe themselves in one line.
import Foundation
import ObjectGraph

let inputURL = URL(fileURLWithPath: "/dev/shm").appendingPathComponent(
    "faultline-fuzz-xcmodel-\(getpid())-contents")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeModel(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    try? Data(bytes: start, count: count).write(to: inputURL)
    do {
        let model = try XcodeModel(contentsOf: inputURL)
        _ = model.entityVersionHashes
        _ = try model.makeModel()
    } catch {
        precondition(!"\(error)".contains("\n"), "a multi-line error: \(error)")
    }
    return 0
}
