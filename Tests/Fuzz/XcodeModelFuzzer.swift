// The libFuzzer entry point for the Xcode model loader, built by `scripts/fuzz xcmodel`
// with the ObjectGraph sources (not part of the Swift package). Each input is written
// as a `contents` file and loaded as `XcodeModel(contentsOf:)` does; what loads is made
// into an engine model and hashed. Inputs starting `D` or `W` (then a 16-bit size) are
// also loaded wrapped in that many nested elements, or repeated as that many entities
// (up to 499, each holding up to 256 of the input's bytes: more take seconds per input
// in this unoptimized, instrumented build), the deep and wide models of issue 32.
// Errors must describe themselves in one line.
import Foundation
import ObjectGraph

let inputURL = URL(fileURLWithPath: "/dev/shm").appendingPathComponent(
    "faultline-fuzz-xcmodel-\(getpid())-contents")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeModel(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    load(data)
    // Deep and wide shapes (issue 32): the first byte picks one, the next two its size.
    if data.count >= 3 {
        let size = Int(data[data.startIndex + 1]) << 8 | Int(data[data.startIndex + 2])
        let rest = data.dropFirst(3)
        switch data[data.startIndex] {
        case UInt8(ascii: "D"): load(deep(rest, depth: size))
        case UInt8(ascii: "W"): load(wide(rest.prefix(256), entities: size % 500))
        default: break
        }
    }
    return 0
}

/// `body` inside a model, itself inside `depth` nested elements named by the body's
/// first bytes (or `a`).
func deep(_ body: Data, depth: Int) -> Data {
    let name = String(decoding: body.prefix(3).filter { (0x61...0x7A).contains($0) }, as: UTF8.self)
    let tag = name.isEmpty ? "a" : name
    var text = "<?xml version=\"1.0\"?>\n<model>"
    text += String(repeating: "<\(tag)>", count: depth)
    text += String(decoding: body, as: UTF8.self)
    text += String(repeating: "</\(tag)>", count: depth) + "</model>\n"
    return Data(text.utf8)
}

/// `count` entities, each holding `body` (attributes, relationships: the fuzzer's bytes).
func wide(_ body: Data, entities count: Int) -> Data {
    let inner = String(decoding: body, as: UTF8.self)
    var text = "<?xml version=\"1.0\"?>\n<model>"
    for index in 0..<count {
        text += "<entity name=\"E\(index)\">\(inner)</entity>"
    }
    return Data((text + "</model>\n").utf8)
}

func load(_ data: Data) {
    try? data.write(to: inputURL)
    do {
        let model = try XcodeModel(contentsOf: inputURL)
        _ = model.entityVersionHashes
        _ = try model.makeModel()
    } catch {
        precondition(!"\(error)".contains("\n"), "a multi-line error: \(error)")
    }
}
