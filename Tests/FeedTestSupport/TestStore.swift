import FeedUI
import Testing

/// Drives `AppState.reduce` the way TCA's `TestStore` drives a reducer: each `send` names the
/// action, the exact effects it must ask for (in order), and how the state must change; anything
/// else that changed, or any effect not named, fails the test at the `send`.
///
/// The state change is written as a mutation of the state before the action (tests that set
/// internal properties `@testable import FeedUI`), and compared whole: `AppState` is
/// `Equatable`, so a transition that touches one more property than the test says is caught.
public struct TestStore {
    /// The state after the last action.
    public private(set) var state: AppState

    public init(_ state: AppState) {
        self.state = state
    }

    /// Reduces `action` and checks its effects and the whole new state.
    /// - Parameters:
    ///   - action: what happened.
    ///   - effects: exactly what `reduce` must ask for, in order.
    ///   - update: the expected change, applied to the state before the action.
    public mutating func send(
        _ action: AppAction, effects expected: [AppEffect] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout AppState) throws -> Void = { _ in }
    ) rethrows {
        var wanted = state
        try update(&wanted)
        let effects = state.reduce(action)
        #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
        if state != wanted {
            let differing = Self.differences(state, wanted)
            Issue.record(
                "state after \(action) differs in: \(differing.joined(separator: ", "))", sourceLocation: sourceLocation)
        }
    }

    /// Reduces `action` without checking the state, for steps a test only sets up with.
    /// - Returns: the effects, for the test to carry out or check.
    public mutating func skip(_ action: AppAction) -> [AppEffect] {
        state.reduce(action)
    }

    /// The stored properties whose values differ, by name: what a failing `send` reports.
    static func differences(_ actual: AppState, _ wanted: AppState) -> [String] {
        let left = Mirror(reflecting: actual).children
        let right = Array(Mirror(reflecting: wanted).children)
        var names: [String] = []
        for (index, child) in left.enumerated() where index < right.count {
            let shown = String(describing: child.value)
            let expected = String(describing: right[index].value)
            if shown != expected {
                names.append("\(child.label ?? "#\(index)") (is \(shown.prefix(300)), expected \(expected.prefix(300)))")
            }
        }
        return names.isEmpty ? ["a value that prints the same"] : names
    }
}
