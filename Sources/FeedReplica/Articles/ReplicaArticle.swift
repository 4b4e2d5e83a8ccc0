import FeedModel

/// One page the replica serves under `/articles`, with the article text a reader should find in it.
///
/// The text is known because the page is built from it: `paragraphs` are the article's own
/// blocks as plain text (headings, paragraphs, list items, code lines, table rows, captions),
/// and everything else on the page (navigation, cookie banner, sidebars, related links, share
/// buttons, comments, footer) is boilerplate an extractor must leave out.
public struct ReplicaArticle: Sendable {
    public enum Template: String, Sendable, CaseIterable {
        case news, blog, docs, forum
    }

    /// Below `/articles/`: `3` or `latin1`.
    public let path: String
    public let template: Template?
    public let title: String
    public let byline: String?
    /// The article's blocks as plain text, in order.
    public let paragraphs: [String]
    /// The body as served.
    public let body: [UInt8]
    public let contentType: String
    public let status: Int
    public let headers: [(String, String)]

    /// The true article text, blocks separated by blank lines.
    public var text: String { paragraphs.joined(separator: "\n\n") }
}

/// The pages of `/articles`: generated articles in four templates, and the pages a reader must
/// refuse or survive.
///
/// | path | page |
/// |---|---|
/// | `1` … `count` | articles; template by `(id - 1) % 4`: news, blog, docs, forum |
/// | `latin1` | a windows-1252 page that says `iso-8859-1` in `<meta>` only |
/// | `moved` | `301` to `1` |
/// | `paper.pdf` | a PDF |
/// | `cp1252-undefined`, `undeclared`, `euc-jp-broken` | bytes not all valid in the page's charset (`SpecialPages.badBytes`) |
/// | `app` | a JavaScript-only shell (an empty root, a bundle, a `<noscript>` line) |
/// | `empty` | navigation and a footer, no article |
/// | anything else | `404` with an HTML error page |
public enum ReplicaArticles {
    public static let count = 24

    /// The page at `path` below `/articles/`.
    /// - Parameters:
    ///   - origin: `http://127.0.0.1:PORT`, for absolute links back to the replica.
    public static func page(_ path: String, seed: UInt64, origin: String) -> ReplicaArticle {
        if let id = Int(path), id >= 1, id <= count {
            let template = ReplicaArticle.Template.allCases[(id - 1) % 4]
            var rng = SeededRandom(seed: seed, salt: "article", index: id)
            return ArticlePageBuilder(template: template, id: id, origin: origin).build(&rng)
        }
        switch path {
        case "latin1": return SpecialPages.latin1()
        case "cp1252-undefined", "undeclared", "euc-jp-broken": return SpecialPages.badBytes(path)
        case "moved": return SpecialPages.moved(origin: origin)
        case "paper.pdf": return SpecialPages.pdf()
        case "app": return SpecialPages.javascriptShell()
        case "empty": return SpecialPages.empty(origin: origin)
        default: return SpecialPages.notFound(path)
        }
    }
}
