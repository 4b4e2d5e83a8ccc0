import Foundation

/// A run of inline text: plain, or the text of link number `link`.
public struct Span: Sendable, Hashable {
    public var text: String
    /// The link's number in `MarkupBlocks.links` (1-based), when this run is a link's text.
    public var link: Int?
    /// Inside `<code>`, `<kbd>` or `<samp>`.
    public var isCode: Bool

    public init(_ text: String, link: Int? = nil, isCode: Bool = false) {
        self.text = text
        self.link = link
        self.isCode = isCode
    }
}

/// A link of a page, numbered in the order it first appears (the same address keeps its number).
public struct MarkupLink: Sendable, Hashable, Codable {
    public var n: Int
    public var text: String
    public var url: String

    public init(n: Int, text: String, url: String) {
        self.n = n
        self.text = text
        self.url = url
    }
}

/// A picture of a page: its absolute address and its alternative text.
public struct MarkupPicture: Sendable, Hashable, Codable {
    public var url: String
    public var alt: String

    public init(url: String, alt: String) {
        self.url = url
        self.alt = alt
    }
}

/// One block of a page laid out for reading. Every string in it has been through the
/// terminal-escape gate; inline text has its spaces collapsed, code keeps its own.
public struct MarkupBlock: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// `<h1>`…`<h6>`.
        case heading(level: Int, [Span])
        /// A paragraph; a span whose text is `"\n"` is a hard line break (`<br>`).
        case paragraph([Span])
        /// A list item's own text, after its marker (`•`, `◦`, `3.`); nested lists follow it
        /// as items one level deeper.
        case item(marker: String, [Span])
        /// `<pre>`: lines exactly as written (never re-wrapped).
        case code([String])
        /// A simple table: rows of cells; `header` is true when the first row is `<th>` cells.
        case table(rows: [[[Span]]], header: Bool)
        /// A picture (index into `MarkupBlocks.pictures`) with its caption.
        case figure(picture: Int?, caption: [Span])
        /// `<hr>`.
        case rule
    }

    public var content: Content
    /// List nesting: each level indents two columns.
    public var indent: Int
    /// How many `<blockquote>`s this block is inside.
    public var quoteLevel: Int

    public init(_ content: Content, indent: Int = 0, quoteLevel: Int = 0) {
        self.content = content
        self.indent = indent
        self.quoteLevel = quoteLevel
    }
}

/// A page (or an HTML field) as blocks, with its numbered links and its pictures.
public struct MarkupBlocks: Sendable, Hashable {
    public var blocks: [MarkupBlock]
    public var links: [MarkupLink]
    public var pictures: [MarkupPicture]

    public init(blocks: [MarkupBlock] = [], links: [MarkupLink] = [], pictures: [MarkupPicture] = []) {
        self.blocks = blocks
        self.links = links
        self.pictures = pictures
    }
}

extension Array where Element == Span {
    /// The spans' text run together (a `<br>` is a newline).
    public var plainText: String { map(\.text).joined() }
}
