import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file the tool could not write, with the system's reason in words.
///
/// `description` is one line such as `cannot write Reports/x/results.json: No space
/// left on device (ENOSPC); free some space and run again`.
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or directory) concerned.
    public let path: String
    /// The `errno` value of the failed call.
    public let code: Int32

    /// Makes an error for `path` from an `errno` value.
    public init(path: String, errno code: Int32) {
        self.path = path
        self.code = code
    }

    /// The system's words for ``code`` plus its symbolic name when known: `No space
    /// left on device (ENOSPC)`.
    public var reason: String {
        let words = String(cString: strerror(code))
        return Self.names[code].map { "\(words) (\($0))" } ?? words
    }

    /// `cannot write <path>: <reason>` and, for the errors people can act on, what to do.
    public var description: String {
        "cannot write \(path): \(reason)" + (remedy.map { "; \($0)" } ?? "")
    }

    /// What to do about ``code``, when the system's words do not make it plain.
    public var remedy: String? {
        switch code {
        case ENOSPC, EDQUOT, EFBIG: "free some space (or raise the file size limit) and run again"
        case EACCES, EPERM, EROFS: "make the directory writable or choose another"
        case ENOENT: "create the directory or choose another"
        case ENOTDIR: "a file is where a directory should be: move it or choose another path"
        default: nil
        }
    }

    /// Symbolic names of the errors file writes meet, for messages people search for.
    static let names: [Int32: String] = [
        ENOSPC: "ENOSPC", EACCES: "EACCES", EPERM: "EPERM", EROFS: "EROFS", ENOENT: "ENOENT",
        ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EEXIST: "EEXIST", EDQUOT: "EDQUOT", EIO: "EIO",
        ENOTEMPTY: "ENOTEMPTY", EXDEV: "EXDEV", ENAMETOOLONG: "ENAMETOOLONG", EFBIG: "EFBIG",
    ]
}
