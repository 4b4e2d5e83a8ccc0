extension KeyMap {
    /// The key table as `docs/KEYS.md` shows it: every row of the table in its order, the keys
    /// bound, the name `[keys]` in the config file uses, where it applies and its help text.
    ///
    /// The document is generated from the same table the reducer reads, so it cannot leave a
    /// working key out; `KeyTableDocumentTests` fails when the committed file is stale.
    public var markdown: String {
        var lines = [
            "# Keys",
            "",
            "<!-- Generated from KeyMap.standard (Sources/FeedUI/KeyMap.swift) by `make docs`; do not edit by hand. -->",
            "",
            "The keys of less and vim. `?` in feedscroll shows the same table with the keys in force;",
            "every binding can be changed in the config file's `[keys]` table by the name in the second",
            "column (see [CONFIG.md](CONFIG.md)).",
            "",
            "| Keys | `[keys]` name | Where | Does |",
            "|---|---|---|---|",
        ]
        for binding in bindings {
            let keys = binding.keys.isEmpty ? "—" : binding.keys.map { "`\(Self.cell($0.label))`" }.joined(separator: " ")
            let contexts = KeyContext.allCases.filter(binding.contexts.contains)
            let place = contexts.count == KeyContext.allCases.count ? "everywhere" : contexts.map(\.rawValue).joined(separator: ", ")
            lines.append("| \(keys) | `\(binding.intent.rawValue)` | \(place) | \(Self.cell(binding.help)) |")
        }
        lines += [
            "",
            "Digits typed in the list start a count for `:` (`42g` goes to item 42, `50%` halfway). The",
            "mouse wheel scrolls three items and a click selects. Over the help, the movement keys scroll",
            "it and any other key closes it, `q` too (as in less, htop and newsboat); `^C` quits.",
            "",
            "On a feed entry with an audio or video enclosure (a podcast's episode), `o` opens the",
            "episode's address, as podcast readers do; the entry's page stays reachable: `a` reads it",
            "(and `o` in the reader opens it in the browser), `y` copies it ([FEEDS.md](FEEDS.md)).",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// Text for one table cell: a `|` would end it.
    private static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
