/// Keys written as text: how the config file names them and how the help overlay shows them.
extension Key {
    /// Parses a key name as the config file writes it.
    ///
    /// A single character stands for itself (`j`, `G`, `?`); `ctrl-n`, `C-n` and `^n` are Ctrl
    /// plus a letter; named keys (`space`, `up`, `pagedown`, `esc`, …) ignore case.
    /// - Returns: nil when the name is not a key feedscroll can read.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            guard !character.isWhitespace || character == " " else { return nil }
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            {
                return nil
            }
            self = .character(character)
            return
        }
        let lowered = name.lowercased()
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lowered.hasPrefix(prefix) {
            let rest = lowered.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first else { return nil }
            switch letter {
            // The terminal sends these as the same bytes as the named keys.
            case "i": self = .tab
            case "j", "m": self = .enter
            case "h": self = .backspace
            case "[": self = .escape
            case "a"..."z": self = .control(letter)
            default: return nil
            }
            return
        }
        guard let named = Self.named[lowered] else { return nil }
        self = named
    }

    /// How the help overlay writes the key: `j`, `^N`, `↓`, `PgDn`, `space`.
    public var label: String {
        switch self {
        case .character(" "): "space"
        case let .character(character): String(character)
        case let .control(letter): "^" + letter.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "BS"
        case .tab: "Tab"
        case .mouse: "mouse"
        case let .unknown(code): "key \(code)"
        }
    }

    // MARK: - Helpers

    private static let named: [String: Key] = [
        "space": .character(" "), "up": .up, "down": .down, "left": .left, "right": .right,
        "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
        "home": .home, "end": .end, "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "backspace": .backspace, "tab": .tab,
    ]
}
