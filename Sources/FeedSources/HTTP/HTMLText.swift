import FeedModel

/// Turns the HTML fragments APIs send (HN `text`, Mastodon `content`, entity-encoded titles)
/// into plain text.
///
/// One pass over the input: tags are stripped (`<p>`, `<br>`, `<div>`, `<li>` become line
/// breaks), entities are decoded (common named ones, `&#39;`, `&#x27;`), `<script>`/`<style>`
/// bodies and comments vanish, Mastodon's `<span class="invisible">` is hidden and
/// `<span class="ellipsis">` is followed by "…". A `<` that cannot open a tag is kept as text.
/// Escape sequences are removed whole before anything else, by the scanner `TextSanitizer`
/// uses (`ControlSequenceScanner`), so a `<`, `&` or space inside one is never read as markup
/// and a list title and its detail agree on what is text; other control characters are passed
/// through for `TextSanitizer` (which every item goes through).
public enum HTMLText {
    /// Multi-line plain text: paragraphs separated by one blank line, trimmed.
    public static func text(_ html: String) -> String {
        let raw = render(html)
        // Normalise runs of blank lines to a single blank line and trim each line's right end.
        var lines: [String] = []
        var blank = 0
        for line in raw.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmingWhitespace()
            if trimmed.allSatisfy({ $0.isWhitespace }) {
                blank += 1
            } else {
                if blank > 0 && !lines.isEmpty { lines.append("") }
                blank = 0
                lines.append(trimmed)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One line: all whitespace (including the breaks `<p>`/`<br>` produce) collapsed to single
    /// spaces, trimmed. For titles.
    public static func plainTitle(_ html: String) -> String {
        collapse(render(html))
    }

    /// Decodes entities only, leaving anything tag-like alone (Reddit's `&amp;`-escaped URLs).
    public static func decodeEntities(_ text: String) -> String {
        HTMLEntities.decodeAll(text)
    }

    static func collapse(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for c in text {
            if c.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" "); pendingSpace = false }
                out.append(c)
            }
        }
        return out
    }

    // MARK: - Rendering

    private enum SpanKind { case plain, invisible, ellipsis }

    private static func render(_ html: String) -> String {
        var out = ""
        var rest = Substring(ControlSequences.strip(html))
        var spans: [SpanKind] = []
        var hiddenDepth = 0
        // Inside <pre> (HN code blocks) source newlines are kept; elsewhere they are spaces.
        var preDepth = 0
        var skipUntilClosing: String?

        func emit(_ s: String) {
            if hiddenDepth == 0 && skipUntilClosing == nil { out += s }
        }

        while let c = rest.first {
            if c == "<", let tag = HTMLTag(at: rest) {
                rest = rest.dropFirst(tag.length)
                if let skipping = skipUntilClosing {
                    if tag.isClosing && tag.name == skipping { skipUntilClosing = nil }
                    continue
                }
                switch tag.name {
                case "script", "style", "head", "title":
                    if !tag.isClosing && !tag.isSelfClosing { skipUntilClosing = tag.name }
                case "br":
                    emit("\n")
                case "pre":
                    if !tag.isSelfClosing { preDepth = max(0, preDepth + (tag.isClosing ? -1 : 1)) }
                    emit("\n")
                case "p", "div", "li", "ul", "ol", "blockquote", "tr", "h1", "h2", "h3", "h4", "h5", "h6":
                    emit(tag.name == "p" || tag.name == "blockquote" ? "\n\n" : "\n")
                case "span":
                    if tag.isClosing {
                        guard let kind = spans.popLast() else { break }
                        switch kind {
                        case .invisible: hiddenDepth -= 1
                        case .ellipsis: emit("…")
                        case .plain: break
                        }
                    } else if !tag.isSelfClosing {
                        let classes = tag.classes
                        let kind: SpanKind =
                            classes.contains("invisible") ? .invisible : classes.contains("ellipsis") ? .ellipsis : .plain
                        if kind == .invisible { hiddenDepth += 1 }
                        spans.append(kind)
                    }
                default:
                    break
                }
            } else if c == "&" {
                if let (decoded, length) = entity(at: rest) {
                    emit(decoded)
                    rest = rest.dropFirst(length)
                } else {
                    emit("&")
                    rest = rest.dropFirst()
                }
            } else {
                rest = rest.dropFirst()
                if c == "\n" || c == "\r\n" {
                    emit(preDepth > 0 ? "\n" : " ")
                } else if c == "\t" {
                    emit(" ")
                } else {
                    emit(String(c))
                }
            }
        }
        return out
    }

    // MARK: - Entities

    /// Decodes one entity at the start of `text` (which begins with `&`): the text and how many
    /// characters it spanned, or nil when it is not a known entity.
    private static func entity(at text: Substring) -> (String, Int)? {
        HTMLEntities.decode(at: text)
    }
}

