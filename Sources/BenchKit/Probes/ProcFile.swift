#if canImport(Glibc)
    import Glibc
#endif

/// Reads small kernel files such as `/proc/self/status` with plain `read(2)`.
///
/// `/proc` files report a size of 0, which defeats readers that trust `stat`; this
/// reads until end of file instead. Cost: one open and a few reads.
enum ProcFile {
    /// The whole file as UTF-8 text; nil when it cannot be opened.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress, $0.count)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
