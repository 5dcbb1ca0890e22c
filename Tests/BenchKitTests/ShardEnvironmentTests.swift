import Testing

@testable import BenchKit

/// `--shard auto`: each CI's variables as its documentation gives them (index base
/// included), and a clear error for every way they can be missing or wrong.
/// GitLab: CI_NODE_INDEX 1-based (docs.gitlab.com, predefined variables); CircleCI:
/// CIRCLE_NODE_INDEX 0-based (circleci.com/docs, environment variables); Buildkite:
/// BUILDKITE_PARALLEL_JOB 0-based (buildkite.com/docs, environment variables);
/// Kubernetes: JOB_COMPLETION_INDEX 0 to completions - 1 (kubernetes.io, Job
/// completion mode).
@Suite struct ShardEnvironmentTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let environment: [String: String]
        let total: Int?
        let expected: Shard
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "GitLab", environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"], total: nil,
            expected: Shard(index: 1, count: 3)),
        Case(
            name: "CircleCI", environment: ["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "3"],
            total: nil, expected: Shard(index: 3, count: 3)),
        Case(
            name: "Buildkite",
            environment: ["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "2"],
            total: nil, expected: Shard(index: 1, count: 2)),
        Case(
            name: "Kubernetes", environment: ["JOB_COMPLETION_INDEX": "3"], total: 4,
            expected: Shard(index: 4, count: 4)),
        Case(
            name: "GitLab with a matching auto/3",
            environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], total: 3,
            expected: Shard(index: 2, count: 3)),
    ]

    @Test("each CI's variables give its shard", arguments: cases)
    func detects(_ entry: Case) throws {
        #expect(
            try ShardEnvironment.shard(from: entry.environment, total: entry.total)
                == entry.expected)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let environment: [String: String]
        let total: Int?
        let message: String
        var testDescription: String { message }
    }

    static let refusals = [
        Refusal(
            environment: [:], total: nil,
            message:
                "--shard auto: no CI shard variables (GitLab CI_NODE_INDEX/CI_NODE_TOTAL, CircleCI CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL, Buildkite BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT, Kubernetes JOB_COMPLETION_INDEX); pass --shard I/N"
        ),
        Refusal(
            environment: ["GITHUB_ACTIONS": "true"], total: nil,
            message:
                "--shard auto: GitHub Actions gives matrix jobs no index; pass it from the matrix: --shard ${{ matrix.shard }}/N (bench plan --shards N prints one)"
        ),
        Refusal(
            environment: ["CI_NODE_TOTAL": "3"], total: nil,
            message:
                "--shard auto: CI_NODE_TOTAL is set but its index variable is not (is the job's parallelism set?)"
        ),
        Refusal(
            environment: ["CI_NODE_INDEX": "1"], total: nil,
            message: "--shard auto: CI_NODE_INDEX is set but CI_NODE_TOTAL is not"),
        Refusal(
            environment: ["CIRCLE_NODE_INDEX": "x", "CIRCLE_NODE_TOTAL": "2"], total: nil,
            message: "--shard auto: CIRCLE_NODE_INDEX='x' is not a whole number (count at least 1)"),
        Refusal(
            environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "0"], total: nil,
            message: "--shard auto: CIRCLE_NODE_TOTAL='0' is not a whole number (count at least 1)"),
        Refusal(
            environment: ["CIRCLE_NODE_INDEX": "2", "CIRCLE_NODE_TOTAL": "2"], total: nil,
            message: "--shard auto: CIRCLE_NODE_INDEX=2 is outside 0...1 for 2 shards"),
        Refusal(
            environment: ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"], total: nil,
            message: "--shard auto: CI_NODE_INDEX=0 is outside 1...2 for 2 shards"),
        Refusal(
            environment: ["JOB_COMPLETION_INDEX": "0"], total: nil,
            message:
                "--shard auto: JOB_COMPLETION_INDEX (Kubernetes) gives no shard count: pass --shard auto/N with N the Job's completions"
        ),
        Refusal(
            environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"], total: 4,
            message: "--shard auto: --shard auto/4 but CI_NODE_TOTAL=3"),
        Refusal(
            environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3", "JOB_COMPLETION_INDEX": "0"],
            total: nil,
            message:
                "--shard auto: variables of several CIs are set (CI_NODE_INDEX (GitLab), JOB_COMPLETION_INDEX (Kubernetes)); pass --shard I/N"
        ),
    ]

    @Test("missing, partial, malformed or contradicting variables are refused", arguments: refusals)
    func refuses(_ entry: Refusal) {
        #expect {
            _ = try ShardEnvironment.shard(from: entry.environment, total: entry.total)
        } throws: { error in
            "\(error)" == entry.message
        }
    }
}
