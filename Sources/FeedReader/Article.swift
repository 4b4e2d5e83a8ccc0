import FeedMarkup
import Foundation

/// An article read out of a page: what `feedscroll read` prints and the reader draws.
public struct Article: Sendable, Hashable {
    /// The page's address after redirects.
    public var url: String?
    public var title: String
    public var byline: String?
    public var site: String?
    /// When it was published, when the page says so.
    public var published: Date?
    public var lang: String?
    public var excerpt: String?
    /// The article laid out as blocks, with its numbered links and pictures.
    public var markup: MarkupBlocks
    /// Plain text: blocks separated by a blank line, list items and headings on their own lines.
    public var text: String

    public init(
        url: String?, title: String, byline: String?, site: String?, published: Date?, lang: String?, excerpt: String?,
        markup: MarkupBlocks
    ) {
        self.url = url
        self.title = title
        self.byline = byline
        self.site = site
        self.published = published
        self.lang = lang
        self.excerpt = excerpt
        self.markup = markup
        self.text = MarkupText.plain(markup.blocks)
    }
}
