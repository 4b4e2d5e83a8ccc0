import FeedModel

/// Text in and out of the markup pipeline: the gate text nodes pass on the way in, and the
/// plain-text form of blocks (`read --plain`, `--json`'s `text`, word counts) on the way out.
public enum MarkupText {
    /// Cleans a text node or attribute value: escape sequences and controls go, as everywhere
    /// (`TextSanitizer`), but spaces and line breaks stay for layout to judge (`<pre>` keeps them).
    /// - Complexity: O(n); plain ASCII is returned untouched without copying.
    public static func cleanNode(_ text: String) -> String {
        var text = text
        if text.withUTF8(isPlainASCII) { return text }
        if isCleanAsItIs(text) { return text }
        return TextSanitizer.cleanKeepingLayout(text)
    }

    /// Whether every byte is printable ASCII, a line feed or a tab: text `cleanNode` gives back
    /// as it is. Eight bytes at a time: a word with no byte under 0x20, none at 0x7F and none
    /// from 0x80 up passes whole; any other word is checked byte by byte.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        @inline(__always) func isPlain(_ byte: UInt8) -> Bool { (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 }
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while index &+ 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte below 0x20, a byte equal to 0x7F, a byte from 0x80 up (each test may also
            // flag a word that has none; those are then checked byte by byte).
            let below = (word &- ones &* 0x20) & ~word & highs
            let delete = word ^ (ones &* 0x7F)
            let isDelete = (delete &- ones) & ~delete & highs
            if (below | isDelete | (word & highs)) != 0 {
                for offset in index..<(index &+ 8) where !isPlain(bytes[offset]) { return false }
            }
            index &+= 8
        }
        while index < count {
            if !isPlain(bytes[index]) { return false }
            index &+= 1
        }
        return true
    }

    /// Whether `TextSanitizer.cleanKeepingLayout` would give the text back unchanged because
    /// every scalar is one it keeps as it is, whatever its neighbours (`TextSanitizer.keepsAsItIs`:
    /// printable ASCII, line breaks, and the blocks of letters, punctuation and symbols without
    /// controls, format characters, combining marks or characters NFC changes). `MarkupTextTests`
    /// checks every one of these scalars against the sanitiser. Most of a page's non-ASCII text
    /// is only these; the sanitiser rebuilt it a scalar at a time (a fifth of a news page's parse).
    static func isCleanAsItIs(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where !TextSanitizer.keepsAsItIs(scalar) { return false }
        return true
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
        let pad = block.indent == 0 ? "" : String(repeating: "  ", count: block.indent)
        switch block.content {
        case .heading(_, let spans), .paragraph(let spans):
            // One line (no `<br>`) and no indent, most blocks: `lines` without its arrays.
            if pad.isEmpty, !spans.contains(where: { $0.text == "\n" }) {
                var line = ""
                for span in spans { line += span.text }
                return trimmed(line)
            }
            let lines = lines(spans)
            // Not indented (most blocks): the lines as they are, one without joining.
            if pad.isEmpty { return lines.count == 1 ? lines[0] : lines.joined(separator: "\n") }
            return lines.map { pad + $0 }.joined(separator: "\n")
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
        return out.compactMap { line in
            let kept = trimmed(line)
            return kept.isEmpty ? nil : kept
        }
    }

    /// The line without the space `Character`s at either end. A first or last `Character` that
    /// is a space starts or ends with the byte 0x20: a line without one at either end (most) is
    /// kept as it is, without the walk by `Character` (a grapheme break check a step) and the copy.
    static func trimmed(_ line: String) -> String {
        let bytes = line.utf8
        guard bytes.first == 0x20 || bytes.last == 0x20 else { return line }
        var l = Substring(line)
        while l.first == " " { l.removeFirst() }
        while l.last == " " { l.removeLast() }
        return String(l)
    }
}
