/// The command line that opens a link, and whether it needs the terminal.
///
/// The browser is the config's `browser` when set, else `$BROWSER`, else `xdg-open`. Both follow
/// the old `$BROWSER` convention: a `:`-separated list whose first entry is used, split on
/// spaces into a program and its arguments, with `%s` replaced by the link (or the link
/// appended). No shell ever sees it.
///
/// A terminal browser (w3m, lynx, elinks, links, …, or any program when the config says
/// `browser_terminal = true`) gets the terminal: curses steps aside while it runs, as newsboat
/// and mutt do. Anything else is started detached, with no terminal to draw on.
public enum BrowserCommand {
    /// How to open a link.
    public struct Launch: Equatable, Sendable {
        /// The program and its arguments, the link among them.
        public var arguments: [String]
        /// Whether the program runs on the terminal (and feedscroll waits for it).
        public var needsTerminal: Bool
    }

    /// Programs that run on the terminal they are started from. `www-browser` is Debian's
    /// alternative for text-mode browsers (`x-www-browser` is the graphical one).
    public static let terminalPrograms: Set<String> = [
        "w3m", "lynx", "elinks", "links", "links2", "browsh", "carbonyl", "cha", "www-browser",
    ]

    /// - Parameters:
    ///   - configured: the config's `browser`, which wins over `$BROWSER`.
    ///   - terminal: the config's `browser_terminal`; nil decides by the program's name.
    public static func launch(
        opening link: String, environment: [String: String], configured: String? = nil, terminal: Bool? = nil
    ) -> Launch {
        let arguments = arguments(opening: link, browser: configured ?? environment["BROWSER"] ?? "")
        let program = arguments[0].split(separator: "/").last.map(String.init) ?? arguments[0]
        return Launch(arguments: arguments, needsTerminal: terminal ?? terminalPrograms.contains(program))
    }

    public static func arguments(opening link: String, environment: [String: String]) -> [String] {
        arguments(opening: link, browser: environment["BROWSER"] ?? "")
    }

    static func arguments(opening link: String, browser: String) -> [String] {
        let first = browser.split(separator: ":").first.map(String.init) ?? ""
        let words = first.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return ["xdg-open", link] }
        if words.contains(where: { $0.contains("%s") }) {
            return words.map { $0.replacingOccurrences(of: "%s", with: link) }
        }
        return words + [link]
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
