extension KeyMap {
    /// The table with some intents bound to other keys.
    ///
    /// A rebound intent keeps its help text and gets a label written from its new keys. A key
    /// taken by a rebound intent is removed from whichever binding held it before, so one key
    /// never triggers two intents; that binding's label is rewritten too, so the help overlay
    /// keeps telling the truth.
    /// - Parameter keys: the new keys of each rebound intent (an empty list unbinds it).
    /// - Returns: the new table, in the same order.
    public func rebinding(_ keys: [Intent: [Key]]) -> KeyMap {
        let taken = Set(keys.values.joined())
        var result = bindings.map { binding -> KeyBinding in
            var binding = binding
            if let newKeys = keys[binding.intent] {
                binding.keys = newKeys
                binding.label = Self.label(for: newKeys)
            } else if binding.keys.contains(where: taken.contains) {
                binding.keys.removeAll(where: taken.contains)
                binding.label = Self.label(for: binding.keys)
            }
            return binding
        }
        // An intent the table did not list yet (none today) still gets its row.
        for intent in Intent.allCases where !result.contains(where: { $0.intent == intent }) {
            guard let newKeys = keys[intent] else { continue }
            result.append(KeyBinding(newKeys, intent, label: Self.label(for: newKeys), help: intent.rawValue))
        }
        return KeyMap(result)
    }

    /// The keys bound to `intent`, first the one to mention in hints.
    public func keys(for intent: Intent) -> [Key] {
        bindings.first { $0.intent == intent }?.keys ?? []
    }

    /// A help label for keys: the first three, e.g. `j ↓ ^N`; `—` when none is left.
    static func label(for keys: [Key]) -> String {
        keys.isEmpty ? "—" : keys.prefix(3).map(\.label).joined(separator: " ")
    }
}
