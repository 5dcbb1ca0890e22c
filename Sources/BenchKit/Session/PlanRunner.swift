/// What a ``RunSession`` runs its plan with: the ``Runner`` in `bench`, a fake with
/// made-up outcomes in tests, so the session's policy (what to rerun, how to gate) is
/// tested without processes.
public protocol PlanRunner {
    /// Runs every case of `plan`, reporting progress to `observer`, if any.
    func run(_ plan: RunPlan, observer: (any RunObserver)?) -> RunOutcome
}

/// What a ``RunSession`` runs a same-machine A/B comparison with: the ``PairedRunner``
/// in `bench`, a fake in tests.
public protocol PairedPlanRunner {
    /// Runs every case of `plan` on both builds, reporting progress to `observer`.
    func run(_ plan: RunPlan, observer: (any RunObserver)?) -> (
        current: RunOutcome, reference: RunOutcome
    )
}
