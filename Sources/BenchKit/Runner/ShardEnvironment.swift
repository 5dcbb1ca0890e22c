/// `--shard auto`: which shard this CI job is, read from the CI's own variables.
///
/// | CI | index | total | index base |
/// |---|---|---|---|
/// | GitLab `parallel:` | `CI_NODE_INDEX` | `CI_NODE_TOTAL` | 1 |
/// | CircleCI `parallelism:` | `CIRCLE_NODE_INDEX` | `CIRCLE_NODE_TOTAL` | 0 |
/// | Buildkite `parallelism:` | `BUILDKITE_PARALLEL_JOB` | `BUILDKITE_PARALLEL_JOB_COUNT` | 0 |
/// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX` | given: `--shard auto/N` | 0 |
///
/// GitHub Actions has no job index of its own: a matrix passes it explicitly
/// (`--shard ${{ matrix.shard }}/N`). Missing, partial, malformed or contradicting
/// variables are an error naming them, never a silent full run.
///
/// Related: https://docs.gitlab.com/ci/variables/predefined_variables/,
/// https://circleci.com/docs/reference/variables/,
/// https://buildkite.com/docs/pipelines/configure/environment-variables,
/// https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode
public enum ShardEnvironment {
    /// One CI's pair of variables.
    struct Source {
        let name: String
        let index: String
        let total: String?
        let indexBase: Int
    }

    static let sources = [
        Source(name: "GitLab", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", indexBase: 1),
        Source(
            name: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL",
            indexBase: 0),
        Source(
            name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB",
            total: "BUILDKITE_PARALLEL_JOB_COUNT", indexBase: 0),
        Source(name: "Kubernetes", index: "JOB_COMPLETION_INDEX", total: nil, indexBase: 0),
    ]

    /// The shard the variables of `environment` name.
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - total: The shard count written after `auto/`; required for a Kubernetes
    ///     Indexed Job, checked against the CI's own total otherwise.
    /// - Throws: ``ShardEnvironmentError`` naming the variables and what to do.
    public static func shard(from environment: [String: String], total: Int? = nil)
        throws(ShardEnvironmentError) -> Shard
    {
        let found = sources.filter { environment[$0.index] != nil }
        guard let source = found.first else {
            let partial = sources.compactMap(\.total).filter { environment[$0] != nil }
            if !partial.isEmpty {
                throw .incomplete(
                    "\(partial.joined(separator: ", ")) is set but its index "
                        + "variable is not (is the job's parallelism set?)")
            }
            throw environment["GITHUB_ACTIONS"] == "true" ? .gitHubActions : .none
        }
        guard found.count == 1 else {
            throw .ambiguous(found.map { "\($0.index) (\($0.name))" })
        }
        return try shard(source, environment, total: total)
    }

    private static func shard(_ source: Source, _ environment: [String: String], total given: Int?)
        throws(ShardEnvironmentError) -> Shard
    {
        let rawIndex = environment[source.index] ?? ""
        guard let index = Int(rawIndex) else {
            throw .malformed(variable: source.index, value: rawIndex)
        }
        var total = given
        if let name = source.total {
            guard let text = environment[name] else {
                throw .incomplete("\(source.index) is set but \(name) is not")
            }
            guard let count = Int(text), count >= 1 else {
                throw .malformed(variable: name, value: text)
            }
            if let given, given != count {
                throw .contradicting("--shard auto/\(given) but \(name)=\(count)")
            }
            total = count
        }
        guard let total else {
            throw .incomplete(
                "\(source.index) (\(source.name)) gives no shard count: pass --shard auto/N "
                    + "with N the Job's completions")
        }
        let shardIndex = index - source.indexBase + 1
        guard (1...total).contains(shardIndex) else {
            throw .contradicting(
                "\(source.index)=\(index) is outside \(source.indexBase)..."
                    + "\(total - 1 + source.indexBase) for \(total) shards")
        }
        return Shard(index: shardIndex, count: total)
    }
}

/// Why `--shard auto` found no shard.
public enum ShardEnvironmentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No CI variable at all.
    case none
    /// GitHub Actions, which gives matrix jobs no index.
    case gitHubActions
    /// Variables of more than one CI.
    case ambiguous([String])
    /// One variable of a pair, or a count that must be given.
    case incomplete(String)
    /// A value that is not a number (or a count below 1).
    case malformed(variable: String, value: String)
    /// Values that do not fit together.
    case contradicting(String)

    public var description: String {
        let prefix = "--shard auto: "
        switch self {
        case .none:
            return prefix + "no CI shard variables (GitLab CI_NODE_INDEX/CI_NODE_TOTAL, "
                + "CircleCI CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL, Buildkite BUILDKITE_PARALLEL_JOB/"
                + "BUILDKITE_PARALLEL_JOB_COUNT, Kubernetes JOB_COMPLETION_INDEX); pass --shard I/N"
        case .gitHubActions:
            return prefix + "GitHub Actions gives matrix jobs no index; pass it from the "
                + "matrix: --shard ${{ matrix.shard }}/N (bench plan --shards N prints one)"
        case .ambiguous(let names):
            return prefix + "variables of several CIs are set (\(names.joined(separator: ", "))); "
                + "pass --shard I/N"
        case .incomplete(let text): return prefix + text
        case .malformed(let variable, let value):
            return prefix + "\(variable)='\(value)' is not a whole number (count at least 1)"
        case .contradicting(let text): return prefix + text
        }
    }
}
