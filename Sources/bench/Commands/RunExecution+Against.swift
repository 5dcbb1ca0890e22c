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
            allowsDatasetChange: options.allowsDatasetChange)
        return (current, gate)
    }
}
