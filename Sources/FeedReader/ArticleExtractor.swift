import FeedMarkup
import FeedModel
import Foundation

/// Finds the article in a page: Readability's method, written for the project's `HTMLNode`
/// tree (see THREADS-AND-FEEDS.md part 3 for the steps and their numbers).
///
/// Boilerplate is removed by class, id and role; paragraphs are scored by length and commas and
/// their scores flow to parents and grandparents, weighted by class and id and discounted by link
/// density; the best candidate takes its worthy siblings along; the result is cleaned of
/// link-heavy and form-like blocks. When that leaves under `minimumLength` characters, or no
/// paragraph of prose (`hasProse`), the page is read again with the rules relaxed one by one, and
/// the longest attempt with prose wins (the longest of all when none has any).
public struct ArticleExtractor: Sendable {
    /// The rules that a too-short result switches off, in this order.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let stripUnlikely = Flags(rawValue: 1)
        public static let weightClasses = Flags(rawValue: 2)
        public static let cleanConditionally = Flags(rawValue: 4)
        public static let all: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally]
    }

    /// Shorter results count as failures and trigger a relaxed retry (characters).
    public var minimumLength = 500
    /// How many best-scoring candidates are compared.
    public var candidateCount = 5

    public init() {}

    /// Reads the article out of page bytes.
    /// - Parameters:
    ///   - bytes: the body as received.
    ///   - contentType: the `Content-Type` header, for the charset.
    ///   - url: the address after redirects: the base for links, and `Article.url`.
    /// - Returns: the article, or `nil` when the page holds no readable text.
    public func extract<Bytes: Collection<UInt8>>(bytes: Bytes, contentType: String? = nil, url: URL? = nil) -> Article? {
        extract(HTMLDocument.parse(bytes: bytes, contentType: contentType, url: url), url: url, ownsTree: true)
    }

    /// Reads the article out of a parsed page. The document is left as it was.
    public func extract(_ document: HTMLDocument, url: URL? = nil) -> Article? {
        extract(document, url: url, ownsTree: false)
    }

    /// Reads the article out of a parsed page: on the document's own tree when the caller
    /// parsed it for this (`ownsTree`), else on one copy of it. Every attempt reads the same
    /// tree: a relaxed retry first undoes what the attempt before it changed (`HTMLEdits`),
    /// keeping a copy of that attempt's result (under `minimumLength` characters of text, so
    /// small). Until 2026-11-27 a retry parsed the page again and read a copy of that.
    func extract(_ document: HTMLDocument, url: URL?, ownsTree: Bool) -> Article? {
        // On its own tree, one walk finds what the metadata and the pre-pass look at (a walk of
        // the whole page each): the metadata only reads the tree, so the pre-pass's elements are
        // those the walk found (`ArticleExtractorWalkTests`).
        let found = ownsTree ? Self.metadataAndPrepared(document.root) : nil
        let metadata = Metadata.read(document, found: found?.metadata)
        let language = document.language
        let base = document.baseURL
        var attempts: [(content: HTMLNode, length: Int, prose: Bool)] = []
        var flags = Flags.all
        var byline: String?
        let root = ownsTree ? document.root : document.root.copy()
        // Once for every attempt: nothing in it depends on a pass's flags.
        Self.prepare(root, found: found?.prepared)
        let edits = HTMLEdits()
        while true {
            var pass = Pass(flags: flags, title: metadata.title, candidateCount: candidateCount, edits: edits)
            let content = pass.grab(root)
            byline = byline ?? pass.byline
            let length = content.textMeasure.length
            let prose = Self.hasProse(content)
            if length >= minimumLength, prose {
                attempts = [(content, length, prose)]
                break
            }
            let relaxed: Flags
            if flags.contains(.stripUnlikely) {
                relaxed = flags.subtracting(.stripUnlikely)
            } else if flags.contains(.weightClasses) {
                relaxed = flags.subtracting(.weightClasses)
            } else if flags.contains(.cleanConditionally) {
                relaxed = flags.subtracting(.cleanConditionally)
            } else {
                attempts.append((content, length, prose))
                break
            }
            // The result is made of the tree's nodes, which the undo puts back.
            attempts.append((content.copy(), length, prose))
            edits.undo()
            flags = relaxed
        }
        // An attempt with a paragraph of prose beats one without, whatever their lengths; then
        // the longest wins.
        guard let best = attempts.max(by: { ($0.prose ? 1 : 0, $0.length) < ($1.prose ? 1 : 0, $1.length) }), best.length > 0 else { return nil }
        let markup = MarkupRenderer.render(best.content, base: base)
        guard !markup.blocks.isEmpty else { return nil }
        let excerpt = metadata.excerpt ?? markup.blocks.lazy.compactMap { block -> String? in
            guard case .paragraph(let spans) = block.content else { return nil }
            // Only when there is a line break: Foundation's replacing goes through NSString every
            // time (about 150,000 instructions for a paragraph), and a text without U+000A has
            // nothing it could match.
            let text = spans.plainText
            return text.utf8.contains(0x0A) ? text.replacingOccurrences(of: "\n", with: " ") : text
        }.first
        let authored = metadata.byline ?? byline
        return Article(
            url: url?.absoluteString, title: metadata.title, byline: authored.map { Text.clean($0) }.flatMap { $0.isEmpty ? nil : $0 },
            site: metadata.site, published: metadata.published, lang: metadata.lang ?? language,
            excerpt: excerpt.map { Text.clean($0) }, markup: markup)
    }

    // MARK: - Helpers

    /// The blocks a paragraph of prose can be.
    static let proseBlocks: NameKey.Set = ["p", "pre", "td", "li", "blockquote", "dd"]
    /// Characters of text that make a block a paragraph of prose.
    static let proseLength = 80

    /// Whether a result holds a paragraph of prose: a block of at least `proseLength` characters
    /// that is not mostly links. A run of teasers (a show's name, its headline, "Read more"),
    /// a menu or a list of links can outweigh an article that the strict rules took out, and
    /// is long enough to pass `minimumLength`; without prose it counts as a failed attempt, so
    /// the page is read again with the rules relaxed, and an attempt with prose wins.
    static func hasProse(_ content: HTMLNode) -> Bool {
        content.containsDescendant { node in
            guard node.isNamed(in: proseBlocks) else { return false }
            let measure = node.textMeasure
            return measure.length >= proseLength && measure.linkDensity < 0.5
        }
    }

    /// The pre-pass: scripts and styles go (JSON-LD was read already), `<noscript>` pictures
    /// replace the lazy placeholders before them, `<br><br>` chains become paragraphs,
    /// `<font>` becomes `<span>`.
    /// The elements `prepare` looks at.
    static let preparedTags: NameKey.Set = ["noscript", "script", "style", "template", "link", "font", "br"]
    /// What `Metadata.read` and `prepare` look at, for one walk.
    private static let metadataOrPreparedTags: NameKey.Set = ["meta", "script", "noscript", "style", "template", "link", "font", "br"]

    /// `root.descendants(named: Metadata.tags)` and `root.descendants(named: preparedTags)`,
    /// from one walk.
    static func metadataAndPrepared(_ root: HTMLNode) -> (metadata: [HTMLNode], prepared: [HTMLNode]) {
        let found = root.descendants(named: metadataOrPreparedTags)
        return (found.filter { $0.isNamed(in: Metadata.tags) }, found.filter { $0.isNamed(in: preparedTags) })
    }

    /// - Parameter found: `root`'s `preparedTags` elements in document order, when a walk the
    ///   caller made found them.
    static func prepare(_ root: HTMLNode, found: [HTMLNode]? = nil) {
        // One walk finds what every step below needs; each step then skips what an earlier one
        // took out of the tree (a `<br>` inside a removed `<noscript>`).
        let found = found ?? root.descendants(named: preparedTags)
        for noscript in found where noscript.name == "noscript" {
            // libxml2 reads <noscript> content as markup; a lone picture in it replaces a
            // placeholder picture just before it.
            if noscript.countDescendants(named: ["img"]) == 1, !Text.hasText(noscript),
               let img = noscript.first("img"), let parent = noscript.parent,
               let index = parent.children.firstIndex(where: { $0 === noscript }), index > 0
            {
                let previous = parent.children[index - 1]
                let placeholder = previous.name == "img" ? previous : (previous.countDescendants(named: ["img"]) == 1 && !Text.hasText(previous) ? previous.first("img") : nil)
                if let placeholder { placeholder.replace(with: img) }
            }
            noscript.remove()
        }
        for node in found where ["script", "style", "template", "link"].contains(node.name) && node.isAttached(to: root) { node.remove() }
        for font in found where font.name == "font" && font.isAttached(to: root) { font.name = "span" }
        replaceBreakChains(root, breaks: found.filter { $0.name == "br" })
    }

    /// `text<br><br>more` becomes `text<p>more</p>`: the chain of two or more `<br>` starts a
    /// paragraph that gathers the phrasing content after it.
    static func replaceBreakChains(_ root: HTMLNode, breaks: [HTMLNode]? = nil) {
        for br in breaks ?? root.descendants(named: ["br"]) where br.parent != nil && br.isAttached(to: root) {
            var next = br.nextSignificantSibling
            var replaced = false
            while let n = next, n.name == "br" {
                replaced = true
                next = n.nextSignificantSibling
                n.remove()
            }
            guard replaced, let parent = br.parent else { continue }
            let p = HTMLNode(element: "p")
            br.replace(with: p)
            while let sibling = p.nextSibling {
                if sibling.name == "br", let after = sibling.nextSignificantSibling, after.name == "br" { break }
                guard Phrasing.isPhrasing(sibling) else { break }
                p.append(sibling)
            }
            while let last = p.children.last, last.isText, last.isBlankText { last.remove() }
            if parent.name == "p" { parent.name = "div" }
        }
    }
}

extension HTMLNode {
    var nextSibling: HTMLNode? {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }), index + 1 < parent.children.count else { return nil }
        return parent.children[index + 1]
    }

    /// The next sibling that is an element or non-blank text.
    var nextSignificantSibling: HTMLNode? {
        var node = nextSibling
        while let n = node, n.isText, n.isBlankText { node = n.nextSibling }
        return node
    }

    func hasAncestor(named names: NameKey.Set) -> Bool {
        firstAncestor(named: names) != nil
    }

    /// The nearest ancestor with one of these names.
    func firstAncestor(named names: NameKey.Set) -> HTMLNode? {
        var node = parent
        while let n = node {
            if n.isNamed(in: names) { return n }
            node = n.parent
        }
        return nil
    }
}

/// Text measures the extractor uses.
enum Text {
    /// Whitespace runs collapsed to one space, trimmed: FeedModel's `collapsingWhitespace()`
    /// (Unicode's White_Space, scalar by scalar, read as UTF-8), the one implementation.
    static func normalised(_ text: String) -> String { text.collapsingWhitespace() }

    /// Whether the text is whitespace only (what `normalised(text).isEmpty` says, without
    /// building the string).
    static func isBlank(_ text: String) -> Bool { text.isWhitespaceOnly }

    /// The length in scalars of `normalised(node.textContent)`, counted without building it
    /// (the whitespace state carries across text nodes, as in the joined text), and kept on the
    /// node until its subtree changes (`HTMLNode.textMeasure`).
    static func normalisedLength(_ node: HTMLNode) -> Int {
        node.textMeasure.length
    }

    /// Whether any text below `node` is more than whitespace (from the kept measure).
    static func hasText(_ node: HTMLNode) -> Bool {
        node.textMeasure.hasWords
    }

    static func clean(_ text: String) -> String { TextSanitizer.clean(text) }

    /// Comma-separated segments: Latin, Arabic, CJK and other comma forms count.
    static func commaCount(_ text: String) -> Int {
        var n = 0
        for s in text.unicodeScalars {
            switch s.value {
            case 0x2C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: n += 1
            default: break
            }
        }
        return n
    }
}

/// HTML's phrasing content, as the div-to-paragraph rule needs it.
enum Phrasing {
    static let elements: NameKey.Set = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i", "img",
        "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q", "ruby", "samp",
        "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr", "u", "s", "strike",
        "tt", "big", "font", "abbr", "acronym",
    ]

    static let linkLike: NameKey.Set = ["a", "del", "ins"]

    static func isPhrasing(_ node: HTMLNode) -> Bool {
        if node.isText { return true }
        if node.isNamed(in: elements) { return true }
        if node.isNamed(in: linkLike) { return node.children.allSatisfy(isPhrasing) }
        return false
    }
}
