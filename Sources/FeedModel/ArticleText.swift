/// An article made ready for the terminal reader: its text as blocks (each link's text
/// followed by its number, `[3]`), and the links by number.
///
/// Every string has been through the terminal-escape gate; `links` are checked http(s) addresses.
public struct ArticleText: Sendable, Hashable {
    /// The page's address after redirects.
    public var url: String
    public var title: String
    /// Byline and site, joined (`Ada Byron · The Loopback Herald`), or empty.
    public var about: String
    public var blocks: [TextBlock]
    /// `links[n - 1]` is link `[n]`.
    public var links: [String]

    public init(url: String, title: String, about: String, blocks: [TextBlock], links: [String]) {
        self.url = url
        self.title = title
        self.about = about
        self.blocks = blocks
        self.links = links
    }
}
