/// A connection's write-ahead-log activity since it opened: commits appended to the
/// WAL and the automatic checkpoints that copied it back into the database file.
///
/// Frames written are SQLite's own page-write counter in WAL mode
/// (``PageCacheStatus/writes``: each dirty page a commit writes is one WAL frame), so
/// they are not repeated here. Counters only grow; a caller takes the difference of
/// two readings. Cost: four integers.
///
/// Related: https://www.sqlite.org/c3ref/wal_hook.html
public struct WALStatus: Hashable, Sendable {
    /// Transactions committed into the WAL by this connection.
    public var commits: Int64
    /// Automatic checkpoints this connection ran after its commits (passive, at the
    /// `wal_autocheckpoint` threshold, as SQLite's own hook does).
    public var checkpoints: Int64
    /// Frames those checkpoints copied into the database file.
    public var checkpointedFrames: Int64
    /// Frames in the WAL after this connection's last commit.
    public var framesInLog: Int64

    /// Makes a status.
    public init(commits: Int64, checkpoints: Int64, checkpointedFrames: Int64, framesInLog: Int64) {
        self.commits = commits
        self.checkpoints = checkpoints
        self.checkpointedFrames = checkpointedFrames
        self.framesInLog = framesInLog
    }
}
