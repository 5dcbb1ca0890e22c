import Foundation
import Testing

@testable import DurableFiles

/// Foundation's file errors printed as one line.
@Suite struct ErrorTextTests {
    @Test("a Foundation file error becomes path: reason")
    func cocoa() {
        do {
            try Data().write(to: URL(fileURLWithPath: "/dev/null/x"))
            Issue.record("writing under /dev/null succeeded")
        } catch {
            #expect(ErrorText.describe(error) == "/dev/null/x: Not a directory (ENOTDIR)")
        }
    }

    @Test("errors of our own types print their description")
    func own() {
        #expect(
            ErrorText.describe(FileWriteError(path: "/x", errno: ENOSPC))
                == "cannot write /x: No space left on device (ENOSPC); free some space (or raise the file size limit) and run again"
        )
    }
}
