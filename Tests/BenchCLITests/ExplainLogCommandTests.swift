import Foundation
import TestSupport
import Testing

/// `bench explain-log`: a log explained to the terminal and to a report directory;
/// standard input; and every unusable input an exit 2 with a message naming the file.
@Suite struct ExplainLogCommandTests {
    /// Twelve to-many faults of Post.tags at level 2, with the app's own line between.
    static let log: String = {
        var lines = ["app: opening the tag list"]
        for key in 1...12 {
            lines += [
                "CoreData: sql: SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = ?",
                "CoreData: details: SQLite bind[0] = \(key)",
                "CoreData: annotation: sql connection fetch time: 0.0010s",
                "CoreData: annotation: to-many relationship fault \"tags\" for objectID 0x1 <x-coredata://A/Post/p\(key)> fulfilled from database.  Got 2 rows",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// A model without the log's tables.
    static let otherModel = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
        lastSavedToolsVersion="23788" systemVersion="24D70" minimumToolsVersion="Automatic" \
        sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Invoice" representedClassName="Invoice" syncable="YES">
                <attribute name="total" optional="YES" attributeType="Double" \
        defaultValueString="0.0" usesScalarValueType="YES"/>
            </entity>
        </model>
        """

    private func write(_ name: String, _ data: Data, in directory: TemporaryDirectory) throws
        -> String
    {
        let url = directory.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    @Test("the terminal summary ranks the finding with its fix; --out writes three files")
    func explains() throws {
        let directory = try TemporaryDirectory()
        let path = try write("app.log", Data(Self.log.utf8), in: directory)
        let out = directory.url.appendingPathComponent("report").path
        let (status, text) = BenchToolTests.main("explain-log", path, "--out", out)
        #expect(status == 0, "\(text)")
        #expect(text.contains("49 lines (SQLDebug level 2 as its lines show), 12 statements"))
        #expect(text.contains("1. [n-plus-one, "))
        #expect(text.contains("Core Data: request.relationshipKeyPathsForPrefetching = [\"tags\"]"))
        #expect(text.contains("skipped: 1 line of app output"))
        for file in ["explain.json", "index.html", "summary.md"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file))
        }
    }

    /// github.com/wireapp/wire-ios-data-model/pull/668, as pasted (46 columns shortened):
    /// a level-4 plan header with no `sql:` line before it and no rows after it.
    @Test("a plan header whose statement was not pasted: level 4, and a note says so")
    func planWithoutStatement() throws {
        let directory = try TemporaryDirectory()
        let log = """
            CoreData: annotation: total fetch execution time: 0.0287s for 1 rows.
            CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZTEXT1 FROM ZMESSAGE t0

            """
        let path = try write("wire.log", Data(log.utf8), in: directory)
        let (status, text) = BenchToolTests.main("explain-log", path)
        #expect(status == 0, "\(text)")
        #expect(text.contains("2 lines (SQLDebug level 4 as its lines show), 0 statements"))
        #expect(
            text.contains(
                "1 query plans are of statements the log does not hold (their sql: lines were not pasted)"
            ))
    }

    @Test("--format json prints explain.json to standard output")
    func json() throws {
        let directory = try TemporaryDirectory()
        let path = try write("app.log", Data(Self.log.utf8), in: directory)
        let (status, text) = BenchToolTests.main("explain-log", path, "--format", "json")
        #expect(status == 0)
        #expect(text.hasPrefix("{") && text.contains("\"generator\" : \"bench explain-log\""))
    }

    @Test("- reads standard input (the built binary, fed through a pipe)")
    func standardInput() throws {
        let process = Process()
        process.executableURL = try BenchBinaryTests.binary()
        process.arguments = ["explain-log", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(Self.log.utf8))
        try input.fileHandleForWriting.close()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try BenchBinaryTests.waitBounded(process, limit: 600, what: "explain-log -")
        #expect(process.terminationStatus == 0)
        #expect(text.hasPrefix("-: 49 lines"))
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let expected: String
        var files: [String: Data] = [:]
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(
            name: "empty file", arguments: ["{dir}/empty.log"],
            expected:
                "error: {dir}/empty.log: the file is empty; capture the console with -com.apple.CoreData.SQLDebug 1 (docs/EXPLAIN-LOG.md)",
            files: ["empty.log": Data()]),
        Bad(
            name: "binary file", arguments: ["{dir}/store.sqlite"],
            expected:
                "error: {dir}/store.sqlite: this is not a text log (3 NUL bytes); give the console text as UTF-8 (a UTF-16 file has NUL bytes too)",
            files: ["store.sqlite": Data([0x53, 0x51, 0x00, 0x00, 0x01, 0x00, 0x0A])]),
        Bad(
            name: "no Core Data line", arguments: ["{dir}/app.log"],
            expected:
                "error: {dir}/app.log: no Core Data line in 2 lines; run the app with -com.apple.CoreData.SQLDebug 1 (up to 4) and copy the console (docs/EXPLAIN-LOG.md)",
            files: ["app.log": Data("launched\nready\n".utf8)]),
        Bad(
            name: "missing file", arguments: ["{dir}/missing.log"],
            expected:
                "error: {dir}/missing.log: cannot read the log: No such file or directory (ENOENT)"),
        Bad(
            name: "a directory", arguments: ["{dir}/logs"],
            expected: "error: {dir}/logs: cannot read the log: it is a directory",
            files: ["logs/keep": Data()]),
        Bad(
            name: "a model without the log's tables",
            arguments: ["{dir}/app.log", "--model", "{dir}/Other.xcdatamodel/contents"],
            expected:
                "error: --model {dir}/Other.xcdatamodel/contents: none of the log's tables (ZTAG) is in the model (ZINVOICE); give the app's own model, or its version with --model-version",
            files: ["app.log": Data(log.utf8), "Other.xcdatamodel/contents": Data(otherModel.utf8)]),
        Bad(
            name: "replay without a model", arguments: ["{dir}/app.log", "--replay"],
            expected:
                "error: --replay needs --model: the replay generates a store from the app's model"),
        Bad(
            name: "sizes without replay", arguments: ["{dir}/app.log", "--sizes", "10k"],
            expected: "error: --sizes needs --replay"),
        Bad(
            name: "unknown format", arguments: ["{dir}/app.log", "--format", "pdf"],
            expected: "error: invalid value 'pdf' for --format: expected one of text, json, html"),
        Bad(
            name: "no log", arguments: [],
            expected: "error: explain-log needs at least one LOG (or - for standard input)"),
    ]

    @Test("unusable input: exit 2 and a message naming the file and what to do", arguments: bad)
    func refuses(_ entry: Bad) throws {
        let directory = try TemporaryDirectory()
        for (name, data) in entry.files { _ = try write(name, data, in: directory) }
        let arguments = entry.arguments.map {
            $0.replacingOccurrences(of: "{dir}", with: directory.url.path)
        }
        let (status, text) = BenchToolTests.main(["explain-log"] + arguments)
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(status == 2)
        #expect(first == entry.expected.replacingOccurrences(of: "{dir}", with: directory.url.path))
    }
}
