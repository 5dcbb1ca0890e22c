import Foundation

/// A fast 64-bit hash of a file's bytes (FNV-1a style over 8-byte words), to tell a
/// cached store is exactly what was written. Cost: one read of the file, in 1 MiB chunks.
enum FileHash {
    static func of(path: String) throws -> (hash: String, bytes: Int64) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DatasetError.corrupt(path: path, reason: "cannot open the store file")
        }
        defer { try? handle.close() }
        var state: UInt64 = 0xCBF2_9CE4_8422_2325
        var total: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            total += Int64(chunk.count)
            chunk.withUnsafeBytes { buffer in
                let words = buffer.count / 8
                for index in 0..<words {
                    state =
                        (state ^ buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                        &* 0x100_0000_01B3
                }
                for index in (words * 8)..<buffer.count {
                    state = (state ^ UInt64(buffer[index])) &* 0x100_0000_01B3
                }
            }
        }
        let digits = String(state, radix: 16)
        return (String(repeating: "0", count: 16 - digits.count) + digits, total)
    }
}
