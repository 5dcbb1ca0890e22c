import ObjectGraph
import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Where an assertion's failure goes: a Swift Testing issue at the caller's line, or
/// a failure of the XCTest case that made the expectation (at the same file and line).
///
/// Cost: none until a failure.
enum FailureReporter: Sendable {
    /// `Issue.record` at the source location.
    case swiftTesting
    #if canImport(XCTest)
        /// The test case's failure, recorded at the source location's file and line.
        case xcTest(XCTestCaseReference)
    #endif

    /// Records `message` as a failure at `location`.
    func record(_ message: String, at location: SourceLocation) {
        switch self {
        case .swiftTesting:
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        #if canImport(XCTest)
            case .xcTest(let reference):
                reference.record(message, file: location.filePath, line: location.line)
        #endif
        }
    }
}

#if canImport(XCTest)
    /// The XCTest case failures are recorded on. XCTest runs a case's test methods
    /// and their failures on one thread, the one an assertion is made on.
    final class XCTestCaseReference: @unchecked Sendable {
        private weak var testCase: XCTestCase?

        init(_ testCase: XCTestCase) {
            self.testCase = testCase
        }

        /// Records a failure of the case at `file`:`line`.
        func record(_ message: String, file: String, line: Int) {
            guard let testCase else { return }
            #if canImport(Darwin)
                let location = XCTSourceCodeLocation(filePath: file, lineNumber: line)
                testCase.record(
                    XCTIssue(
                        type: .assertionFailure, compactDescription: message,
                        sourceCodeContext: XCTSourceCodeContext(location: location)))
            #else
                testCase.recordFailure(
                    withDescription: message, inFile: file, atLine: line, expected: true)
            #endif
        }
    }

    extension XCTestCase {
        /// ``FaultlineTesting/expectQueries(in:_:)`` for an XCTest case: the same
        /// assertions, whose failures are this case's (`XCTFail`-like, at the line of
        /// the assertion). Inside a test method the same spelling calls it.
        ///
        /// ```swift
        /// final class FeedTests: XCTestCase {
        ///     func testFeed() async throws {
        ///         try await expectQueries(in: container) { try loadFeed() }
        ///             .statements(2).noRepeatedStatement()
        ///     }
        /// }
        /// ```
        public func expectQueries(
            in container: PersistentContainer, _ body: () async throws -> Void
        ) async throws -> QueryExpectation {
            let traced = try await FaultlineTesting.expectQueries(in: container, body)
            return QueryExpectation(traced.log, reporter: .xcTest(XCTestCaseReference(self)))
        }

        /// ``FaultlineTesting/expectQueries(inLog:name:)`` for an XCTest case: failures
        /// are this case's.
        public func expectQueries(inLog text: String, name: String = "log") -> QueryExpectation {
            QueryExpectation(
                QueryLog(logText: text, name: name), reporter: .xcTest(XCTestCaseReference(self)))
        }

        /// Assertions over `log` whose failures are this case's.
        public func expectQueries(_ log: QueryLog) -> QueryExpectation {
            QueryExpectation(log, reporter: .xcTest(XCTestCaseReference(self)))
        }
    }
#endif
