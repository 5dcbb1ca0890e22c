import Foundation

/// A 64-bit FNV-1a hash over the canonical encoding of generated rows: the dataset's
/// logical content hash, the same on every machine for the same schema, size and seed.
///
/// Not cryptographic; it identifies content and catches accidental change. Cost: one
/// multiply per byte.
public struct ContentHasher: Sendable {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty hash.
    public init() {}

    /// The hash so far, as 16 hex digits.
    public var hexDigest: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    mutating func combine(tag: UInt8, _ value: UInt64 = 0) {
        byte(tag)
        var remaining = value
        for _ in 0..<8 {
            byte(UInt8(truncatingIfNeeded: remaining))
            remaining >>= 8
        }
    }

    mutating func combine(tag: UInt8, text: String) {
        combine(tag: tag, UInt64(text.utf8.count))
        for unit in text.utf8 { byte(unit) }
    }

    mutating func combine(tag: UInt8, bytes: Data) {
        combine(tag: tag, UInt64(bytes.count))
        for unit in bytes { byte(unit) }
    }

    /// Mixes in a plain integer (row counts, keys).
    public mutating func combine(_ value: Int) {
        combine(tag: 10, UInt64(bitPattern: Int64(value)))
    }

    private mutating func byte(_ value: UInt8) {
        state = (state ^ UInt64(value)) &* 0x100_0000_01B3
    }
}
