/// The command line that opens a link: `$BROWSER` when set, else `xdg-open`.
///
/// `$BROWSER` follows the old convention: a `:`-separated list whose first entry is used, split
/// on spaces into a program and its arguments, with `%s` replaced by the link (or the link
/// appended). No shell ever sees it.
public enum BrowserCommand {
    public static func arguments(opening link: String, environment: [String: String]) -> [String] {
        let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init) ?? ""
        let words = browser.split(separator: " ").map(String.init)
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
