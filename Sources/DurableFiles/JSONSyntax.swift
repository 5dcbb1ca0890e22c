import Foundation

/// Finds where a JSON document goes wrong, since Foundation's decoder says only "not
/// valid JSON" for truncation, `NaN`, `1e400` or a stray comma.
///
/// A strict RFC 8259 scan that stops at the first problem: a syntax error (with what
/// was expected), the end of a truncated file, or a number beyond the range of a
/// `Double`, with its JSON path. It also remembers the first number too large for a
/// 64-bit integer (such as `1e30`), the usual cause when the syntax is fine but
/// decoding still fails. Cost: one pass over the bytes; nesting is capped at
/// ``maximumDepth`` levels.
public struct JSONSyntax {
    /// A place in the document.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// Zero-based byte offset.
        public let offset: Int
        /// One-based line.
        public let line: Int
        /// One-based column, in bytes.
        public let column: Int

        /// `line 3, column 14 (byte 52)`.
        public var description: String { "line \(line), column \(column) (byte \(offset))" }
    }

    /// The first problem found.
    public struct Problem: Hashable, Sendable {
        /// What is wrong, such as `unexpected end of file (the file is truncated)`.
        public let message: String
        /// Where.
        public let location: Location
        /// Whether it is a well-formed number out of range rather than bad syntax.
        public let isOutOfRange: Bool
    }

    private let bytes: [UInt8]
    private var index = 0
    private var path: [String] = []
    private var depth = 0
    private var largeNumber: Problem?

    private init(_ data: Data) {
        bytes = Array(data)
    }

    /// The first problem of `data`, or nil when it is valid JSON with finite numbers.
    public static func firstProblem(in data: Data) -> Problem? {
        scan(data).problem
    }

    /// The first number of `data` beyond ±2^64 (valid JSON, but no integer field
    /// holds it), or nil.
    public static func firstLargeNumber(in data: Data) -> Problem? {
        scan(data).largeNumber
    }

    private static func scan(_ data: Data) -> (problem: Problem?, largeNumber: Problem?) {
        var scanner = JSONSyntax(data)
        do throws(Stop) {
            scanner.skipSpace()
            try scanner.value()
            scanner.skipSpace()
            if scanner.index < scanner.bytes.count { throw scanner.unexpected("end of file") }
            return (nil, scanner.largeNumber)
        } catch {
            return (error.problem, scanner.largeNumber)
        }
    }

    /// The deepest nesting read: Foundation's decoder (swift-corelibs 6.3.1) traps while
    /// reporting its own limit of 512 levels, so readers refuse deeper files first.
    public static let maximumDepth = 500

    /// The first place `data` nests arrays and objects deeper than ``maximumDepth``, or
    /// nil. Cost: one pass over the bytes, no allocation; strings are skipped.
    public static func nestingProblem(in data: Data) -> Problem? {
        var (depth, inString, escaped) = (0, false, false)
        for (offset, byte) in data.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth {
                    return Problem(
                        message: "nested more than \(maximumDepth) levels deep",
                        location: location(of: offset, in: data), isOutOfRange: false)
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The location of byte `offset` of `data`.
    public static func location(of offset: Int, in data: Data) -> Location {
        var line = 1
        var lineStart = 0
        for (position, byte) in data.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return Location(offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// Why scanning stopped.
    private struct Stop: Error {
        let problem: Problem
    }

    private mutating func value() throws(Stop) {
        guard index < bytes.count else { throw truncated() }
        switch bytes[index] {
        case UInt8(ascii: "{"): try container(close: "}", member: Self.objectMember)
        case UInt8(ascii: "["): try container(close: "]", member: Self.arrayElement)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "+"):
            throw unexpected("a value (NaN and Infinity are not JSON: write a finite number)")
        default: throw unexpected("a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func container(
        close: Unicode.Scalar, member: (inout JSONSyntax, Int) throws(Stop) -> Void
    ) throws(Stop) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw tooDeep() }
        index += 1
        skipSpace()
        var count = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: close) {
            index += 1
            depth -= 1
            return
        }
        while true {
            try member(&self, count)
            count += 1
            skipSpace()
            guard index < bytes.count else { throw truncated() }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
                continue
            }
            guard bytes[index] == UInt8(ascii: close) else { throw unexpected("',' or '\(close)'") }
            index += 1
            depth -= 1
            return
        }
    }

    private static func objectMember(_ scanner: inout JSONSyntax, _ count: Int) throws(Stop) {
        guard scanner.index < scanner.bytes.count else { throw scanner.truncated() }
        guard scanner.bytes[scanner.index] == UInt8(ascii: "\"") else {
            throw scanner.unexpected("a key in double quotes")
        }
        let start = scanner.index + 1
        try scanner.string()
        let key = String(decoding: scanner.bytes[start..<(scanner.index - 1)], as: UTF8.self)
        scanner.skipSpace()
        guard scanner.index < scanner.bytes.count else { throw scanner.truncated() }
        guard scanner.bytes[scanner.index] == UInt8(ascii: ":") else {
            throw scanner.unexpected("':' after the key")
        }
        scanner.index += 1
        scanner.skipSpace()
        scanner.path.append(key)
        try scanner.value()
        scanner.path.removeLast()
    }

    private static func arrayElement(_ scanner: inout JSONSyntax, _ count: Int) throws(Stop) {
        scanner.path.append(String(count))
        try scanner.value()
        scanner.path.removeLast()
    }

    private mutating func string() throws(Stop) {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            guard byte >= 0x20 else { throw unexpected("no control character inside a string") }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        throw truncated()
    }

    private mutating func literal(_ word: String) throws(Stop) {
        for expected in word.utf8 {
            guard index < bytes.count else { throw truncated() }
            guard bytes[index] == expected else { throw unexpected("'\(word)'") }
            index += 1
        }
    }

    private mutating func number() throws(Stop) {
        let start = index
        let allowed = Set("+-.eE0123456789".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard JSONNumber.isWellFormed(text), let value = Double(text) else {
            index = start
            throw unexpected("a number like 12, -0.5 or 1e3")
        }
        guard value.isFinite else {
            index = start
            throw stop(
                "number \(text) at \(pathText) is out of range (beyond ±1.8e308)",
                isOutOfRange: true)
        }
        // Only numbers written as whole ones (`123`, `1e30`) can be meant for an integer.
        if largeNumber == nil, !text.contains("."), abs(value) >= 1.844_674_407_370_955_2e19 {
            let saved = index
            index = start
            largeNumber =
                stop(
                    "number \(text) at \(pathText) is out of range for a whole number "
                        + "(at most 18446744073709551615)", isOutOfRange: true
                ).problem
            index = saved
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private var pathText: String { path.isEmpty ? "top level" : path.joined(separator: ".") }

    private func tooDeep() -> Stop {
        stop("nested more than \(Self.maximumDepth) levels deep")
    }

    private func truncated() -> Stop {
        stop("unexpected end of file at \(pathText) (the file is truncated)")
    }

    private func unexpected(_ expected: String) -> Stop {
        let found =
            index < bytes.count
            ? "'\(String(decoding: bytes[index...].prefix(12), as: UTF8.self))'" : "end of file"
        return stop("expected \(expected) at \(pathText), found \(found)")
    }

    private func stop(_ message: String, isOutOfRange: Bool = false) -> Stop {
        Stop(
            problem: Problem(
                message: message, location: Self.location(of: index, in: Data(bytes)),
                isOutOfRange: isOutOfRange))
    }
}
