import FeedModel

/// Which links feedscroll hands to a browser: http and https only, well formed, no controls or
/// spaces (checked on the link as received: see `FeedItem.refusedLinks`).
public enum LinkCheck {
    /// Why a link was refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// Another scheme (`javascript:`, `file:`, …), or none.
        case scheme(String)
        /// No host, or too long.
        case malformed
        /// A control, space or invisible format character inside the link, as received
        /// (`FeedItem.linkHasHiddenCharacters`): cleaning it would make another link.
        case hiddenCharacters
    }

    /// The longest link handed on: far beyond real URLs, short of any argv limit.
    public static let maximumLength = 8192

    /// Checks `link` and returns it trimmed of surrounding whitespace.
    ///
    /// - Throws: `Refusal` for anything but an absolute http(s) URL with a host.
    public static func validate(_ link: String) throws(Refusal) -> String {
        let trimmed = link.trimmingCharacters(in: " \t\n\r")
        guard let colon = trimmed.firstIndex(of: ":") else { throw .scheme("") }
        let scheme = trimmed[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            let shown = scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } ? scheme : "?"
            throw .scheme(String(shown.prefix(20)))
        }
        guard !FeedItem.linkHasHiddenCharacters(trimmed) else { throw .hiddenCharacters }
        guard trimmed.utf8.count <= maximumLength else { throw .malformed }
        let rest = trimmed[trimmed.index(after: colon)...]
        guard rest.hasPrefix("//") else { throw .malformed }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !host.isEmpty, !host.hasPrefix(":") else { throw .malformed }
        return trimmed
    }

    /// The status-line message for a refusal.
    public static func message(for refusal: Refusal) -> String {
        switch refusal {
        case .scheme(""): "not opened: the link has no scheme (only http and https links open)"
        case let .scheme(scheme): "not opened: \(scheme): links are refused (only http and https open)"
        case .malformed: "not opened: the link is malformed"
        case .hiddenCharacters: "not opened: the link came with control or space characters in it"
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
