import FeedMarkup
import FeedModel
import Foundation

/// A text field as the feed declared it, kept undecoded until it is shown: a 100,000-entry
/// document parses without rendering 100,000 bodies, and each is decoded once, by its type,
/// when a page of entries is handed on.
public enum FeedText: Sendable, Hashable, Codable {
    /// Plain text (Atom `type="text"`, JSON Feed `content_text` and `summary`).
    case text(String)
    /// An HTML fragment (RSS `description`, `content:encoded`, Atom `html` and `xhtml` (the
    /// XHTML re-serialised), JSON Feed `content_html`). Raw remote text.
    case html(String)

    /// Plain text with its paragraphs, sanitised.
    /// - Parameter base: where relative links resolve (the renderer numbers links).
    public func plain(base: URL? = nil) -> String {
        switch self {
        case .text(let text):
            return TextSanitizer.clean(text, mode: .multiline).trimmingSpaceAndNewlines()
        case .html(let html):
            return FeedText.htmlToPlain(html, base: base, oneLine: false)
        }
    }

    /// The field as HTML, for the HTML pipeline (`FeedItem.bodyHTML`).
    public var html: String {
        switch self {
        case .html(let html): html
        case .text(let text):
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>")
        }
    }

    /// Whether there is nothing to show.
    public var isBlank: Bool {
        switch self {
        case .text(let t), .html(let t): t.allSatisfy(\.isWhitespace)
        }
    }

    // MARK: - Decoding

    /// HTML to sanitised plain text through the one HTML pipeline; text with no `<` and no `&`
    /// skips the parser.
    static func htmlToPlain(_ html: String, base: URL?, oneLine: Bool) -> String {
        let mode: TextSanitizer.Mode = oneLine ? .line : .multiline
        if !html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
            return TextSanitizer.clean(html, mode: mode).trimmingSpaceAndNewlines()
        }
        let blocks = MarkupRenderer.render(html: html, base: base).blocks
        let text = MarkupText.plain(blocks)
        return TextSanitizer.clean(text, mode: mode).trimmingSpaceAndNewlines()
    }

    /// A title declared plain text: whitespace collapsed; when it still holds markup or entity
    /// references after XML decoding (double-escaped HTML, F10 case 9), decoded as HTML once
    /// more and its tags dropped.
    static func plainTitle(_ text: String) -> String {
        if looksEscaped(text) { return htmlToPlain(text, base: nil, oneLine: true) }
        return TextSanitizer.clean(text, mode: .line).trimmingSpace()
    }

    /// Tags that mark up a title when it was escaped once too often (`&lt;b&gt;`); any other
    /// `<word>` (`Vec<T>`, `it's <complicated>`) is the author's text and stays.
    static let titleTags: Set<String> = [
        "a", "abbr", "b", "big", "blockquote", "br", "cite", "code", "del", "div", "em", "font", "h1", "h2", "h3", "h4",
        "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s", "small", "span", "strike",
        "strong", "sub", "sup", "tt", "u", "ul", "wbr",
    ]

    /// `&name;`, `&#N;`, `&#xN;` or a known HTML tag (`<b>`, `</em>`, `<a href=…>`) in text.
    static func looksEscaped(_ text: String) -> Bool {
        let u = Array(text.utf8)
        var i = 0
        while i < u.count {
            let c = u[i]
            if c == UInt8(ascii: "<"), i + 1 < u.count {
                var j = i + 1
                if u[j] == UInt8(ascii: "/") { j += 1 }
                let start = j
                while j < u.count, j - start < 12, (u[j] | 0x20 >= 0x61 && u[j] | 0x20 <= 0x7A) || (u[j] >= 0x30 && u[j] <= 0x39) { j += 1 }
                if j > start, j < u.count, [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "/")].contains(u[j]),
                   titleTags.contains(String(decoding: u[start..<j], as: UTF8.self).lowercased()),
                   u[j...].contains(UInt8(ascii: ">"))
                {
                    return true
                }
            } else if c == UInt8(ascii: "&") {
                var j = i + 1
                if j < u.count, u[j] == UInt8(ascii: "#") {
                    j += 1
                    if j < u.count, u[j] | 0x20 == UInt8(ascii: "x") { j += 1 }
                }
                let start = j
                while j < u.count, j - start < 32, (u[j] >= 0x30 && u[j] <= 0x39) || (u[j] | 0x20 >= 0x61 && u[j] | 0x20 <= 0x7A) { j += 1 }
                if j > start, j < u.count, u[j] == UInt8(ascii: ";") { return true }
            }
            i += 1
        }
        return false
    }
}
