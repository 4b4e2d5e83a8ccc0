/// One feed of a subscription list: from the config's `[[subscriptions]]`, an imported OPML
/// file, or written out by `feedscroll export`.
public struct Subscription: Sendable, Equatable, Hashable {
    /// The feed's URL (absolute http or https).
    public var url: String
    /// The name the list gives it, when it gives one.
    public var name: String?
    /// Tags: the folders it is filed under (outermost first) and its OPML `category` values.
    public var tags: [String]

    public init(url: String, name: String? = nil, tags: [String] = []) {
        self.url = url
        self.name = name
        self.tags = tags
    }
}

extension Subscription {
    /// Whether `text` is an address a subscription may have: absolute http or https with a host.
    public static func isFeedURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon].lowercased()
        let rest = text[colon...].dropFirst()
        guard scheme == "http" || scheme == "https", rest.hasPrefix("//") else { return false }
        let host = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !host.isEmpty && !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
    }

    /// The name to show: the list's, else the URL.
    public var title: String { name ?? url }
}
