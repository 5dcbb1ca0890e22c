/// What results record about the host that BenchKit cannot learn itself: the git
/// commit (another program), SQLite's version (BenchKit does not link SQLite) and the
/// command line.
///
/// Cost: data only; the caller gathers the facts once per run.
public struct RunHost: Equatable, Sendable {
    /// `git rev-parse HEAD` of the working directory, when it is a repository.
    public var gitCommit: String?
    /// The SQLite library's version, such as `3.46.1`.
    public var sqliteVersion: String?
    /// The command line, program name first.
    public var commandLine: [String]

    /// Makes a host record.
    public init(gitCommit: String?, sqliteVersion: String?, commandLine: [String]) {
        self.gitCommit = gitCommit
        self.sqliteVersion = sqliteVersion
        self.commandLine = commandLine
    }
}
