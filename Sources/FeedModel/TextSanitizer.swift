import Foundation

/// The one gate every remote string passes before it reaches the terminal or a pipe.
///
/// Removes escape sequences (CSI, OSC, DCS, APC, PM, SOS, in their 7-bit and C1 forms), C0 and
/// C1 controls, DEL, bidirectional overrides and isolates, and invisible zero-width tricks;
/// repairs invalid UTF-8; normalises to NFC (ncursesw drops zero-width characters after a wide
/// one, so decomposed Hangul would be garbled).
public enum TextSanitizer {
    public enum Mode: Sendable {
        /// One line: every line break and tab becomes a space, runs of spaces collapse.
        case line
        /// Paragraphs kept: `\n` survives (at most two in a row), tabs become spaces.
        case multiline
    }

    /// Sanitises a string.
    /// - Complexity: O(n) in the string's length.
    public static func clean(_ text: String, mode: Mode = .line) -> String {
        if mode == .line, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return collapseSpaces(text)
        }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        var newlines = 0
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return scalars.next()
        }
        func skipString() {
            // Skip to ST (ESC \ or U+009C) or BEL.
            while let s = next() {
                if s == "\u{07}" || s == "\u{9C}" { return }
                if s == "\u{1B}" {
                    if let t = next(), t != "\\" { pending = t }
                    return
                }
            }
        }
        func skipCSI() {
            // Parameters and intermediates, then one final byte in 0x40...0x7E.
            while let s = next() {
                if s.value >= 0x40 && s.value <= 0x7E { return }
                if s.value < 0x20 || s.value > 0x7E { pending = s; return }
            }
        }
        func appendSpace() {
            if let last = out.last, last != " " && last != "\n" { out.append(" ") }
        }
        while let s = next() {
            switch s.value {
            case 0x1B:
                guard let t = next() else { break }
                switch t {
                case "[": skipCSI()
                case "]", "P", "_", "^", "X": skipString()
                default:
                    // Two-byte escapes (ESC c, ESC 7 …) and charset selections (ESC ( B).
                    if t == "(" || t == ")" || t == "*" || t == "+" || t == "#" { _ = next() }
                }
            case 0x9B: skipCSI()
            case 0x9D, 0x90, 0x9F, 0x9E, 0x98: skipString()
            case 0x0A, 0x0D:
                if mode == .multiline {
                    if s == "\r" { continue }  // CRLF and lone CR count once, as the LF
                    while out.last == " " { out.removeLast() }
                    if newlines < 2 && !out.isEmpty { out.append("\n") }
                    newlines += 1
                    continue
                }
                appendSpace()
            case 0x09, 0x0B, 0x0C: appendSpace()
            case 0x00...0x1F, 0x7F...0x9F: break
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                break  // bidi overrides, isolates and marks
            case 0x200B, 0x2060...0x2064, 0xFEFF, 0x180E, 0xFFF9...0xFFFB:
                break  // zero-width space, joiners that hide text, BOM, interlinear annotation
            case 0x20:
                appendSpace()
                continue
            default:
                out.append(s)
            }
            if s != "\n" { newlines = 0 }
        }
        var result = String(out).precomposedStringWithCanonicalMapping
        while result.last == " " || result.last == "\n" { result.removeLast() }
        while result.first == " " || result.first == "\n" { result.removeFirst() }
        return result
    }

    // MARK: - Helpers

    private static func collapseSpaces(_ text: String) -> String {
        guard text.contains("  ") || text.first == " " || text.last == " " else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

extension FeedItem {
    /// The item with every remote string passed through `TextSanitizer`.
    public func sanitized() -> FeedItem {
        var item = self
        item.id = TextSanitizer.clean(id)
        item.title = TextSanitizer.clean(title)
        item.url = url.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        item.author = author.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        item.body = body.map { TextSanitizer.clean($0, mode: .multiline) }.flatMap { $0.isEmpty ? nil : $0 }
        item.discussionURL = discussionURL.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        item.bodyHTML = bodyHTML.map(TextSanitizer.cleanKeepingLayout).flatMap { $0.isEmpty ? nil : $0 }
        item.parentID = parentID.map { TextSanitizer.clean($0) }
        return item
    }
}
