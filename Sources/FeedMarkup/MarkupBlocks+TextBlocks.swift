import FeedModel

extension MarkupBlocks {
    /// How a link shows in `textBlocks`.
    public enum LinkStyle: Sendable {
        /// Its number after its text (`text[3]`): the reader, which opens link N with `No`.
        case numbered
        /// Its address after its text (`the docs (https://…)`), once: not when the text already
        /// is the address, and in place of HN's shortened `https://example.com/a/very/lo...`. The
        /// detail, whose links are read and copied off the screen.
        case addresses
    }

    /// The blocks as the terminal's `TextBlock`s: paragraphs and headings as hard lines with
    /// each link's number (or address) after its text, list items under their markers, code and
    /// tables as preformatted lines (a table in aligned columns), pictures as `[picture: alt]`
    /// with their caption, quotes marked.
    /// - Parameters:
    ///   - links: how links show.
    ///   - quoteMarks: whether a paragraph whose every line starts with `>` (how Hacker News
    ///     writes a quote) is drawn as a quote, without its `>`.
    public func textBlocks(links style: LinkStyle = .numbered, quoteMarks: Bool = false) -> [TextBlock] {
        var out: [TextBlock] = []
        for block in blocks {
            let isQuote = block.quoteLevel > 0
            let indent = block.indent + max(0, block.quoteLevel - 1)
            switch block.content {
            case .heading(_, let spans), .paragraph(let spans):
                var lines = lines(spans, style: style)
                var quoted = isQuote
                if quoteMarks, !isQuote, !lines.isEmpty, lines.allSatisfy({ $0.hasPrefix(">") }) {
                    quoted = true
                    lines = lines.map { line in
                        var l = Substring(line.dropFirst())
                        while l.first == " " { l.removeFirst() }
                        return String(l)
                    }.filter { !$0.isEmpty }
                }
                if !lines.isEmpty { out.append(TextBlock(.paragraph, lines: lines, indent: indent, isQuote: quoted)) }
            case .item(let marker, let spans):
                let lines = lines(spans, style: style)
                out.append(TextBlock(.paragraph, lines: lines.isEmpty ? [""] : lines, indent: indent + 1, marker: marker + " ", isQuote: isQuote))
            case .code(let lines):
                out.append(TextBlock(.preformatted, lines: lines, indent: indent, isQuote: isQuote))
            case .table(let rows, _):
                out.append(TextBlock(.preformatted, lines: MarkupLayout.table(rows, width: 400), indent: indent, isQuote: isQuote))
            case .figure(let index, let caption):
                let alt = index.flatMap { pictures.indices.contains($0) ? pictures[$0].alt : nil } ?? ""
                let lines = [alt.isEmpty ? "[picture]" : "[picture: \(alt)]"] + lines(caption, style: style)
                out.append(TextBlock(.paragraph, lines: lines, indent: indent, isQuote: isQuote, picture: index))
            case .rule:
                out.append(TextBlock(.paragraph, lines: ["⁂"], indent: indent, isQuote: isQuote))
            }
        }
        return out
    }

    /// Hard lines of spans (split at `<br>`), each link's number or address after its last span.
    func lines(_ spans: [Span], style: LinkStyle) -> [String] {
        var lines = [""]
        var run = ""  // the text of the link being read, as it stands at the end of the line
        for (index, span) in spans.enumerated() {
            if span.text == "\n" {
                lines.append("")
                run = ""
                continue
            }
            lines[lines.count - 1] += span.text
            guard let n = span.link else { continue }
            run += span.text
            guard index + 1 == spans.count || spans[index + 1].link != n else { continue }
            switch style {
            case .numbered:
                lines[lines.count - 1] += "[\(n)]"
            case .addresses:
                if let url = links.first(where: { $0.n == n })?.url {
                    lines[lines.count - 1] = Self.withAddress(lines[lines.count - 1], run: run, url: url)
                }
            }
            run = ""
        }
        return lines.map { line in
            var l = Substring(line)
            while l.first == " " { l.removeFirst() }
            while l.last == " " { l.removeLast() }
            return String(l)
        }.filter { !$0.isEmpty }
    }

    /// `line`, which ends with a link's text `run`, with the link's address after it (or in
    /// its place, for HN's shortened addresses); unchanged when the text is the address.
    static func withAddress(_ line: String, run: String, url: String) -> String {
        let shown = run.trimmingSpace()
        if shown == url || (shown.hasSuffix("/") ? shown.dropLast() == url : shown == url + "/") { return line }
        if shown.hasSuffix("..."), url.hasPrefix(shown.dropLast(3)), line.hasSuffix(run) {
            let trailing = run.reversed().prefix { $0 == " " }.count
            return String(line.dropLast(run.count)) + String(run.prefix { $0 == " " }) + url + String(repeating: " ", count: trailing)
        }
        if line.hasSuffix(" ") {
            let trailing = line.reversed().prefix { $0 == " " }.count
            return String(line.dropLast(trailing)) + " (\(url))" + String(repeating: " ", count: trailing)
        }
        return line + " (\(url))"
    }
}
