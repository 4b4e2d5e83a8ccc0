import FeedMarkup
import Foundation

/// Why a page gave no article: each case is one line a person understands, and `o` still opens
/// the page in a browser.
public enum NotAnArticle: Error, Equatable, Sendable, CustomStringConvertible {
    /// A PDF, a picture, an archive: anything not served as HTML.
    case notHTML(contentType: String)
    /// An application shell whose content only scripts would make.
    case needsJavaScript
    /// HTML with no text worth reading (an index, a cookie wall, an empty page).
    case noReadableText

    public var description: String {
        switch self {
        case .notHTML(let type): return "not an article: the page is \(type.isEmpty ? "not HTML" : type)"
        case .needsJavaScript: return "not an article: the page needs JavaScript to show its text"
        case .noReadableText: return "not an article: no readable text on the page"
        }
    }
}

extension ArticleExtractor {
    /// Shorter articles are not worth a reader: they are a page's leftovers (menus, a footer).
    public static let shortestArticle = 80

    /// Reads a fetched page: the article, or why there is none.
    /// - Parameters:
    ///   - bytes: the body.
    ///   - contentType: the `Content-Type` header (`nil` when absent: then the bytes decide).
    ///   - url: the address after redirects.
    public func read<Bytes: Collection<UInt8>>(bytes: Bytes, contentType: String?, url: URL?) -> Result<Article, NotAnArticle> {
        let type = (contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let isHTMLType = type.isEmpty || type == "text/html" || type == "application/xhtml+xml"
        guard isHTMLType, Self.looksLikeHTML(bytes) else { return .failure(.notHTML(contentType: type.isEmpty ? "unknown" : type)) }
        // The extractor takes the parsed tree apart; the rare page with no article is parsed
        // once more to judge why.
        let parse = { HTMLDocument.parse(bytes: bytes, contentType: contentType, url: url) }
        if let article = extract(parse(), url: url, ownsTree: true), article.text.count >= Self.shortestArticle {
            return .success(article)
        }
        return .failure(Self.isScriptShell(parse()) ? .needsJavaScript : .noReadableText)
    }

    // MARK: - Helpers

    /// Whether the first bytes read as markup or text rather than a binary format.
    static func looksLikeHTML<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let head = Array(bytes.prefix(512))
        if head.starts(with: Array("%PDF".utf8)) { return false }
        // Binary formats carry NULs or many control bytes early on; UTF-16 pages start with a BOM.
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return true }
        let controls = head.filter { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) }.count
        return controls * 20 <= head.count
    }

    /// A page whose body holds scripts, an empty mount point or a `<noscript>` plea, and no text.
    static func isScriptShell(_ document: HTMLDocument) -> Bool {
        let body = document.body
        let scripts = document.root.descendants(named: ["script"]).count
        let text = body.copy()
        for node in text.descendants(named: ["script", "style", "noscript", "template"]) { node.remove() }
        let visible = Text.normalised(text.textContent)
        let pleads = body.descendants(named: ["noscript"]).contains { Text.normalised($0.textContent).lowercased().contains("javascript") }
        return visible.count < 40 && (scripts > 0 || pleads)
    }
}
