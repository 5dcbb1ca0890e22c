import Foundation

/// A 64-bit FNV-1a-style hash (bytes, and 8-byte words for long values) over the
/// canonical encoding of generated rows: the dataset's
/// logical content hash, the same on every machine for the same schema, size and seed.
/// ``FileHash`` hashes a store file's bytes with it (``combine(raw:)``).
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
        var text = text
        text.withUTF8 { bytes in
            combine(tag: tag, UInt64(bytes.count))
            combine(raw: UnsafeRawBufferPointer(bytes))
        }
    }

    mutating func combine(tag: UInt8, bytes: Data) {
        combine(tag: tag, UInt64(bytes.count))
        bytes.withUnsafeBytes { combine(raw: $0) }
    }

    /// Bytes eight at a time (little-endian words), then the tail byte by byte: text is
    /// most of a dataset, and this is eight times fewer multiplies. No tag or length:
    /// successive buffers whose sizes are multiples of 8 hash as one.
    mutating func combine(raw buffer: UnsafeRawBufferPointer) {
        let words = buffer.count / 8
        for index in 0..<words {
            let word = UInt64(
                littleEndian: buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            state = (state ^ word) &* 0x100_0000_01B3
        }
        for index in (words * 8)..<buffer.count { byte(buffer[index]) }
    }

    /// Mixes in a plain integer (row counts, keys).
    public mutating func combine(_ value: Int) {
        combine(tag: 10, UInt64(bitPattern: Int64(value)))
    }

    private mutating func byte(_ value: UInt8) {
        state = (state ^ UInt64(value)) &* 0x100_0000_01B3
    }
}
