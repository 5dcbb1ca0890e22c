#if canImport(XCTest) && !canImport(Darwin)
    import FaultlineTesting
    import ObjectGraph
    import Synchronization
    import Testing
    import XCTest

    /// An XCTest case that keeps its failures instead of failing: what
    /// `XCTestCase.expectQueries` reports, and where.
    final class RecordingCase: XCTestCase {
        let failures = Mutex<[(message: String, file: String, line: Int)]>([])

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
            expected: Bool
        ) {
            failures.withLock { $0.append((description, filePath, lineNumber)) }
        }
    }

    /// The XCTest path: the same assertions from an `XCTestCase`, failures recorded on
    /// the case (corelibs-xctest's `recordFailure(withDescription:inFile:atLine:expected:)`,
    /// which `XCTFail` calls) at the assertion's file and line; none as a Swift Testing
    /// issue.
    @Suite struct XCTestPathTests {
        @Test("a failing assertion is the case's failure at its line; a passing one records none")
        func failuresGoToTheCase() async throws {
            let testCase = RecordingCase(name: "testFeed", testClosure: { _ in })
            let log = LogQueriesTests.regionFault + "\n" + LogQueriesTests.regionFault
            let expectation = testCase.expectQueries(inLog: log, name: "region.log")
            expectation.statements(2)
            #expect(testCase.failures.withLock { $0.isEmpty })
            let line = #line + 1
            expectation.statements(1).noRepeatedStatement()
            let failures = testCase.failures.withLock { $0 }
            #expect(failures.map(\.line) == [line, line])
            #expect(failures.allSatisfy { $0.file == #filePath })
            #expect(
                failures.first?.message.hasPrefix(
                    "expected 1 statement, 2 ran\nstatements (SQLDebug region.log):") == true)
            #expect(
                failures.last?.message.hasPrefix(
                    "expected no repeated SELECT statement, 1 ran more than once") == true)

            let container = try Blog.container()
            let context = container.newBackgroundContext()
            let traced = try await testCase.expectQueries(in: container) {
                try ExpectQueriesTests.postsOfOneUser(context)
            }
            traced.statements(2).usesIndex("ZPOST_ZAUTHOR_INDEX")
            #expect(testCase.failures.withLock { $0.count } == 2)
            traced.statements(3)
            #expect(
                testCase.failures.withLock { $0.last?.message }?.hasPrefix(
                    "expected 3 statements, 2 ran\nstatements (the engine trace of the block):")
                    == true)
        }
    }

    /// The same spelling inside an XCTest method, run by XCTest.
    final class FaultlineXCTests: XCTestCase {
        func testLogAssertionsPass() {
            expectQueries(inLog: LogQueriesTests.personFetch).statements(1).noRepeatedStatement()
                .columnsRead(of: "Person", ["age", "firstName", "lastName", "personID"])
        }
    }
#endif
