import FeedModel
import Foundation

/// The one tree-to-blocks renderer: walks a parsed page (or part of one) and lays its content
/// out as `MarkupBlocks`, numbering links and collecting pictures as it goes.
///
/// Block elements start new blocks, inline ones add spans, whitespace collapses outside `<pre>`;
/// scripts, styles, forms' controls and `hidden` elements are skipped; a table whose cells hold
/// only short inline text stays a table, any other (a layout table) is read as blocks.
public struct MarkupRenderer {
    /// Renders `node`'s children.
    /// - Parameters:
    ///   - node: usually `<body>` or an extracted article's root.
    ///   - base: the address relative links resolve against.
    /// - Complexity: O(n) in the number of nodes (tables are looked at twice).
    public static func render(_ node: HTMLNode, base: URL?) -> MarkupBlocks {
        var renderer = MarkupRenderer(base: base)
        renderer.walkChildren(node)
        renderer.flush()
        return MarkupBlocks(blocks: renderer.blocks, links: renderer.links, pictures: renderer.pictures)
    }

    /// Renders an HTML fragment or page given as text (an API's HTML field).
    public static func render(html: String, base: URL? = nil) -> MarkupBlocks {
        let document = HTMLDocument.parse(html, url: base)
        return render(document.body, base: document.baseURL)
    }

    static let skipped: NameKey.Set = [
        "script", "style", "noscript", "template", "head", "title", "iframe", "object", "embed", "svg", "math",
        "button", "select", "input", "textarea", "option", "canvas", "audio", "video", "source", "track", "map",
        "meta", "link", "dialog",
    ]
    static let blockContainers: NameKey.Set = [
        "p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "address", "center", "details",
        "summary", "dl", "dt", "form", "fieldset", "legend", "caption", "body", "html", "hgroup", "tr", "td", "th",
        "thead", "tbody", "tfoot", "figcaption", "noframes", "menu", "search",
    ]
    static let codeInline: NameKey.Set = ["code", "kbd", "samp", "tt", "var"]

    // MARK: - Helpers

    private let base: URL?
    private var blocks: [MarkupBlock] = []
    private var links: [MarkupLink] = []
    private var linkNumbers: [String: Int] = [:]
    private var pictures: [MarkupPicture] = []
    private var pictureNumbers: [String: Int] = [:]
    private var inline: [Span] = []
    private var indent = 0
    private var quoteLevel = 0
    private var lists: [(ordered: Bool, next: Int)] = []
    private var pendingMarker: String?
    private var link: Int?
    private var codeDepth = 0

    private init(base: URL?) { self.base = base }

    /// The names `walk`'s switch has a case for: any other goes straight to its default (the
    /// switch compared a `p` or a `div` with every case's string first).
    static let switchNames: NameKey.Set = [
        "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dd", "blockquote", "pre", "xmp", "listing",
        "plaintext", "table", "figure", "img", "picture", "amp-img", "a", "span",
    ]

    private mutating func walkChildren(_ node: HTMLNode) {
        // Unretained (`forEachChild`): rendering reads the tree, never changes it.
        node.forEachChild { walk($0) }
    }

    private mutating func walk(_ node: HTMLNode) {
        if node.isText { return appendText(of: node) }
        if node.isNamed(in: Self.skipped) || node["hidden"] != nil { return }
        guard node.isNamed(in: Self.switchNames) else { return walkOther(node) }
        let name = node.name
        switch name {
        case "br":
            if !inline.isEmpty { inline.append(Span("\n")) }
        case "hr":
            flush()
            emit(.rule)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            walkChildren(node)
            let spans = takeInline()
            if !spans.isEmpty { emit(.heading(level: name.last.flatMap { Int(String($0)) } ?? 2, spans)) }
        case "ul", "ol":
            flush()
            let isNested = !lists.isEmpty
            let start = name == "ol" ? (node["start"].flatMap { Int($0.trimmingSpaces()) } ?? 1) : 0
            if isNested { indent += 1 }
            lists.append((name == "ol", start))
            walkChildren(node)
            flush()
            lists.removeLast()
            if isNested { indent -= 1 }
        case "li":
            flush()
            pendingMarker = nextMarker()
            walkChildren(node)
            flush()
            if let marker = pendingMarker {
                // An empty item still shows its marker so the numbering stays readable.
                emit(.item(marker: marker, []))
                pendingMarker = nil
            }
        case "dd":
            flush()
            indent += 1
            walkChildren(node)
            flush()
            indent -= 1
        case "blockquote":
            flush()
            quoteLevel += 1
            walkChildren(node)
            flush()
            quoteLevel -= 1
        case "pre", "xmp", "listing", "plaintext":
            flush()
            let lines = Self.codeLines(node)
            if !lines.isEmpty { emit(.code(lines)) }
        case "table":
            flush()
            if let (rows, header) = simpleTable(node) {
                if !rows.isEmpty { emit(.table(rows: rows, header: header)) }
            } else {
                walkChildren(node)
                flush()
            }
        case "figure":
            flush()
            figure(node)
        case "img", "picture", "amp-img":
            image(node)
        case "a":
            let saved = link
            if let href = node["href"], let url = HTMLDocument.resolve(href, against: base) {
                link = number(url: url.absoluteString, text: node.textContent)
            }
            walkChildren(node)
            link = saved
        case "span":
            // Mastodon shortens a link's text with `<span class="invisible">` around the parts it
            // hides and `<span class="ellipsis">` before the cut.
            let classes = node["class"]?.split(separator: " ") ?? []
            if classes.contains("invisible") { return }
            walkChildren(node)
            if classes.contains("ellipsis") { appendText("…") }
        default:
            walkOther(node)
        }
    }

    /// An element `walk`'s switch has no case for.
    private mutating func walkOther(_ node: HTMLNode) {
        if node.isNamed(in: Self.codeInline) {
            codeDepth += 1
            walkChildren(node)
            codeDepth -= 1
        } else if node.isNamed(in: Self.blockContainers) {
            flush()
            walkChildren(node)
            flush()
        } else {
            walkChildren(node)
        }
    }

    private mutating func nextMarker() -> String {
        guard let last = lists.last else { return "•" }
        if last.ordered {
            lists[lists.count - 1].next += 1
            return "\(last.next)."
        }
        // Bullets change with the depth of unordered lists only: a list inside a numbered one
        // starts again at `•`.
        let depth = lists.filter { !$0.ordered }.count - 1
        return ["•", "◦", "▪"][depth % 3]
    }

    private mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { appendText(utf8: $0) }
    }

    /// `appendText(node.text)`, read from the node's bytes (no String made of text the tree
    /// keeps as bytes, `HTMLTextStore`).
    private mutating func appendText(of node: HTMLNode) {
        node.withTextUTF8 { appendText(utf8: $0) }
    }

    private mutating func appendText(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var space = inline.last.map { $0.text.hasSuffix(" ") || $0.text == "\n" } ?? true
        appendCollapsed(Self.collapsed(utf8: bytes, afterSpace: &space))
    }

    private mutating func appendCollapsed(_ collapsed: String) {
        guard !collapsed.isEmpty else { return }
        if let last = inline.last, last.link == link, last.isCode == (codeDepth > 0), last.text != "\n" {
            inline[inline.count - 1].text += collapsed
        } else {
            inline.append(Span(collapsed, link: link, isCode: codeDepth > 0))
        }
    }

    /// HTML's white space (and no-break space) in `text` collapsed to one space, and dropped
    /// after a space (`space`: whether the text before ends in one; left saying whether this
    /// text does). Read as UTF-8 bytes and written straight into the new string (a Character at
    /// a time was a tenth of a big page's time). Eight bytes are copied whole when none of them
    /// is below 0x20 or the lead byte of a no-break space, no two spaces are neighbours and the
    /// first is not a space after a space: the byte loop would copy each of them as it is.
    static func collapsed(_ text: String, afterSpace space: inout Bool) -> String {
        var text = text
        return text.withUTF8 { collapsed(utf8: $0, afterSpace: &space) }
    }

    /// `collapsed(_:afterSpace:)` of text as UTF-8.
    static func collapsed(utf8 bytes: UnsafeBufferPointer<UInt8>, afterSpace space: inout Bool) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            /// 0x80 in each byte of `x` that is zero, nothing elsewhere (no borrow crosses bytes).
            @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & lows) &+ lows) | x | lows) }
            var count = 0
            var index = 0
            while index < bytes.count {
                if index &+ 8 <= bytes.count {
                    let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    // Any byte below 0x20 (exact for "any": a borrow starts only at one).
                    let controls = (word &- ones &* 0x20) & ~word & highs
                    let leads = zeroBytes(word ^ (ones &* 0xC2))
                    let spaces = zeroBytes(word ^ (ones &* 0x20))
                    if controls | leads | (spaces & (spaces << 8)) == 0, !space || spaces & 0x80 == 0 {
                        UnsafeMutableRawPointer(out.baseAddress! + count).storeBytes(of: word, as: UInt64.self)
                        count &+= 8
                        index &+= 8
                        space = spaces >> 63 != 0
                        continue
                    }
                }
                // Byte by byte to the end of these eight (a no-break space may end one past).
                let end = min(index &+ 8, bytes.count)
                while index < end {
                    let byte = bytes[index]
                    let width = byte == 0xC2 && index &+ 1 < bytes.count && bytes[index &+ 1] == 0xA0 ? 2
                        : (byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C ? 1 : 0)
                    if width > 0 {
                        if !space {
                            out[count] = 0x20
                            count &+= 1
                        }
                        space = true
                        index &+= width
                    } else {
                        out[count] = byte
                        count &+= 1
                        space = false
                        index &+= 1
                    }
                }
            }
            return count
        }
    }

    /// Takes the inline spans gathered so far, trimmed; empty when they hold no visible text.
    private mutating func takeInline() -> [Span] {
        var spans = inline
        inline = []
        while let last = spans.last, last.text == "\n" || last.text.allSatisfy({ $0 == " " }) { spans.removeLast() }
        while let first = spans.first, first.text == "\n" || first.text.allSatisfy({ $0 == " " }) { spans.removeFirst() }
        guard !spans.isEmpty else { return [] }
        if spans[0].text.hasPrefix(" ") { spans[0].text.removeFirst() }
        if spans[spans.count - 1].text.hasSuffix(" ") { spans[spans.count - 1].text.removeLast() }
        // A space before a hard break is invisible; drop it so lines end clean.
        for i in spans.indices.dropLast() where spans[i + 1].text == "\n" && spans[i].text.hasSuffix(" ") {
            spans[i].text.removeLast()
        }
        return spans.filter { !$0.text.isEmpty }
    }

    private mutating func flush() {
        let spans = takeInline()
        if let marker = pendingMarker {
            pendingMarker = nil
            emit(.item(marker: marker, spans))
        } else if !spans.isEmpty {
            emit(.paragraph(spans))
        }
    }

    private mutating func emit(_ content: MarkupBlock.Content) {
        blocks.append(MarkupBlock(content, indent: indent, quoteLevel: quoteLevel))
    }

    private mutating func number(url: String, text: String) -> Int {
        if let n = linkNumbers[url] { return n }
        let n = links.count + 1
        linkNumbers[url] = n
        links.append(MarkupLink(n: n, text: TextSanitizer.clean(text), url: url))
        return n
    }

    private mutating func picture(of node: HTMLNode) -> Int? {
        let img = node.name == "picture" ? (node.first("img") ?? node) : node
        let candidates = [img["src"], img["data-src"], img["data-original"], img["data-lazy-src"], Self.firstSource(img["srcset"] ?? img["data-srcset"])]
        let base = self.base
        guard let url = candidates.compactMap({ $0 }).lazy.compactMap({ HTMLDocument.resolve($0, against: base) }).first
        else { return nil }
        let key = url.absoluteString
        if let n = pictureNumbers[key] { return n }
        pictures.append(MarkupPicture(url: key, alt: TextSanitizer.clean(img["alt"] ?? "")))
        pictureNumbers[key] = pictures.count - 1
        return pictures.count - 1
    }

    private static func firstSource(_ srcset: String?) -> String? {
        guard let srcset, let first = srcset.split(separator: ",").first else { return nil }
        return first.split(separator: " ").first.map(String.init)
    }

    private mutating func image(_ node: HTMLNode) {
        guard let index = picture(of: node) else { return }
        let pendingText = takeInline()
        if !pendingText.isEmpty || pendingMarker != nil {
            if let marker = pendingMarker {
                pendingMarker = nil
                emit(.item(marker: marker, pendingText))
            } else {
                emit(.paragraph(pendingText))
            }
        }
        emit(.figure(picture: index, caption: []))
    }

    private mutating func figure(_ node: HTMLNode) {
        let images = node.descendants(named: ["img", "amp-img"])
        let caption = node.descendants(named: ["figcaption"]).first
        let hasOtherBlocks = !node.descendants(named: ["pre", "table", "ul", "ol", "p", "blockquote"])
            .filter { element in caption.map { c in !element.ancestors.contains { $0 === c } } ?? true }.isEmpty
        guard images.count == 1, !hasOtherBlocks, let index = picture(of: images[0]) else {
            walkChildren(node)
            flush()
            return
        }
        var spans: [Span] = []
        if let caption {
            walkChildren(caption)
            spans = takeInline()
        }
        emit(.figure(picture: index, caption: spans))
    }

    /// Rows of cells when `table` is a simple data table, `nil` for a layout table.
    private mutating func simpleTable(_ table: HTMLNode) -> ([[[Span]]], Bool)? {
        var rowNodes: [HTMLNode] = []
        for child in table.elementChildren {
            if child.name == "tr" { rowNodes.append(child) }
            if ["thead", "tbody", "tfoot"].contains(child.name) { rowNodes += child.elementChildren.filter { $0.name == "tr" } }
        }
        let blocky: NameKey.Set = ["table", "pre", "ul", "ol", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "img", "p", "div", "figure"]
        var columns = 0
        for row in rowNodes {
            let cells = row.elementChildren.filter { $0.name == "td" || $0.name == "th" }
            columns = max(columns, cells.count)
            for cell in cells {
                if !cell.descendants(named: blocky).isEmpty || cell.textContent.count > 300 { return nil }
            }
        }
        guard columns <= 12, !rowNodes.isEmpty else { return nil }
        if columns <= 1 { return nil }
        var rows: [[[Span]]] = []
        let savedLink = link
        for row in rowNodes {
            var cells: [[Span]] = []
            for cell in row.elementChildren where cell.name == "td" || cell.name == "th" {
                walkChildren(cell)
                cells.append(takeInline().map { span in
                    var s = span
                    if s.text == "\n" { s.text = " " }
                    return s
                })
            }
            if cells.contains(where: { !$0.isEmpty }) { rows.append(cells) }
        }
        link = savedLink
        let header = rowNodes.first.map { !$0.elementChildren.isEmpty && $0.elementChildren.allSatisfy { $0.name == "th" } } ?? false
        return (rows, header)
    }

    /// `codeLines` of ASCII text without `\r`, the same steps on bytes: tabs become four spaces,
    /// an empty first line goes, then trailing lines of spaces, then each line's trailing spaces.
    static func asciiCodeLines(_ text: String) -> [String] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x0A:
                lines.append(line)
                line.removeAll(keepingCapacity: true)
            case 0x09: line.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
            default: line.append(byte)
            }
        }
        lines.append(line)
        if lines.first?.isEmpty == true { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == 0x20 }) { lines.removeLast() }
        return lines.map { line in
            var end = line.count
            while end > 0, line[end - 1] == 0x20 { end -= 1 }
            return String(decoding: line[..<end], as: UTF8.self)
        }
    }

    /// The lines of a `<pre>` as written: `<br>` is a line break, the first line break right
    /// after the tag is dropped (as HTML says), trailing blank lines go, tabs become spaces.
    static func codeLines(_ node: HTMLNode) -> [String] {
        var text = ""
        func collect(_ n: HTMLNode) {
            for child in n.children {
                if child.isText { text += child.text } else if child.name == "br" { text += "\n" } else if !child.isNamed(in: skipped) { collect(child) }
            }
        }
        collect(node)
        // ASCII without a carriage return (most code): bytes are characters, and a line break a
        // Character, so the lines are cut by bytes (the split by `Character` was most of it).
        if !text.utf8.contains(where: { $0 >= 0x80 || $0 == 0x0D }) { return asciiCodeLines(text) }
        return characterCodeLines(text)
    }

    /// `codeLines` of any text, by `Character`.
    static func characterCodeLines(_ text: String) -> [String] {
        var text = text
        // Foundation's replacing goes through NSString even with nothing to replace (a line at a
        // time, that was most of a code block's time): only when there is something.
        if text.utf8.contains(0x0D) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.utf8.contains(0x09) ? String($0).replacingOccurrences(of: "\t", with: "    ") : String($0)
        }
        if lines.first?.isEmpty == true { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        return lines.map { line in
            var l = Substring(line)
            while l.last == " " { l.removeLast() }
            return String(l)
        }
    }
}
