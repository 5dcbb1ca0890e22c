/// Consumes a value so the optimizer cannot delete the work that produced it.
///
/// The runner passes every body's checksum through here; call it yourself for
/// intermediate values whose computation must stay in the timed region. Compiled
/// without optimization, so the call itself is never removed. Cost: one call.
@_optimize(none)
public func blackHole<T>(_ value: T) {}
