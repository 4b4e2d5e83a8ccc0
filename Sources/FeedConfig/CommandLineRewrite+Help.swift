/// Command-line mistakes caught before ArgumentParser reads the arguments, where its own
/// reading would be misleading: a misspelt command read as a Hacker News list, a negative
/// number read as an option.
extension CommandLineRewrite {
    /// Every command `feedscroll` has.
    public static let commands: [String] = SourceCatalog.sources.keys.sorted() + ["feeds", "import", "export", "read", "serve", "lab", "help"]

    /// The lists bare `feedscroll` (the `local` command) takes in first position.
    public static let localLists: Set<String> = ["top", "new", "best", "ask", "show", "job"]

    /// Options whose value is a number, which may be negative on the command line (and then
    /// must reach the option's own range check rather than read as an unknown option).
    static let numericOptions: Set<String> = [
        "--page-size", "--prefetch", "--max-pages", "--live", "--limit", "--timeout", "--items", "--seed",
        "--latency-ms", "--fail-rate", "--port", "--jitter-ms", "--error-rate", "--malformed-rate",
        "--stall-rate", "--drift", "--screen",
    ]

    /// The problem with a first argument that names no command, feed or list, if it is one.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after `--config` was taken out.
    ///   - feeds: the names of the config file's feeds.
    /// - Returns: `unknown command 'lobster' — did you mean lobsters?`, or nil when the first
    ///   argument is an option, a command, a feed, a list of `local` or a web address.
    public static func unknownCommand(_ arguments: [String], feeds: some Collection<String>) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.isEmpty else { return nil }
        if commands.contains(first) || feeds.contains(first) || localLists.contains(first) { return nil }
        if command(opening: first) != nil { return nil }  // a web address: its thread or the reader
        let candidates = commands.filter { $0 != "help" } + feeds.sorted()
        if let closest = closest(to: first, in: candidates) {
            return "unknown command '\(first)' — did you mean \(closest)?"
        }
        return "unknown command '\(first)'; commands: \(commands.filter { $0 != "help" }.joined(separator: ", "))"
    }

    /// `--page-size -3` → `--page-size=-3`, so the option's range check speaks instead of
    /// "Missing value".
    public static func attachNegativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if numericOptions.contains(argument), index + 1 < arguments.count, isNegativeNumber(arguments[index + 1]) {
                result.append("\(argument)=\(arguments[index + 1])")
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    // MARK: - Helpers

    static func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.hasPrefix("-") && Double(text.dropFirst()) != nil
    }

    /// The candidate nearest in edit distance, when it is near enough to be a slip: at most a
    /// third of the word's letters (at least 1, at most 3), or the word is its prefix.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        let allowed = min(3, max(1, lowered.count / 3))
        if best.1 <= allowed { return best.0 }
        return lowered.count >= 3 ? candidates.first { $0.lowercased().hasPrefix(lowered) } : nil
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
