/// Records a context's changes in groups and undoes or redoes them: Core Data's
/// `NSManagedObjectContext.undoManager` (Foundation's `UndoManager`, whose Linux
/// version is not usable here, specialised to what a context records).
///
/// The view context has one (``PersistentContainer/viewContext``); background contexts
/// have none, as in Core Data, so their changes cost one branch each. A group opens at
/// the first change and closes at the end of the event (the end of a `perform` block,
/// `processPendingChanges()`, the start of `save()`), or explicitly with
/// ``beginUndoGrouping()`` / ``endUndoGrouping()``.
///
/// ```swift
/// post.setValue("Draft", forKey: "title")
/// context.processPendingChanges()         // closes the group
/// context.undoManager?.undo()              // title is back; redo() sets it again
/// ```
///
/// Undo sets the old values through the context, so undoing after `save()` leaves the
/// context with changes to save again.
///
/// Cost: per change, a dictionary lookup (the first change of a property in a group
/// also stores the old value); undo and redo replay the group's values (no SQL, except
/// a fault that must fire).
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506285-undomanager
public final class ContextUndoManager {
    /// At most this many groups are kept (0: no limit); older ones are dropped.
    public var levelsOfUndo = 0
    /// Whether each event's changes form one group on their own.
    public var groupsByEvent = true

    var undoStack: [UndoGroup] = []
    var redoStack: [UndoGroup] = []
    var open: UndoGroup?
    var explicitDepth = 0
    /// What undo and redo record into while they replay.
    var replaying: Replay = .none

    enum Replay { case none, undoing, redoing }

    /// A manager with no actions.
    public init() {}

    /// Whether there is a group to undo.
    public var canUndo: Bool { !undoStack.isEmpty || open?.isEmpty == false }
    /// Whether there is a group to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Opens a group that lasts until the matching ``endUndoGrouping()``; nested
    /// groups join the outermost.
    public func beginUndoGrouping() {
        if explicitDepth == 0 { closeGroup() }
        explicitDepth += 1
    }

    /// Closes the group ``beginUndoGrouping()`` opened.
    public func endUndoGrouping() {
        precondition(explicitDepth > 0, "endUndoGrouping() without beginUndoGrouping()")
        explicitDepth -= 1
        if explicitDepth == 0 { closeGroup() }
    }

    /// How many ``disableUndoRegistration()`` calls are not yet balanced.
    var registrationDisabledCount = 0

    /// Whether changes are recorded: true unless ``disableUndoRegistration()`` was
    /// called more often than ``enableUndoRegistration()`` (Foundation's
    /// `UndoManager.isUndoRegistrationEnabled`).
    public var isUndoRegistrationEnabled: Bool { registrationDisabledCount == 0 }

    /// Stops recording changes until the matching ``enableUndoRegistration()``: changes
    /// made meanwhile (an import, values set up by code) cannot be undone and leave the
    /// redo stack as it was. Calls nest, as Foundation's
    /// `UndoManager.disableUndoRegistration()`. Cost: none; a change while disabled
    /// records nothing.
    public func disableUndoRegistration() {
        registrationDisabledCount += 1
    }

    /// Balances one ``disableUndoRegistration()``; recording resumes when every call is
    /// balanced. A call with nothing to balance does nothing (Foundation raises an
    /// exception there; we do not trap).
    public func enableUndoRegistration() {
        if registrationDisabledCount > 0 { registrationDisabledCount -= 1 }
    }

    /// Forgets every group.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        open = nil
    }

    /// Closes the event's group (called at the end of each event when
    /// ``groupsByEvent`` is on).
    func closeEventGroup() {
        if groupsByEvent && explicitDepth == 0 { closeGroup() }
    }

    private func closeGroup() {
        guard let group = open else { return }
        open = nil
        guard !group.isEmpty else { return }
        switch replaying {
        case .undoing: redoStack.append(group)
        case .redoing, .none:
            undoStack.append(group)
            if levelsOfUndo > 0 && undoStack.count > levelsOfUndo { undoStack.removeFirst() }
        }
    }

    /// The group changes go to now, opened on demand.
    func currentGroup() -> UndoGroup {
        if let open { return open }
        let group = UndoGroup()
        open = group
        return group
    }

    /// Undoes the last group: its changes are reversed through `context`, and what
    /// that changes becomes the group ``redo(in:)`` replays. New changes after an undo
    /// (other than by redo) clear the redo stack.
    public func undo(in context: ManagedObjectContext) {
        closeGroup()
        guard let group = undoStack.popLast() else { return }
        replay(group, in: context, as: .undoing)
    }

    /// Redoes the last undone group.
    public func redo(in context: ManagedObjectContext) {
        closeGroup()
        guard let group = redoStack.popLast() else { return }
        replay(group, in: context, as: .redoing)
    }

    private func replay(_ group: UndoGroup, in context: ManagedObjectContext, as mode: Replay) {
        replaying = mode
        defer {
            closeGroup()
            replaying = .none
        }
        group.reverse(in: context)
    }
}
