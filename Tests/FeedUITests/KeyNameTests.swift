import FeedUI
import Testing

@Suite struct KeyNameTests {
    @Test(arguments: [
        ("j", Key.character("j")), ("G", .character("G")), ("?", .character("?")), ("é", .character("é")),
        ("space", .character(" ")), (" ", .character(" ")), ("SPACE", .character(" ")),
        ("ctrl-n", .control("n")), ("Ctrl-N", .control("n")), ("C-d", .control("d")), ("^u", .control("u")),
        ("ctrl+f", .control("f")), ("ctrl-i", .tab), ("ctrl-m", .enter), ("ctrl-j", .enter), ("ctrl-h", .backspace),
        ("ctrl-[", .escape), ("up", .up), ("Down", .down), ("left", .left), ("right", .right),
        ("pageup", .pageUp), ("PgUp", .pageUp), ("pagedown", .pageDown), ("pgdn", .pageDown), ("home", .home),
        ("end", .end), ("enter", .enter), ("return", .enter), ("esc", .escape), ("escape", .escape),
        ("backspace", .backspace), ("tab", .tab),
    ])
    func namesParse(name: String, key: Key) {
        #expect(Key(name: name) == key)
    }

    @Test(arguments: ["", "ctrl-", "ctrl-1", "ctrl-nn", "f13", "\u{1B}", "\u{7F}", "\t", "\n", "jk", "page down", "^ab"])
    func badNamesAreRefused(name: String) {
        #expect(Key(name: name) == nil)
    }

    @Test func labelsRoundTripThroughNames() {
        #expect(Key.control("n").label == "^N")
        #expect(Key.character(" ").label == "space")
        #expect(Key.down.label == "↓")
        #expect(Key.pageDown.label == "PgDn")
        for name in ["j", "space", "up", "down", "home", "end", "enter", "esc", "tab", "backspace", "pgup", "pgdn"] {
            let key = Key(name: name)!
            #expect(Key(name: key.label) == key || ["↑", "↓", "BS"].contains(key.label))
        }
    }

    @Test func rebindingReplacesKeysAndLabels() {
        let map = KeyMap.standard.rebinding([.down: [.character("n")]])
        #expect(map.intent(for: .character("n"), in: .list) == .down)
        #expect(map.intent(for: .character("j"), in: .list) == nil)
        #expect(map.intent(for: .down, in: .list) == nil)
        let row = map.bindings.first { $0.intent == .down }!
        #expect(row.label == "n")
        #expect(row.help == "Move down one item")
        #expect(map.bindings.map(\.intent) == KeyMap.standard.bindings.map(\.intent))
    }

    @Test func aStolenKeyLeavesItsOldIntentAndLabel() {
        let map = KeyMap.standard.rebinding([.down: [.character("k")]])
        #expect(map.intent(for: .character("k"), in: .list) == .down)
        #expect(map.intent(for: .up, in: .list) == .up)
        let up = map.bindings.first { $0.intent == .up }!
        #expect(!up.keys.contains(.character("k")))
        #expect(up.label == "↑ ^P")
        let unbound = KeyMap.standard.rebinding([.retry: []])
        #expect(unbound.bindings.first { $0.intent == .retry }!.label == "—")
        #expect(unbound.intent(for: .character("r"), in: .list) == nil)
    }

    @Test func openCopyAndDiscussionHaveKeys() {
        #expect(KeyMap.standard.intent(for: .character("o"), in: .list) == .openLink)
        #expect(KeyMap.standard.intent(for: .character("c"), in: .list) == .discussion)
        #expect(KeyMap.standard.intent(for: .character("y"), in: .list) == .copy)
        #expect(KeyMap.standard.keys(for: .help).first == .character("?"))
    }
}
