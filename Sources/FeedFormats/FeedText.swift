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
            return TextSanitizer.clean(text, mode: .multiline).trimmingCharacters(in: .whitespacesAndNewlines)
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
            return TextSanitizer.clean(html, mode: mode).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let blocks = MarkupRenderer.render(html: html, base: base).blocks
        let text = MarkupText.plain(blocks)
        return TextSanitizer.clean(text, mode: mode).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A title declared plain text: whitespace collapsed; when it still holds markup or entity
    /// references after XML decoding (double-escaped HTML, F10 case 9), decoded as HTML once
    /// more and its tags dropped.
    static func plainTitle(_ text: String) -> String {
        if looksEscaped(text) { return htmlToPlain(text, base: nil, oneLine: true) }
        return TextSanitizer.clean(text, mode: .line).trimmingCharacters(in: .whitespaces)
    }

    /// `&name;`, `&#N;`, `&#xN;` or a tag-like `<a`/`</a` in text.
    static func looksEscaped(_ text: String) -> Bool {
        let u = Array(text.utf8)
        var i = 0
        while i < u.count {
            let c = u[i]
            if c == UInt8(ascii: "<"), i + 1 < u.count {
                let n = u[i + 1]
                if (n | 0x20 >= 0x61 && n | 0x20 <= 0x7A) || (n == UInt8(ascii: "/") && i + 2 < u.count && u[i + 2] | 0x20 >= 0x61 && u[i + 2] | 0x20 <= 0x7A) {
                    if u[(i + 1)...].contains(UInt8(ascii: ">")) { return true }
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
