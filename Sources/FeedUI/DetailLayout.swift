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

    /// The lines of a detail, long texts wrapped only as far as `detail.longWraps` has gone
    /// (and a first slice of those not started): for a preview, which is never advanced.
    static func lines(_ detail: DetailState, width: Int, now: Double, measure: Int = commentMeasure) -> [DetailLine] {
        var wraps = detail.longWraps
        return lines(detail, width: width, now: now, measure: measure, wraps: &wraps)
    }

    /// The lines of a detail. Texts of `LongWrap.threshold` bytes and more are wrapped a
    /// slice at a time: `wraps` keeps each one's progress by its place in the document (a new
    /// one gets a first slice), and the lines stop at a note saying how much is left.
    static func lines(
        _ detail: DetailState, width: Int, now: Double, measure: Int = commentMeasure, wraps: inout [String: LongWrap]
    ) -> [DetailLine] {
        headLines(detail, width: width, now: now, wraps: &wraps)
            + commentLines(detail, from: 0, width: width, now: now, measure: measure, wraps: &wraps)
    }

    /// The lines above the comments: the picture's room, title, meta, link, body and, for a
    /// thread, the rule that opens the comments. No line of it belongs to a comment.
    static func headLines(_ detail: DetailState, width: Int, now: Double, wraps: inout [String: LongWrap]) -> [DetailLine] {
        let item = detail.item
        // Room for the picture, kept whether or not it has arrived, so it appears without
        // moving the text: blank lines above the title, or columns beside the title's lines.
        let isAside = detail.pictureColumns > 0
        var lines: [DetailLine] = Array(repeating: DetailLine(""), count: isAside ? 0 : detail.pictureRows)
        let textWidth = max(1, width - 2 - detail.pictureColumns)
        var place = Place(wraps: wraps)
        defer { wraps = place.wraps ?? wraps }
        place.wrap(item.title.isEmpty ? "(untitled)" : item.title, key: "title", width: textWidth, into: &lines) {
            DetailLine($0, column: 1, style: .title)
        }
        let meta = metaLine(item, now: now)
        let shownURL = item.url.map(LinkText.display)
        if !meta.isEmpty && meta != shownURL {
            place.wrap(meta, key: "meta", width: textWidth, into: &lines) { DetailLine($0, column: 1, style: .meta) }
        }
        if let url = shownURL {
            place.wrap(url, key: "url", width: textWidth, into: &lines) { DetailLine($0, column: 1, style: .meta) }
        }
        // Each enclosure on a line of its own (a podcast's episode: `o` opens the first that
        // plays), its address shown as every link is (`LinkText`: decoded, sanitised).
        for (index, media) in item.media.enumerated() {
            var shown = media
            shown.url = LinkText.display(media.url)
            shown.type = media.type.map { TextSanitizer.clean($0) }
            place.wrap(shown.detailLine, key: "media \(index)", width: textWidth, into: &lines) { DetailLine($0, column: 1, style: .meta) }
        }
        // What follows the title runs the whole width, so it starts below a picture beside it.
        if isAside, lines.count < detail.pictureRows - 1 {
            lines += Array(repeating: DetailLine(""), count: detail.pictureRows - 1 - lines.count)
        }
        if !detail.body.isEmpty {
            lines.append(DetailLine(""))
            lines += blockLines(detail.body, column: 1, width: width, comment: nil, key: "body", place: &place)
        }
        guard detail.comments != nil else { return lines }
        lines.append(DetailLine(""))
        let count = item.commentCount.map { "\($0.grouped) comment\($0 == 1 ? "" : "s")" } ?? "Comments"
        lines.append(DetailLine("── \(count) " + String(repeating: "─", count: max(0, width - TextWidth.of(count) - 6)),
                                column: 1, style: .footer))
        return lines
    }

    /// The lines of the comments shown from `first` on (`DetailState.shownComments`), as the
    /// whole layout has them: for following a change from its first row rather than laying out
    /// every comment again. `first` must not be hidden under a folded comment above it (the
    /// caller starts at that folded comment instead, its `+N hidden` being part of the change).
    static func commentLines(
        _ detail: DetailState, from first: Int, width: Int, now: Double, measure: Int = commentMeasure,
        wraps: inout [String: LongWrap]
    ) -> [DetailLine] {
        guard detail.comments != nil else { return [] }
        let item = detail.item
        var lines: [DetailLine] = []
        var place = Place(wraps: wraps)
        defer { wraps = place.wraps ?? wraps }
        let count = detail.shownCommentCount
        var hideDeeperThan: Int?
        for index in max(0, first)..<max(max(0, first), count) {
            let comment = detail.shownComment(at: index)
            if let depth = hideDeeperThan {
                if comment.depth > depth { continue }
                hideDeeperThan = nil
            }
            let column = 1 + indentStep * min(comment.depth, max(0, (width - 20) / indentStep))
            var header = [comment.author ?? DetailState.placeholder(of: comment) ?? "[unknown]"]
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
                while next < count, detail.shownComment(at: next).depth > comment.depth {
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
                lines += blockLines(blocks, column: column + 2, width: min(width, column + 2 + measure), comment: index,
                                    key: "comment \(comment.id)", place: &place)
            }
        }
        return lines
    }

    /// Paragraphs word-wrapped, code blocks kept as they are, a blank line between blocks
    /// (none between list items).
    static func blockLines(_ blocks: [TextBlock], column: Int, width: Int, comment: Int?) -> [DetailLine] {
        var whole = Place(wraps: nil)
        return blockLines(blocks, column: column, width: width, comment: comment, key: "", place: &whole)
    }

    /// The lines of blocks with room for their figures' pictures: `pictureRows(index)` blank
    /// lines before each figure's text (none when it gives 0).
    /// - Returns: the lines, and where each picture's room begins.
    static func blockLines(
        _ blocks: [TextBlock], column: Int, width: Int, pictureRows: (Int) -> Int
    ) -> (lines: [DetailLine], pictures: [(line: Int, picture: Int)]) {
        var whole = Place(wraps: nil)
        var pictures: [(line: Int, picture: Int)] = []
        let lines = blockLines(blocks, column: column, width: width, comment: nil, key: "", place: &whole) { index, lines in
            let rows = pictureRows(index)
            guard rows > 0 else { return }
            pictures.append((lines.count, index))
            lines.append(contentsOf: repeatElement(DetailLine(""), count: rows))
        }
        return (lines, pictures)
    }

    private static func blockLines(
        _ blocks: [TextBlock], column: Int, width: Int, comment: Int?, key: String, place: inout Place,
        roomForPicture: (Int, inout [DetailLine]) -> Void = { _, _ in }
    ) -> [DetailLine] {
        var lines: [DetailLine] = []
        for (offset, block) in blocks.enumerated() {
            let isListItem = block.indent > 0 && !block.isQuote
            if offset > 0 && !(isListItem && blocks[offset - 1].indent > 0 && !blocks[offset - 1].isQuote) {
                lines.append(DetailLine("", comment: comment))
            }
            if let picture = block.picture { roomForPicture(picture, &lines) }
            let start = column + indentStep * block.indent
            switch block.kind {
            case .preformatted:
                for line in block.lines { lines.append(DetailLine(line, column: start, style: .normal, comment: comment)) }
            case .paragraph:
                let marker = block.marker ?? (block.isQuote ? "│ " : "")
                let markerWidth = TextWidth.of(marker)
                let available = max(1, width - start - markerWidth - 1)
                var first = true
                for (number, hardLine) in block.lines.enumerated() {
                    place.wrap(hardLine, key: "\(key) \(offset).\(number)", width: available, into: &lines) { line in
                        let prefix = first || block.isQuote ? marker : String(repeating: " ", count: markerWidth)
                        first = false
                        return DetailLine(prefix + line, column: start, style: .normal, comment: comment)
                    }
                }
            }
        }
        return lines
    }

    /// Where wrapped text goes: short texts wrapped whole, long ones as far as their
    /// `LongWrap` has gone (or whole, where there is no `wraps` to keep progress in).
    struct Place {
        var wraps: [String: LongWrap]?

        mutating func wrap(_ text: String, key: String, width: Int, into lines: inout [DetailLine], _ line: (String) -> DetailLine) {
            guard text.utf8.count >= LongWrap.threshold, var wraps else {
                for piece in DetailLayout.wrap(text, width: width) { lines.append(line(piece)) }
                return
            }
            var long = wraps[key] ?? LongWrap(text, width: width)
            if long.text != text || long.width != max(1, width) { long = LongWrap(text, width: width) }
            if long.remainingBytes == long.text.utf8.count { long.advance(bytes: LongWrap.firstSlice) }
            for piece in long.wrapped { lines.append(line(piece)) }
            if !long.isDone {
                var note = line("⋯ laying out: \(Self.size(long.remainingBytes)) more")
                note.style = .meta
                lines.append(note)
            }
            wraps[key] = long
            self.wraps = wraps
        }

        static func size(_ bytes: Int) -> String {
            bytes >= 1_000_000 ? "\(bytes / 1_000_000).\(bytes / 100_000 % 10) MB" : "\(max(1, bytes / 1000)) KB"
        }
    }

    /// Word-wraps one line to a display width (`TextWidth`: wide characters take two
    /// columns); a word longer than the width is broken between characters.
    /// - Complexity: O(n) in the length of the text, whatever its words.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var used = 0
        // ASCII text splits by bytes (a `Character` walk of a 10 MB title took most of the time
        // it spent here); other text by characters, so a space carrying a mark stays whole.
        let pieces = text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.split(separator: 0x20).map(Substring.init) : text.split(separator: " ")
        for piece in pieces {
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
            // Printable ASCII is one column a byte: cut by bytes, a line at a time (walking a
            // 10 MB word by grapheme cluster took most of a second in a release build).
            if piece.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                let bytes = piece.utf8
                var start = bytes.startIndex
                while bytes.distance(from: start, to: bytes.endIndex) > width {
                    let end = bytes.index(start, offsetBy: width)
                    lines.append(String(piece[start..<end]))
                    start = end
                }
                line = String(piece[start...])
                used = bytes.distance(from: start, to: bytes.endIndex)
                continue
            }
            // Broken between characters in one pass, a closing mark never starting a line (`LineCut`):
            // each line takes as many as fit, the rest starts the current line.
            let pieces = LineCut.pieces(of: word, width: width)
            lines += pieces.dropLast().map(\.text)
            line = pieces.last?.text ?? ""
            used = pieces.last?.columns ?? 0
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
