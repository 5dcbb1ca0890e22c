import BenchKit
import Foundation

extension RunExecution {
    /// Finds or builds `reference` (``ReferenceBuild``) and runs the session's plan on
    /// this build and on it, sample by sample; returns this build's outcome and the
    /// gate that judges it (``RunSession/runPaired(_:observer:reference:thresholds:allowsDatasetChange:)``).
    /// - Throws: ``ReferenceBuildError`` when the reference cannot be found or built;
    ///   ``ResultsFileError`` for a malformed thresholds file.
    func runAgainst(_ reference: String, session: RunSession, observer: (any RunObserver)?)
        throws -> (RunOutcome, GateCheck)
    {
        let build = try ReferenceBuild.prepare(reference, stopFlag: stopFlag) { console.err($0) }
        defer { build.remove() }
        let runner = session.pairedRunner(
            current: launcher,
            reference: WorkerLauncher(
                executable: build.executable, arguments: [WorkerSubcommand.name],
                environment: Self.datasetEnvironment(options.datasetDirectory)),
            stopFlag: stopFlag)
        return try session.runPaired(
            runner, observer: observer, reference: build.name, thresholds: options.thresholds,
            allowsDatasetChange: options.allowsDatasetChange)
    }
}
