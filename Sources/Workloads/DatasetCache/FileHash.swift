import Foundation

/// A fast 64-bit hash of a file's bytes (``ContentHasher``'s FNV-1a style over 8-byte
/// words), to tell a cached store is exactly what was written. Cost: one read of the
/// file, in 1 MiB chunks (multiples of 8 bytes, so chunking does not change the hash).
enum FileHash {
    static func of(path: String) throws -> (hash: String, bytes: Int64) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DatasetError.corrupt(path: path, reason: "cannot open the store file")
        }
        defer { try? handle.close() }
        var hasher = ContentHasher()
        var total: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            total += Int64(chunk.count)
            chunk.withUnsafeBytes { hasher.combine(raw: $0) }
        }
        return (hasher.hexDigest, total)
    }
}
