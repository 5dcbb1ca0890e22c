import Foundation
import Testing

@testable import CoreDataLog

@Suite struct LogLineReaderTests {
    private func lines(_ data: Data, maximum: Int = LogLineReader.maximumLineBytes, chunk: Int = 7)
        throws -> (lines: [LogLine], reader: LogLineReader)
    {
        var offset = 0
        var reader = LogLineReader(maximumLineBytes: maximum) {
            guard offset < data.count else { return nil }
            let end = min(offset + chunk, data.count)
            defer { offset = end }
            return data[offset..<end]
        }
        var lines: [LogLine] = []
        while let line = try reader.next() { lines.append(line) }
        return (lines, reader)
    }

    @Test("CRLF and LF endings, a last line without an ending, lines across chunks")
    func endings() throws {
        let (lines, reader) = try lines(
            Data("CoreData: sql: COMMIT\r\n\nsecond line here\nlast".utf8))
        #expect(lines.map(\.text) == ["CoreData: sql: COMMIT", "", "second line here", "last"])
        #expect(lines.map(\.number) == [1, 2, 3, 4])
        #expect(reader.byteCount == 45)
    }

    @Test("an empty input has no lines")
    func empty() throws {
        #expect(try lines(Data()).lines.isEmpty)
    }

    @Test("bytes that are not UTF-8 become U+FFFD and the line says so")
    func invalidBytes() throws {
        var data = Data("CoreData: sql: SELECT 'caf".utf8)
        data.append(contentsOf: [0xE9, 0x27, 0x0A])  // Latin-1 é, then ' and a newline
        data.append(contentsOf: Array("ok\n".utf8))
        let lines = try lines(data).lines
        #expect(lines[0].hadInvalidBytes)
        #expect(lines[0].text == "CoreData: sql: SELECT 'caf\u{FFFD}'")
        #expect(!lines[1].hadInvalidBytes)
    }

    @Test("a line longer than the limit is cut there and the rest of it skipped")
    func longLines() throws {
        let data = Data((String(repeating: "x", count: 50) + "\nnext\n").utf8)
        let lines = try lines(data, maximum: 16).lines
        #expect(lines.count == 2)
        #expect(lines[0].text == String(repeating: "x", count: 16))
        #expect(lines[0].isCut)
        #expect(lines[1].text == "next" && !lines[1].isCut)
    }

    @Test("NUL bytes are counted for the caller to refuse a binary file")
    func nulBytes() throws {
        let reader = try lines(Data([0x00, 0x01, 0x00, 0x0A, 0x41])).reader
        #expect(reader.nulByteCount == 2)
    }
}
