import FeedMarkup
import FeedModel

/// How an API writes a text field, and the one decoding each kind gets (the table is in
/// `docs/TEXT-FIELDS.md`).
///
/// - *Plain* text is kept as written: `<`, `>` and `&amp;` stay, because that is what the
///   author typed (`Vec<T>`, `AT&amp;T` in a post about HTML). Only whitespace runs become one
///   space on a line.
/// - *HTML* is rendered by the one pipeline (`MarkupFragment`: libxml2's parse, the tree whose
///   text passes the escape gate, the blocks' plain text): tags become structure or vanish,
///   entities are decoded.
/// - *Escaped* text is plain text the API HTML-escaped (Stack Exchange titles): entities are
///   decoded, and a `<` that comes out of `&lt;` stays a `<`.
///
/// Each field goes through exactly one of these, once; nothing is decoded twice.
enum FieldText {
    /// Plain text as one line: whitespace runs (line breaks included) collapsed, trimmed.
    static func plainLine(_ text: String) -> String {
        text.collapsingWhitespace()
    }

    /// Plain text keeping its lines, trimmed at both ends.
    static func plainText(_ text: String) -> String {
        text.trimmingWhitespace()
    }

    /// HTML as one line (titles and summaries).
    static func htmlLine(_ html: String) -> String {
        MarkupFragment.line(html)
    }

    /// HTML as paragraphs of text.
    static func htmlText(_ html: String) -> String {
        MarkupFragment.text(html)
    }

    /// HTML-escaped plain text as one line: entities decoded once, nothing taken for a tag.
    static func escapedLine(_ text: String) -> String {
        HTMLEntities.decodeAll(text).collapsingWhitespace()
    }

    /// The text, or nil when it is empty.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
