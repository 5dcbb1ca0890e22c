/// A stable 64-bit FNV-1a hash of canonical model text.
///
/// Swift's `Hasher` is seeded per process, so it cannot identify a model across runs;
/// this one is the same on every machine and every run. Cost: one pass over the bytes.
package struct VersionHash: Hashable, Sendable, CustomStringConvertible {
    /// The hash value.
    package let value: UInt64

    /// Hashes the UTF-8 bytes of `text`.
    package init(_ text: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// Sixteen lower-case hex digits.
    package var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
