import Foundation
import Synchronization

/// The open snapshot streams of a controller. A stream's end (its consumer stopped)
/// may run on any thread, hence the lock.
final class SnapshotStreams: Sendable {
    private let continuations =
        Mutex<[UUID: AsyncStream<FetchedResultsSnapshot>.Continuation]>([:])

    /// Whether any stream is open.
    var isEmpty: Bool { continuations.withLock { $0.isEmpty } }

    /// A new stream, buffering the newest 16 snapshots until consumed.
    func makeStream() -> AsyncStream<FetchedResultsSnapshot> {
        let (stream, continuation) = AsyncStream<FetchedResultsSnapshot>.makeStream(
            bufferingPolicy: .bufferingNewest(16))
        let key = UUID()
        continuations.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: key) }
        }
        return stream
    }

    /// Sends `snapshot` to every open stream.
    func yield(_ snapshot: FetchedResultsSnapshot) {
        for continuation in continuations.withLock({ Array($0.values) }) {
            continuation.yield(snapshot)
        }
    }
}
