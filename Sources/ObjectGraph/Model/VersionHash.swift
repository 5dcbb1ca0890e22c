/// A 32-byte entity version hash: a SHA-256 digest, the size Core Data stores in
/// `NSStoreModelVersionHashes`.
///
/// Unlike Swift's per-process `Hasher`, it is the same on every machine and run.
package struct VersionHash: Hashable, Sendable, CustomStringConvertible {
    /// The digest.
    package let bytes: [UInt8]

    /// Hashes `input`.
    package init(_ input: [UInt8]) {
        bytes = SHA256.digest(input)
    }

    /// Hashes the UTF-8 bytes of `text`.
    package init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// Sixty-four lower-case hex digits.
    package var description: String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
