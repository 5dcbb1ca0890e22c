// The libFuzzer entry point for bench's command line, built by `scripts/fuzz arguments`
// into one module with the bench executable's sources (main.swift aside), since the
// parser and the subcommands are internal to it. An input is words separated by
// newlines; a first word naming a subcommand picks it, any other first byte picks one
// by number. Each input is parsed and the subcommand built from it (options checked,
// values parsed), but never run. A usage error's message holds no control character but
// newlines (a predicate's caret drawing has three lines).
import Foundation

/// Parses `words` as `command`'s arguments and builds the command.
func exercise(_ command: any Subcommand.Type, _ words: [String]) {
    do throws(UsageError) {
        if case .parsed(let parsed) = try command.parser.parse(words) {
            _ = try command.init(parsed)
        }
    } catch {
        let controls = error.message.unicodeScalars.filter {
            $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value))
        }
        precondition(controls.isEmpty, "a control character in: \(error.message)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = bytes.first else { return 0 }
    let words = String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    let commands = BenchTool.subcommands
    if let named = commands.first(where: { $0.name == words[0] }) {
        exercise(named, Array(words.dropFirst()))
    } else {
        exercise(commands[Int(first) % commands.count], Array(words.dropFirst()))
    }
    return 0
}
