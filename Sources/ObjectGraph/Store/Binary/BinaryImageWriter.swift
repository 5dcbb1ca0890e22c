import DurableFiles
import Foundation

/// How a binary store puts an image in its file: ``atomic`` everywhere but in tests,
/// which replace it to fail a write part-way (a crash between the temporary file and
/// the rename, a full disk).
package struct BinaryImageWriter: Sendable {
    /// Writes `image` as the file at `url`, so that the file holds the old image or the
    /// new one, never a mix.
    package var write: @Sendable (_ image: Data, _ url: URL) throws -> Void

    /// Makes a writer from a function.
    package init(write: @escaping @Sendable (_ image: Data, _ url: URL) throws -> Void) {
        self.write = write
    }

    /// ``AtomicFile``: a temporary file beside the store, `fsync`, `rename` over the
    /// store, `fsync` of the directory.
    package static let atomic = BinaryImageWriter { image, url in
        try AtomicFile.write(image, to: url)
    }
}
