import BenchKit
import Foundation

extension RunExecution {
    /// Runs `plan` on this build and on the build of `reference`, sample by sample
    /// (``PairedRunner``); returns this build's outcome and the reference's results as
    /// the gate to judge it by, with the samples kept so the Mann-Whitney test applies.
    /// - Throws: ``ReferenceBuildError`` when the reference cannot be found or built;
    ///   ``ResultsFileError`` for a malformed thresholds file.
    func runAgainst(_ reference: String, plan: RunPlan, observer: (any RunObserver)?) throws
        -> (RunOutcome, GateCheck)
    {
        let build = try ReferenceBuild.prepare(reference) { console.err($0) }
        defer { build.remove() }
        let started = Date()
        let runner = PairedRunner(
            limits: options.limits, seed: options.seed, current: launcher,
            reference: WorkerLauncher(
                executable: build.executable, arguments: [WorkerSubcommand.name]),
            stopFlag: stopFlag, observer: observer)
        let (current, other) = runner.run(plan)
        var results = assemble(other, started: started)
        results.label = "against \(build.name)"
        results.gitCommit = nil
        let gate = try GateCheck(
            reference: results, name: "against \(build.name)", thresholds: options.thresholds,
            allowsDatasetChange: options.allowsDatasetChange, defaults: Self.againstDefaults)
        return (current, gate)
    }

    /// Without a thresholds file, CPU times are reported, not gated: Linux samples
    /// user and system time at the timer tick and splits a process's run time between
    /// them by its whole life's ratio, so a sub-millisecond body's `cpuUser` delta
    /// depends on how the worker started (in A/A runs against the same build through a
    /// wrapper, 4 of 10 runs failed on `cpuUser`, P(current>baseline) about 0.7, none
    /// on `wallTime`).
    static let againstDefaults = GateThresholds(
        metrics: [
            Metric.cpuUser.name: GateRule(gate: false),
            Metric.cpuSystem.name: GateRule(gate: false),
        ])
}
