extension ManagedObject {
    /// Notes a read of `property` (an attribute index, or the attribute count plus a
    /// relationship index) for the context's ``ProjectionAudit``, when a trace sink
    /// wants one: the audit's one hook on the property-read path.
    ///
    /// Cost: one branch on the context's audit when there is none.
    @inline(__always)
    func noteAuditedRead(_ property: Int) {
        guard let audit = unchecked.withContext({ $0.projectionAudit }) ?? nil else { return }
        audit.noteRead(objectID, property: property)
    }
}
