import Foundation

/// Reads a log line by line in bounded memory, from a file, standard input or bytes.
///
/// Lines end in `\n`; a `\r` before it (a Windows paste) is dropped. A line longer than
/// ``maximumLineBytes`` is cut there and the rest of it skipped, so one endless line
/// (a binary file, a dump of row values) cannot exhaust memory. Bytes that are not
/// UTF-8 become U+FFFD and the line says so. NUL bytes are counted: a log with many is
/// a binary file, which the caller can refuse.
///
/// ```swift
/// var reader = LogLineReader(handle: try FileHandle(forReadingFrom: url))
/// while let line = try reader.next() { parser.consume(line) }
/// ```
///
/// Cost: one pass; memory is one read chunk (64 KiB) plus the longest line kept.
public struct LogLineReader {
    /// The longest line kept whole, in bytes (1 MiB).
    public static let maximumLineBytes = 1 << 20
    /// Bytes asked for per read.
    static let chunkBytes = 1 << 16

    private let readChunk: () throws -> Data?
    private var buffer: [UInt8] = []
    private var start = 0
    private var isAtEnd = false
    private var lineNumber = 0
    private let maximumLineBytes: Int
    /// Bytes read so far.
    public private(set) var byteCount = 0
    /// NUL bytes read so far: text logs have none.
    public private(set) var nulByteCount = 0

    /// Reads from `handle` (a file or standard input) until its end.
    public init(handle: FileHandle) {
        self.init(maximumLineBytes: Self.maximumLineBytes) {
            try handle.read(upToCount: Self.chunkBytes)
        }
    }

    /// Reads the lines of `data`.
    public init(data: Data) {
        var offset = data.startIndex
        self.init(maximumLineBytes: Self.maximumLineBytes) {
            guard offset < data.endIndex else { return nil }
            let end = min(offset + Self.chunkBytes, data.endIndex)
            defer { offset = end }
            return data[offset..<end]
        }
    }

    /// Reads from `readChunk` (nil or empty at the end), keeping lines of at most
    /// `maximumLineBytes`; for tests of long lines.
    init(maximumLineBytes: Int, readChunk: @escaping () throws -> Data?) {
        precondition(maximumLineBytes > 0, "a line must keep at least one byte")
        self.maximumLineBytes = maximumLineBytes
        self.readChunk = readChunk
    }

    /// The next line, or nil at the end of the input.
    /// - Throws: What reading the handle throws (an I/O error).
    public mutating func next() throws -> LogLine? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = makeLine(buffer[start..<newline], isCut: false)
                start = newline + 1
                return line
            }
            if buffer.count - start > maximumLineBytes {
                let line = makeLine(buffer[start..<start + maximumLineBytes], isCut: true)
                try skipRestOfLine()
                return line
            }
            if isAtEnd {
                guard start < buffer.count else { return nil }
                let line = makeLine(buffer[start...], isCut: false)
                start = buffer.count
                return line
            }
            try fill()
        }
    }

    /// Appends the next chunk, dropping what was consumed.
    private mutating func fill() throws {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        guard let chunk = try readChunk(), !chunk.isEmpty else {
            isAtEnd = true
            return
        }
        byteCount += chunk.count
        nulByteCount += chunk.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        buffer.append(contentsOf: chunk)
    }

    /// Drops bytes up to and including the next newline.
    private mutating func skipRestOfLine() throws {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                start = newline + 1
                return
            }
            start = buffer.count
            if isAtEnd { return }
            try fill()
        }
    }

    private mutating func makeLine(_ bytes: ArraySlice<UInt8>, isCut: Bool) -> LogLine {
        lineNumber += 1
        let content = !isCut && bytes.last == 0x0D ? bytes.dropLast() : bytes
        if let text = String(validating: content, as: UTF8.self) {
            return LogLine(number: lineNumber, text: text, isCut: isCut)
        }
        return LogLine(
            number: lineNumber, text: String(decoding: content, as: UTF8.self), isCut: isCut,
            hadInvalidBytes: true)
    }
}
