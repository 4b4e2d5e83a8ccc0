import FeedModel
/// Blocks laid out as terminal lines: paragraphs word-wrapped to a measure, a link's text
/// followed by its number (`text[3]`), list items under their markers, quotes behind `│ `,
/// code clipped with `…` (never re-wrapped), tables in aligned columns, figures as
/// `[picture: alt]` and their caption.
public enum MarkupLayout {
    /// - Parameters:
    ///   - blocks: what `MarkupRenderer` made.
    ///   - width: columns available (at least 20 are used).
    /// - Returns: lines, blank lines between blocks; none wider than `width`.
    /// - Complexity: O(n) in the text's length (tables: O(rows × columns)).
    public static func lines(_ markup: MarkupBlocks, width: Int) -> [String] {
        let width = max(width, 20)
        var out: [String] = []
        var previousWasItem = false
        for block in markup.blocks {
            var isItem = false
            let prefix = String(repeating: "│ ", count: block.quoteLevel) + String(repeating: "  ", count: block.indent)
            let room = max(width - columns(prefix), 10)
            var lines: [String]
            switch block.content {
            case .heading(let level, let spans):
                lines = wrap(spans, width: room)
                if level <= 2 { lines.append(String(repeating: level == 1 ? "═" : "─", count: min(room, lines.map(columns).max() ?? 0))) }
            case .paragraph(let spans):
                lines = wrap(spans, width: room)
            case .item(let marker, let spans):
                isItem = true
                let hang = String(repeating: " ", count: columns(marker) + 1)
                let body = wrap(spans, width: max(room - hang.count, 10))
                lines = body.isEmpty ? [marker] : body.enumerated().map { $0.offset == 0 ? marker + " " + $0.element : hang + $0.element }
            case .code(let code):
                lines = code.map { clip($0, to: room) }
            case .table(let rows, _):
                lines = table(rows, width: room)
            case .figure(let index, let caption):
                let alt = index.flatMap { markup.pictures.indices.contains($0) ? markup.pictures[$0].alt : nil } ?? ""
                lines = [clip(alt.isEmpty ? "[picture]" : "[picture: \(alt)]", to: room)] + wrap(caption, width: room)
            case .rule:
                lines = [String(repeating: "─", count: min(room, 20))]
            }
            guard !lines.isEmpty else { continue }
            if !out.isEmpty && !(isItem && previousWasItem) { out.append("") }
            out += lines.map { prefix + $0 }
            previousWasItem = isItem
        }
        return out
    }

    /// Columns a string takes in a terminal (`TextWidth`: glibc's widths, tmux's cells).
    public static func columns<S: StringProtocol>(_ text: S) -> Int {
        TextWidth.of(text)
    }

    static func columns(_ c: Character) -> Int {
        TextWidth.of(c)
    }

    // MARK: - Helpers

    /// Words of the spans with link numbers after each link's last word, wrapped greedily;
    /// a `<br>` starts a new line; a word wider than the line is cut.
    static func wrap(_ spans: [Span], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineColumns = 0
        func flush() {
            lines.append(line)
            line = ""
            lineColumns = 0
        }
        func place(_ word: String) {
            let w = columns(word)
            guard w > 0 else { return }
            if w > width {
                // A word wider than the line (text with no spaces: Japanese, Chinese) is cut
                // into line-wide pieces in one pass, a closing mark never starting a line.
                if lineColumns > 0 { flush() }
                let pieces = LineCut.pieces(of: word, width: width)
                lines += pieces.dropLast().map(\.text)
                line = pieces.last?.text ?? ""
                lineColumns = pieces.last?.columns ?? 0
                return
            }
            if lineColumns > 0 && lineColumns + 1 + w > width { flush() }
            if lineColumns > 0 {
                line += " "
                lineColumns += 1
            }
            line += word
            lineColumns += w
        }
        var pending = ""
        for (index, span) in spans.enumerated() {
            if span.text == "\n" {
                if !pending.isEmpty { place(pending); pending = "" }
                flush()
                continue
            }
            var text = span.text
            let endsLink = span.link != nil && (index + 1 == spans.count || spans[index + 1].link != span.link)
            if endsLink, let n = span.link { text += "[\(n)]" }
            for (i, part) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                if i > 0, !pending.isEmpty {
                    place(pending)
                    pending = ""
                }
                pending += part
            }
            if text.hasSuffix(" "), !pending.isEmpty {
                place(pending)
                pending = ""
            }
        }
        if !pending.isEmpty { place(pending) }
        if lineColumns > 0 || !line.isEmpty { flush() }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text` cut to `width` columns with `…` at the end when it is longer.
    public static func clip(_ text: String, to width: Int) -> String {
        guard columns(text) > width else { return text }
        return clipExact(text, to: width - 1) + "…"
    }

    private static func clipExact(_ text: String, to width: Int) -> String {
        var out = ""
        var used = 0
        for c in text {
            let w = columns(c)
            if used + w > width { break }
            out.append(c)
            used += w
        }
        return out.isEmpty ? String(text.prefix(1)) : out
    }

    /// Aligned columns separated by two spaces; cells cut with `…` when the table is too wide.
    static func table(_ rows: [[[Span]]], width: Int) -> [String] {
        let cells = rows.map { $0.map { MarkupText.lines($0).joined(separator: " ") } }
        let count = cells.map(\.count).max() ?? 0
        guard count > 0 else { return [] }
        var widths = (0..<count).map { c in cells.map { c < $0.count ? columns($0[c]) : 0 }.max() ?? 0 }
        let gaps = 2 * (count - 1)
        while widths.reduce(0, +) + gaps > width, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 3 {
            widths[widest] -= 1
        }
        return cells.map { row in
            (0..<count).map { c -> String in
                let cell = clip(c < row.count ? row[c] : "", to: widths[c])
                return c == count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[c] - columns(cell)))
            }.joined(separator: "  ").replacingTrailingSpaces()
        }
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
