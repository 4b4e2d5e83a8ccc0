extension KeyMap {
    /// The table with some intents bound to other keys.
    ///
    /// A rebound intent keeps its help text; its label is written from its new keys. A key
    /// taken by a rebound intent is removed from whichever binding held it before, so one key
    /// never triggers two intents, and the help overlay (labels come from the keys) keeps
    /// telling the truth.
    /// - Parameter keys: the new keys of each rebound intent (an empty list unbinds it).
    /// - Returns: the new table, in the same order.
    public func rebinding(_ keys: [Intent: [Key]]) -> KeyMap {
        let taken = Set(keys.values.joined())
        var result = bindings.map { binding -> KeyBinding in
            var binding = binding
            if let newKeys = keys[binding.intent] {
                binding.keys = newKeys
            } else if binding.keys.contains(where: taken.contains) {
                binding.keys.removeAll(where: taken.contains)
            }
            return binding
        }
        // An intent the table did not list yet (none today) still gets its row.
        for intent in Intent.allCases where !result.contains(where: { $0.intent == intent }) {
            guard let newKeys = keys[intent] else { continue }
            result.append(KeyBinding(newKeys, intent, help: intent.rawValue))
        }
        return KeyMap(result)
    }

    /// The keys bound to `intent`, first the one to mention in hints.
    public func keys(for intent: Intent) -> [Key] {
        bindings.first { $0.intent == intent }?.keys ?? []
    }
}
