#if canImport(Glibc)
    import Glibc
#endif

/// Newline-delimited text over a pair of file descriptors (the worker pipes).
///
/// Plain `read(2)`/`write(2)` rather than `FileHandle`, so a closed pipe is an error
/// value (EOF or EPIPE) instead of a trap. Does not own the descriptors.
/// Cost: one system call per 64 KiB read and per line written.
final class LineChannel {
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next line without its newline; nil at end of input.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// Writes `line` and a newline.
    /// - Throws: ``CaseFailure`` when the other end is gone.
    func writeLine(_ line: String) throws {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                write(output, $0.baseAddress, $0.count)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw CaseFailure("worker pipe closed (errno \(errno))") }
            offset += written
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }
}
