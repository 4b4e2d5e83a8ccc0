import Foundation

/// Turns an HTML fragment (HN `text`, Mastodon `content`) into blocks a terminal can draw.
///
/// One forgiving pass, no DOM: paragraphs and `<br>` hard breaks; links as their text followed
/// by ` (URL)` unless the text already is the URL (HN's `https://…/pa...` truncation counts as
/// the URL, which is then shown whole); entities decoded (named, decimal, hex; bad ones stay
/// text); `<pre>` kept verbatim with its spaces and line breaks; `<ul>`/`<ol>` items with
/// markers; `<blockquote>` indented; `<script>`, `<style>`, `<head>`, `<title>` and comments
/// dropped; a `<` that opens no tag is text; unclosed tags close at the end. Escape sequences
/// are removed whole before the markup is read (`ControlSequenceScanner`, the grammar
/// `TextSanitizer` uses), so the detail and the list agree on what is text. Every line leaves
/// through `TextSanitizer`, so decoded `&#27;` or a C1 control never reaches the terminal.
public enum HTMLBlocks {
    /// Parses HTML into blocks.
    /// - Complexity: O(n) in the input's length.
    public static func parse(_ html: String) -> [TextBlock] {
        var parser = Parser()
        parser.run(html)
        return parser.blocks
    }

    /// Blocks from plain text: a blank line separates paragraphs, a single newline is a hard break.
    public static func plain(_ text: String) -> [TextBlock] {
        let cleaned = TextSanitizer.clean(text, mode: .multiline)
        return cleaned.components(separatedBy: "\n\n").compactMap { paragraph in
            let lines = paragraph.split(separator: "\n").map { TextSanitizer.clean(String($0)) }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : TextBlock(.paragraph, lines: lines)
        }
    }
}

// MARK: - Helpers

private struct Parser {
    var blocks: [TextBlock] = []
    private var inline = ""
    private var pendingSpace = false
    private var pre = ""
    private var preDepth = 0
    private var lists: [(isOrdered: Bool, count: Int)] = []
    private var quoteDepth = 0
    private var pendingMarker: String?
    private var links: [(href: String, text: String)] = []
    private var skipping: String?
    /// Cells opened in the current table row: each after the first is set apart by a bar.
    private var cellsInRow = 0

    mutating func run(_ html: String) {
        var rest = Substring(ControlSequences.strip(html))
        while let c = rest.first {
            if c == "<", let tag = HTMLTag(at: rest) {
                rest = rest.dropFirst(tag.length)
                if let name = skipping {
                    if tag.isClosing && tag.name == name { skipping = nil }
                    continue
                }
                handle(tag)
            } else if c == "&", let (decoded, length) = HTMLEntities.decode(at: rest) {
                rest = rest.dropFirst(length)
                if skipping == nil { decoded.forEach { append($0) } }
            } else {
                rest = rest.dropFirst()
                if skipping == nil { append(c) }
            }
        }
        if preDepth > 0 { flushPre() }
        flushParagraph()
    }

    private mutating func append(_ c: Character) {
        if preDepth > 0 {
            pre.append(c)
            return
        }
        if c == " " || c == "\n" || c == "\t" || c == "\r\n" || c == "\r" {
            if !inline.isEmpty && inline.last != "\n" { pendingSpace = true }
            return
        }
        if pendingSpace {
            inline.append(" ")
            for i in links.indices where !links[i].text.isEmpty { links[i].text.append(" ") }
            pendingSpace = false
        }
        inline.append(c)
        for i in links.indices { links[i].text.append(c) }
    }

    private mutating func handle(_ tag: HTMLTag) {
        if preDepth > 0 {
            switch tag.name {
            case "pre":
                if tag.isClosing {
                    preDepth -= 1
                    if preDepth == 0 { flushPre() }
                } else if !tag.isSelfClosing {
                    preDepth += 1
                }
            case "br", "p", "div", "li", "tr": pre.append("\n")
            default: break
            }
            return
        }
        switch tag.name {
        case "script", "style", "head", "title", "template", "noscript":
            if !tag.isClosing && !tag.isSelfClosing { skipping = tag.name }
        case "br":
            inline.append("\n")
            pendingSpace = false
        case "pre":
            flushParagraph()
            if !tag.isClosing && !tag.isSelfClosing { preDepth = 1 }
        case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "section", "article", "header",
             "footer", "hr", "dt", "dd", "figure", "figcaption":
            flushParagraph()
            if tag.name == "tr" || tag.name == "table" { cellsInRow = 0 }
        case "td", "th":
            if !tag.isClosing {
                if cellsInRow > 0 {
                    inline.append(" │ ")
                    pendingSpace = false
                }
                cellsInRow += 1
            }
        case "blockquote":
            flushParagraph()
            quoteDepth = max(0, quoteDepth + (tag.isClosing ? -1 : tag.isSelfClosing ? 0 : 1))
        case "ul", "ol":
            flushParagraph()
            if tag.isClosing {
                if !lists.isEmpty { lists.removeLast() }
            } else if !tag.isSelfClosing {
                lists.append((tag.name == "ol", 0))
            }
        case "li":
            flushParagraph()
            if !tag.isClosing {
                if lists.isEmpty {
                    pendingMarker = "• "
                } else {
                    lists[lists.count - 1].count += 1
                    let list = lists[lists.count - 1]
                    pendingMarker = list.isOrdered ? "\(list.count). " : "• "
                }
            }
        case "a":
            if tag.isClosing {
                if let link = links.popLast() { close(link) }
            } else if !tag.isSelfClosing {
                links.append((HTMLEntities.decodeAll(tag.attribute("href") ?? ""), ""))
            }
        default:
            break
        }
    }

    private mutating func close(_ link: (href: String, text: String)) {
        let href = link.href.trimmingSpaceAndNewlines()
        guard !href.isEmpty, !href.hasPrefix("#") else { return }
        let text = link.text
        if text == href { return }
        if text.isEmpty {
            href.forEach { append($0) }
            return
        }
        // HN shortens long URLs in link text to `https://example.com/a/very/lo...`.
        if text.hasSuffix("...") && href.hasPrefix(text.dropLast(3)) && inline.hasSuffix(text) {
            inline.removeLast(text.count)
            href.forEach { append($0) }
            return
        }
        if text.hasSuffix("/") ? text.dropLast() == href : text == href + "/" { return }
        " (\(href))".forEach { append($0) }
    }

    private mutating func flushParagraph() {
        pendingSpace = false
        defer { inline = "" }
        let lines = inline.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextSanitizer.clean(String($0)) }
        guard let first = lines.firstIndex(where: { !$0.isEmpty }),
              let last = lines.lastIndex(where: { !$0.isEmpty })
        else { return }
        blocks.append(TextBlock(.paragraph, lines: Array(lines[first...last]), indent: lists.count + quoteDepth,
                                marker: pendingMarker, isQuote: quoteDepth > 0))
        pendingMarker = nil
    }

    private mutating func flushPre() {
        preDepth = 0
        defer { pre = "" }
        var lines = pre.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextSanitizer.cleanKeepingLayout(String($0)) }
        // Trailing spaces carry nothing; a blank first or last line is the markup's own line break.
        lines = lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { return }
        blocks.append(TextBlock(.preformatted, lines: lines, indent: lists.count + quoteDepth, isQuote: quoteDepth > 0))
    }
}
