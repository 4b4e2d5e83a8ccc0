import Foundation

/// One block of a body laid out for a terminal: a paragraph to wrap, or preformatted lines
/// (a code block) kept exactly as they are.
///
/// Every string in a block has been through `TextSanitizer`.
public struct TextBlock: Sendable, Hashable, Codable {
    public enum Kind: Sendable, Hashable, Codable {
        /// Lines to word-wrap; each entry is a hard line (a `<br>` starts a new one).
        case paragraph
        /// Lines never re-wrapped or re-spaced (`<pre>`): clipped at the edge instead.
        case preformatted
    }

    public var kind: Kind
    public var lines: [String]
    /// Nesting in lists and block quotes: each level indents two columns.
    public var indent: Int
    /// Drawn before the first line of a list item: `• ` or `3. `.
    public var marker: String?
    /// Inside a `<blockquote>`.
    public var isQuote: Bool
    /// A figure's picture: its index in the page's pictures (`ArticleText.pictures`); the
    /// block's lines are its `[picture: alt]` and caption.
    public var picture: Int?

    public init(_ kind: Kind, lines: [String], indent: Int = 0, marker: String? = nil, isQuote: Bool = false, picture: Int? = nil) {
        self.kind = kind
        self.lines = lines
        self.indent = indent
        self.marker = marker
        self.isQuote = isQuote
        self.picture = picture
    }
}

extension TextBlock {
    /// Blocks from plain text (a field that is not HTML): a blank line separates paragraphs, a
    /// single line break is a hard break; every line cleaned by `TextSanitizer`.
    public static func paragraphs(plain text: String) -> [TextBlock] {
        let cleaned = TextSanitizer.clean(text, mode: .multiline)
        return cleaned.components(separatedBy: "\n\n").compactMap { paragraph in
            let lines = paragraph.split(separator: "\n").map { TextSanitizer.clean(String($0)) }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : TextBlock(.paragraph, lines: lines)
        }
    }
}
