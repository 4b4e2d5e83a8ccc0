import FeedModel
import FeedPaging

/// Lays a detail out as lines for a width: pure, so it is tested as text.
enum DetailLayout {
    /// Columns each level of comment nesting indents.
    static let indentStep = 2
    /// The widest a comment's text runs, in columns from where it starts, by default: lines of
    /// about 80 read well, and a 200-column terminal would otherwise wrap them at 197 (the
    /// config's `comment_width` changes it).
    public static let commentMeasure = 80

    static func lines(_ detail: DetailState, width: Int, now: Double, measure: Int = commentMeasure) -> [DetailLine] {
        let item = detail.item
        // Room for the picture, kept whether or not it has arrived, so it appears without
        // moving the text.
        var lines: [DetailLine] = Array(repeating: DetailLine(""), count: detail.pictureRows)
        let textWidth = max(1, width - 2)
        for line in wrap(item.title.isEmpty ? "(untitled)" : item.title, width: textWidth) {
            lines.append(DetailLine(line, column: 1, style: .title))
        }
        let meta = metaLine(item, now: now)
        let shownURL = item.url.map(LinkText.display)
        if !meta.isEmpty && meta != shownURL {
            for line in wrap(meta, width: textWidth) { lines.append(DetailLine(line, column: 1, style: .meta)) }
        }
        if let url = shownURL {
            for line in wrap(url, width: textWidth) { lines.append(DetailLine(line, column: 1, style: .meta)) }
        }
        if !detail.body.isEmpty {
            lines.append(DetailLine(""))
            lines += blockLines(detail.body, column: 1, width: width, comment: nil)
        }
        guard detail.comments != nil else { return lines }
        lines.append(DetailLine(""))
        let count = item.commentCount.map { "\($0.grouped) comment\($0 == 1 ? "" : "s")" } ?? "Comments"
        lines.append(DetailLine("── \(count) " + String(repeating: "─", count: max(0, width - TextWidth.of(count) - 6)),
                                column: 1, style: .footer))
        let items = detail.shownComments
        var hideDeeperThan: Int?
        for index in 0..<items.count {
            let comment = items[index]
            if let depth = hideDeeperThan {
                if comment.depth > depth { continue }
                hideDeeperThan = nil
            }
            let column = 1 + indentStep * min(comment.depth, max(0, (width - 20) / indentStep))
            var header = [comment.author ?? "[unknown]"]
            // The post's author, marked on their comments as every forum does.
            if let author = comment.author, author == item.author { header.append("OP") }
            // The source's own words for the comment (Lobsters' points, Mastodon's ★), then its age.
            header += comment.facts.compactMap { fact in
                guard fact.name != "author", case let .text(text) = fact.label, !text.isEmpty else { return nil }
                return text
            }
            if let time = comment.time { header.append(formatAge(now - Double(time))) }
            if let seen = detail.seenBefore, !seen.contains(comment.id) { header.append("new") }
            let isCollapsed = detail.collapsed.contains(comment.id)
            if isCollapsed {
                var hidden = 0
                var next = index + 1
                while next < items.count, items[next].depth > comment.depth {
                    hidden += 1
                    next += 1
                }
                if hidden > 0 { header.append("+\(hidden) hidden") }
                hideDeeperThan = comment.depth
            }
            lines.append(DetailLine("", comment: index))
            lines.append(DetailLine((isCollapsed ? "▸ " : "▾ ") + header.joined(separator: " · "), column: column,
                                    style: .meta, comment: index, isHeader: true))
            if !isCollapsed {
                let blocks = detail.commentBlocks[comment.id] ?? DetailState.blocks(of: comment)
                lines += blockLines(blocks, column: column + 2, width: min(width, column + 2 + measure), comment: index)
            }
        }
        return lines
    }

    /// Paragraphs word-wrapped, code blocks kept as they are, a blank line between blocks
    /// (none between list items).
    static func blockLines(_ blocks: [TextBlock], column: Int, width: Int, comment: Int?) -> [DetailLine] {
        var lines: [DetailLine] = []
        for (offset, block) in blocks.enumerated() {
            let isListItem = block.indent > 0 && !block.isQuote
            if offset > 0 && !(isListItem && blocks[offset - 1].indent > 0 && !blocks[offset - 1].isQuote) {
                lines.append(DetailLine("", comment: comment))
            }
            let start = column + indentStep * block.indent
            switch block.kind {
            case .preformatted:
                for line in block.lines { lines.append(DetailLine(line, column: start, style: .normal, comment: comment)) }
            case .paragraph:
                let marker = block.marker ?? (block.isQuote ? "│ " : "")
                let markerWidth = TextWidth.of(marker)
                let available = max(1, width - start - markerWidth - 1)
                var first = true
                for hardLine in block.lines {
                    for line in wrap(hardLine, width: available) {
                        let prefix = first || block.isQuote ? marker : String(repeating: " ", count: markerWidth)
                        first = false
                        lines.append(DetailLine(prefix + line, column: start, style: .normal, comment: comment))
                    }
                }
            }
        }
        return lines
    }

    /// Word-wraps one line to a display width (`TextWidth`: wide characters take two
    /// columns); a word longer than the width is broken between characters.
    /// - Complexity: O(n) in the length of the text, whatever its words.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var used = 0
        for piece in text.split(separator: " ") {
            let word = String(piece)
            let wordWidth = TextWidth.of(word)
            if used > 0 && used + 1 + wordWidth <= width {
                line += " " + word
                used += 1 + wordWidth
                continue
            }
            if used > 0 {
                lines.append(line)
                line = ""
                used = 0
            }
            guard wordWidth > width else {
                line = word
                used = wordWidth
                continue
            }
            // Broken between characters in one pass: each line takes as many as fit, the rest
            // starts the current line. (Cutting a head and copying the rest again for every
            // line was quadratic: a 1 MB word took minutes.)
            var head = ""
            var headWidth = 0
            for character in word {
                let characterWidth = TextWidth.of(character)
                if headWidth + characterWidth > width && !head.isEmpty {
                    lines.append(head)
                    head = ""
                    headWidth = 0
                }
                head.append(character)
                headWidth += characterWidth
            }
            line = head
            used = headWidth
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
