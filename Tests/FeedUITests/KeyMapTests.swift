import FeedUI
import Testing

@Suite struct KeyMapTests {
    @Test func noKeyIsBoundTwiceInOneContext() {
        let conflicts = KeyMap.standard.conflicts.map { "\($0.key.label) in \($0.context): \($0.intents)" }
        #expect(conflicts == [])
    }

    @Test func aKeyInTwoRowsOfOneContextIsAConflict() {
        let map = KeyMap([
            KeyBinding([.escape, .character("h")], .back, help: "back"),
            KeyBinding([.escape], .clearSearch, help: "clear", in: [.list]),
            KeyBinding([.character("h")], .help, help: "help", in: [.detail]),
        ])
        let found = map.conflicts.map { "\($0.key.label) \($0.context.rawValue) \($0.intents.map(\.rawValue))" }
        #expect(found == [#"Esc list ["back", "clearSearch"]"#, #"h detail ["back", "help"]"#])
    }

    @Test func rebindingKeepsEveryContextFreeOfConflicts() {
        let rebound = KeyMap.standard.rebinding([.clearSearch: [.character("x")], .back: [.escape, .character("q")], .quit: [.character("Q")]])
        #expect(rebound.conflicts.isEmpty)
        #expect(rebound.intent(for: .escape, in: .detail) == .back)
        #expect(rebound.intent(for: .escape, in: .list) == nil)
        #expect(rebound.intent(for: .character("x"), in: .list) == .clearSearch)
    }

    @Test func escClearsTheSearchInTheListAndGoesBackFromADetail() {
        #expect(KeyMap.standard.intent(for: .escape, in: .list) == .clearSearch)
        #expect(KeyMap.standard.intent(for: .escape, in: .detail) == .back)
        #expect(KeyMap.standard.intent(for: .character("h"), in: .detail) == .back)
        #expect(KeyMap.standard.intent(for: .character("j"), in: .list) == .down)
        #expect(KeyMap.standard.intent(for: .character("j"), in: .detail) == .down)
    }
}
