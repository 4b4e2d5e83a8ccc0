import FeedModel
import Foundation

/// An HTML field of an API or a feed (HN `text`, Reddit `selftext_html`, Mastodon `content`,
/// Stack Exchange and DEV bodies, a feed entry's content) through the one pipeline: libxml2's
/// parse, the `HTMLNode` tree whose text nodes pass the escape gate, `MarkupRenderer`'s blocks.
///
/// Escape sequences are removed whole before the markup is read (`ControlSequences.strip`, the
/// grammar `TextSanitizer` uses; a numeric reference to a control such as `&#27;` counts as the
/// control it names), so a `<`, `&` or space inside one is never taken for markup
/// and a list title and its detail agree on what is text. Broken markup is repaired as a
/// browser would: a tag cut off at the end (`See <a href="https://example.com`) is dropped, an
/// unknown entity (`&bogus;`) or a bare `&` stays text, a decoded `&lt;` never opens a tag.
public enum MarkupFragment {
    /// The field as blocks.
    /// - Parameters:
    ///   - html: the field as received.
    ///   - base: the address relative links resolve against (HN writes `item?id=1`).
    /// - Complexity: O(n) in the field's length.
    public static func blocks(_ html: String, base: URL? = nil) -> MarkupBlocks {
        let stripped = ControlSequences.strip(controlReferencesDecoded(html))
        if let plain = plainParagraph(stripped) { return plain }
        let document = HTMLDocument.parse(stripped, url: base)
        return MarkupRenderer.render(document.body, base: document.baseURL)
    }

    /// The field as plain text: paragraphs apart by a blank line, list items and `<br>` lines on
    /// lines of their own, code as written. What `--plain`, `--json` and the one-line forms read.
    public static func text(_ html: String) -> String {
        MarkupText.plain(blocks(html).blocks)
    }

    /// The field as one line (titles, summaries): its text with every run of white space one space.
    public static func line(_ html: String) -> String {
        text(html).collapsingWhitespace()
    }

    /// The field as the terminal's blocks (the detail's body and comments): links as their text
    /// followed by their address, `>` paragraphs as quotes (`MarkupBlocks.textBlocks`).
    public static func textBlocks(_ html: String, baseAddress: String? = nil) -> [TextBlock] {
        blocks(html, base: baseAddress.flatMap { URL(string: $0) }).textBlocks(links: .addresses, quoteMarks: true)
    }

    // MARK: - Helpers

    /// `html` with its numeric references to control characters (`&#27;`, `&#x9b;`, `&#7;`)
    /// turned into those characters, so that `ControlSequences.strip` removes the sequence they
    /// start whole: libxml2 drops a reference to a control and would leave `[31m` as text.
    /// Tab, line feed and carriage return stay references (they are white space); no reference
    /// to anything else is touched, so no markup can come of it.
    /// - Complexity: O(n); a field without `&#` is returned as it is.
    static func controlReferencesDecoded(_ html: String) -> String {
        var html = html
        let decoded = html.withUTF8 { bytes -> String? in
            let n = bytes.count
            var i = 0
            var out: [UInt8]? = nil
            var copied = 0
            while i + 2 < n {
                guard bytes[i] == UInt8(ascii: "&"), bytes[i + 1] == UInt8(ascii: "#") else { i += 1; continue }
                var j = i + 2
                let hex = bytes[j] == UInt8(ascii: "x") || bytes[j] == UInt8(ascii: "X")
                if hex { j += 1 }
                let start = j
                var value = 0
                while j < n, j - start < 8, let digit = Self.digit(bytes[j], hex: hex) {
                    value = value * (hex ? 16 : 10) + digit
                    j += 1
                }
                guard j > start, (value > 0 && value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value)
                else { i += 1; continue }
                if j < n, bytes[j] == UInt8(ascii: ";") { j += 1 }
                if out == nil { out = []; out!.reserveCapacity(n) }
                out!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                out!.append(contentsOf: String(Character(Unicode.Scalar(UInt32(value))!)).utf8)
                copied = j
                i = j
            }
            guard var out else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<n]))
            return String(decoding: out, as: UTF8.self)
        }
        return decoded ?? html
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// A field with no markup at all (no `<`, no `&`) is one paragraph of its words: what the
    /// parser would make of it, without a parse. Many comments are one such line.
    private static func plainParagraph(_ text: String) -> MarkupBlocks? {
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return nil }
        let words = MarkupText.cleanNode(text).collapsingWhitespace()
        if words.isEmpty { return MarkupBlocks() }
        return MarkupBlocks(blocks: [MarkupBlock(.paragraph([Span(words)]))])
    }
}
