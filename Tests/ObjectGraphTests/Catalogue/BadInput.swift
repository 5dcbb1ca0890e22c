import Foundation
import TestSupport
import Testing

/// One entry of the catalogue of bad inputs (part 5 of the reliability issue): what is
/// tried, in a fresh temporary directory, and the exact error text it must give.
/// `{dir}` in the expected text stands for that directory.
struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: String
    let attempt: @Sendable (URL) throws -> Void

    init(_ name: String, _ expected: String, _ attempt: @escaping @Sendable (URL) throws -> Void) {
        self.name = name
        self.expected = expected
        self.attempt = attempt
    }

    var testDescription: String { name }

    /// Runs the attempt and checks it fails with exactly the expected text.
    func check() throws {
        let directory = try TemporaryDirectory()
        do {
            try attempt(directory.url)
            Issue.record("\(name): accepted")
        } catch {
            #expect(
                "\(error)" == expected.replacingOccurrences(of: "{dir}", with: directory.url.path),
                "\(name)")
        }
    }
}
