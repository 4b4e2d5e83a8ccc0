extension FeedItem {
    /// Whether a link, as the API sent it, holds a character that cleaning would remove or that
    /// no real URL has: a control (C0, DEL, C1), a space or separator of any kind, or a format
    /// character (bidi controls, zero-width spaces and joiners, BOM, tags). Leading and trailing
    /// ASCII whitespace does not count: it changes nothing about where the link goes.
    ///
    /// Such a link is refused, not cleaned: `https://example.com/\u{1B}[31mred` cleaned is
    /// `https://example.com/red`, another link than the one that was sent.
    public static func linkHasHiddenCharacters(_ link: String) -> Bool {
        let scalars = link.unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isOuterWhitespace($0) }),
              let last = scalars.lastIndex(where: { !Self.isOuterWhitespace($0) })
        else { return false }
        return scalars[first...last].contains { s in
            if s.value < 0x21 || (0x7F...0x9F).contains(s.value) { return true }
            switch s.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return s.properties.isWhitespace || s.properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// Whether `link` (the item's `url` or `discussionURL`, as shown) was refused as received
    /// (`linkHasHiddenCharacters`): it may be shown, never opened or copied.
    public func isRefusedLink(_ link: String) -> Bool {
        refusedLinks?.contains(link) ?? false
    }

    private static func isOuterWhitespace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r"
    }
}
