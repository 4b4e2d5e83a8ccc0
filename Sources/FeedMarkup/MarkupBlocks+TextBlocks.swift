import FeedModel

extension MarkupBlocks {
    /// The blocks as the terminal's `TextBlock`s: paragraphs and headings as hard lines with
    /// each link's number after its text (`text[3]`), list items under their markers, code and
    /// tables as preformatted lines (a table in aligned columns), pictures as `[picture: alt]`
    /// with their caption, quotes marked.
    public func textBlocks() -> [TextBlock] {
        var out: [TextBlock] = []
        for block in blocks {
            let isQuote = block.quoteLevel > 0
            let indent = block.indent + max(0, block.quoteLevel - 1)
            switch block.content {
            case .heading(_, let spans), .paragraph(let spans):
                let lines = Self.numberedLines(spans)
                if !lines.isEmpty { out.append(TextBlock(.paragraph, lines: lines, indent: indent, isQuote: isQuote)) }
            case .item(let marker, let spans):
                let lines = Self.numberedLines(spans)
                out.append(TextBlock(.paragraph, lines: lines.isEmpty ? [""] : lines, indent: indent + 1, marker: marker + " ", isQuote: isQuote))
            case .code(let lines):
                out.append(TextBlock(.preformatted, lines: lines, indent: indent, isQuote: isQuote))
            case .table(let rows, _):
                out.append(TextBlock(.preformatted, lines: MarkupLayout.table(rows, width: 400), indent: indent, isQuote: isQuote))
            case .figure(let index, let caption):
                let alt = index.flatMap { pictures.indices.contains($0) ? pictures[$0].alt : nil } ?? ""
                let lines = [alt.isEmpty ? "[picture]" : "[picture: \(alt)]"] + Self.numberedLines(caption)
                out.append(TextBlock(.paragraph, lines: lines, indent: indent, isQuote: isQuote, picture: index))
            case .rule:
                out.append(TextBlock(.paragraph, lines: ["⁂"], indent: indent, isQuote: isQuote))
            }
        }
        return out
    }

    /// Hard lines of spans (split at `<br>`), a link's number after its last span.
    static func numberedLines(_ spans: [Span]) -> [String] {
        var lines = [""]
        for (index, span) in spans.enumerated() {
            if span.text == "\n" {
                lines.append("")
                continue
            }
            lines[lines.count - 1] += span.text
            if let n = span.link, index + 1 == spans.count || spans[index + 1].link != n {
                lines[lines.count - 1] += "[\(n)]"
            }
        }
        return lines.map { line in
            var l = Substring(line)
            while l.first == " " { l.removeFirst() }
            while l.last == " " { l.removeLast() }
            return String(l)
        }.filter { !$0.isEmpty }
    }
}
