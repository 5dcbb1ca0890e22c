/// An order-sensitive 64-bit checksum (FNV-1a over 64-bit words) of what a body read.
///
/// Bodies fold each value they read into one of these and return ``value``, so every
/// configuration of a benchmark can be checked for doing the same logical work.
/// Cost: a multiply and an xor per value.
public struct Checksum: Sendable {
    /// The checksum so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Starts an empty checksum.
    public init() {}

    /// Folds in one integer.
    public mutating func combine(_ word: Int) {
        combine(UInt64(bitPattern: Int64(word)))
    }

    /// Folds in one unsigned word.
    public mutating func combine(_ word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01b3
    }

    /// Folds in the UTF-8 bytes of a string and its length.
    public mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(UInt64(byte)) }
        combine(text.utf8.count)
    }
}
