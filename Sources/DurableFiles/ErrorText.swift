import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One line for any error the tool prints: Foundation's file errors become
/// `<path>: <reason>` instead of an `NSCocoaErrorDomain … UserInfo={…}` dump.
///
/// Errors of our own types print their `description` unchanged. Cost: string work.
public enum ErrorText {
    /// The line to print for `error`.
    public static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError { return cocoa(error) }
        if let error = error as? POSIXError { return words(error.code.rawValue) }
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain {
            return cocoa(
                CocoaError(CocoaError.Code(rawValue: bridged.code), userInfo: bridged.userInfo))
        }
        if bridged.domain == NSPOSIXErrorDomain { return words(Int32(bridged.code)) }
        return String(describing: error)
    }

    private static func cocoa(_ error: CocoaError) -> String {
        let path =
            error.filePath ?? error.userInfo[NSFilePathErrorKey] as? String
            ?? error.url?.path
        let reason = reason(for: error)
        return path.map { "\($0): \(reason)" } ?? reason
    }

    private static func reason(for error: CocoaError) -> String {
        if let posix = error.userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return words(posix.code.rawValue)
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return words(Int32(underlying.code))
        }
        let known: [CocoaError.Code: Int32] = [
            .fileNoSuchFile: ENOENT, .fileReadNoSuchFile: ENOENT, .fileReadNoPermission: EACCES,
            .fileWriteNoPermission: EACCES, .fileWriteOutOfSpace: ENOSPC,
            .fileWriteVolumeReadOnly: EROFS, .fileWriteFileExists: EEXIST,
        ]
        if let code = known[error.code] { return words(code) }
        switch error.code {
        case .fileReadCorruptFile: return "the file cannot be read (corrupt or not text)"
        case .fileReadTooLarge: return "the file is too large to read"
        case .fileReadInapplicableStringEncoding: return "the file is not UTF-8 text"
        default: return "file system error (Cocoa code \(error.code.rawValue))"
        }
    }

    private static func words(_ code: Int32) -> String {
        FileWriteError(path: "", errno: code).reason
    }
}
