import FeedModel

/// Text in and out of the markup pipeline: the gate text nodes pass on the way in, and the
/// plain-text form of blocks (`read --plain`, `--json`'s `text`, word counts) on the way out.
public enum MarkupText {
    /// Cleans a text node or attribute value: escape sequences and controls go, as everywhere
    /// (`TextSanitizer`), but spaces and line breaks stay for layout to judge (`<pre>` keeps them).
    /// - Complexity: O(n); plain ASCII is returned untouched without copying.
    public static func cleanNode(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) { return text }
        return TextSanitizer.cleanKeepingLayout(text)
    }

    /// The blocks as plain text: paragraphs, headings, code and tables separated by a blank line,
    /// list items on their own lines (indented two spaces a level), code kept as written.
    public static func plain(_ blocks: [MarkupBlock]) -> String {
        var out = ""
        var previousWasItem = false
        for block in blocks {
            let text = plain(block)
            guard !text.isEmpty else { continue }
            let isItem: Bool
            if case .item = block.content { isItem = true } else { isItem = false }
            if !out.isEmpty { out += (isItem && previousWasItem) ? "\n" : "\n\n" }
            out += text
            previousWasItem = isItem
        }
        return out
    }

    /// One block as plain text.
    public static func plain(_ block: MarkupBlock) -> String {
        let pad = String(repeating: "  ", count: block.indent)
        switch block.content {
        case .heading(_, let spans), .paragraph(let spans):
            return lines(spans).map { pad + $0 }.joined(separator: "\n")
        case .item(let marker, let spans):
            let body = lines(spans)
            let first = pad + marker + (body.first.map { " " + $0 } ?? "")
            let rest = body.dropFirst().map { pad + String(repeating: " ", count: marker.count + 1) + $0 }
            return ([first] + rest).joined(separator: "\n")
        case .code(let lines):
            return lines.joined(separator: "\n")
        case .table(let rows, _):
            return rows.map { row in row.map { lines($0).joined(separator: " ") }.joined(separator: " | ") }.joined(separator: "\n")
        case .figure(_, let caption):
            return lines(caption).joined(separator: "\n")
        case .rule:
            return ""
        }
    }

    /// Spans as hard lines (split at `<br>`).
    static func lines(_ spans: [Span]) -> [String] {
        var out: [String] = [""]
        for span in spans {
            if span.text == "\n" { out.append("") } else { out[out.count - 1] += span.text }
        }
        return out.map { line in
            var l = Substring(line)
            while l.first == " " { l.removeFirst() }
            while l.last == " " { l.removeLast() }
            return String(l)
        }.filter { !$0.isEmpty }
    }
}
