/// An article made ready for the terminal reader: its text as blocks (each link's text
/// followed by its number, `[3]`), and the links by number.
///
/// Every string has been through the terminal-escape gate; `links` are checked http(s) addresses.
public struct ArticleText: Sendable, Hashable, Codable {
    /// The page's address after redirects.
    public var url: String
    public var title: String
    /// Byline and site, joined (`Ada Byron · The Loopback Herald`), or empty.
    public var about: String
    public var blocks: [TextBlock]
    /// `links[n - 1]` is link `[n]`.
    public var links: [String]
    /// The pictures' addresses, as the blocks' `picture` indices count them (absolute; checked
    /// again before one is fetched).
    public var pictures: [String]

    public init(url: String, title: String, about: String, blocks: [TextBlock], links: [String], pictures: [String] = []) {
        self.url = url
        self.title = title
        self.about = about
        self.blocks = blocks
        self.links = links
        self.pictures = pictures
    }
}

extension ArticleText {
    /// The article with every string passed through `TextSanitizer` again, for one read back
    /// from the cache (a file on disk is not trusted more than the network). The links stay as
    /// they are: they are checked again where they are opened.
    public func sanitized() -> ArticleText {
        ArticleText(
            url: TextSanitizer.clean(url), title: TextSanitizer.clean(title), about: TextSanitizer.clean(about),
            blocks: blocks.map { block in
                var block = block
                block.lines = block.lines.map(TextSanitizer.cleanKeepingLayout)
                block.marker = block.marker.map(TextSanitizer.cleanKeepingLayout)
                return block
            },
            links: links, pictures: pictures)
    }
}
