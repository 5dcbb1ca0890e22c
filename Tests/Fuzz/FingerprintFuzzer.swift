// The libFuzzer entry point for the SQL fingerprinter, built by `scripts/fuzz fingerprint`
// with the BenchKit sources (not part of the Swift package). Any text is SQL to it: the
// fingerprint is never longer than the text, is stable (normalizing it again changes
// nothing) when the text has no quotes (an unterminated literal swallows the rest, and
// its `?` can then pair up with later text), and the N+1 detector accepts a trace of it.
import BenchKit
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFingerprint(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let sql = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let fingerprint = SQLFingerprint.normalize(sql)
    precondition(
        fingerprint.unicodeScalars.count <= sql.unicodeScalars.count,
        "longer than the SQL: \(sql) -> \(fingerprint)")
    if !sql.unicodeScalars.contains(where: { "'\"`[".unicodeScalars.contains($0) }) {
        let again = SQLFingerprint.normalize(fingerprint)
        precondition(again == fingerprint, "not idempotent: \(sql) -> \(fingerprint) -> \(again)")
    }
    let recorder = SQLTraceRecorder()
    recorder.startTrace()
    for _ in 0..<12 { recorder.record(sql: sql, arguments: ["1"], nanoseconds: 10, rows: 1) }
    let result = CaseResult(
        key: CaseKey(
            benchmark: BenchmarkID(suite: "fuzz", scenario: "sql"), configuration: "c", size: 1),
        status: .passed, checksum: "0x1", iterations: ["timed": 1], metrics: [], errors: [],
        sqlTrace: recorder.finishTrace())
    _ = NPlusOneDetector().findings(in: [result])
    return 0
}
