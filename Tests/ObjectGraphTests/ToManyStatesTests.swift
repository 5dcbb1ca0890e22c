import Testing

@testable import ObjectGraph

@Suite struct ToManyStatesTests {
    @Test("the first relationship's state is held inline, others beside it, all found")
    func inlineAndRest() {
        var states = ToManyStates()
        #expect(states.isEmpty)
        #expect(states[2] == nil)
        states.modify(2, default: ToManyState()) { $0.committed = [] }
        states.modify(0, default: ToManyState()) { $0.committed = [] }
        states.modify(5, default: ToManyState()) { $0.order = [] }
        #expect(!states.isEmpty)
        #expect(states.keys.sorted() == [0, 2, 5])
        #expect(states.map(\.key).sorted() == [0, 2, 5])
        #expect(states[2]?.committed == [])
        #expect(states[0]?.committed == [])
        #expect(states[5]?.order == [])
        #expect(states[1] == nil)
    }

    @Test("changes are seen by hasChanges and undone in place by modifyAll")
    func changes() {
        var states = ToManyStates()
        states.modify(3, default: ToManyState()) { $0.committed = [] }
        #expect(!states.hasChanges)
        states.modify(1, default: ToManyState()) { $0.order = [] }
        #expect(states.hasChanges)
        states.modify(3) { $0.order = [] }
        states.modifyAll { $0.discardChanges() }
        #expect(!states.hasChanges)
        var seen: [Int] = []
        states.forEachState { index, state in
            seen.append(index)
            #expect(state.order == nil)
        }
        #expect(seen.sorted() == [1, 3])
        #expect(states[3]?.committed == [])
    }
}
