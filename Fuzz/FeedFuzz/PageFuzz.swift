import FeedMarkup
import FeedModel
import FeedReader
import Foundation

/// Random and mutated web pages through the whole reader pipeline: charset sniffing, libxml2,
/// the tree, the extractor, the renderer and the terminal layout. Nothing may crash, no control
/// character may come out, and no page may take longer than `PageFuzz.timeLimit`.
public enum PageFuzz {
    /// Seconds one page may take through the pipeline (debug build; pages are ≤ 256 KiB).
    public static let timeLimit = 2.0

    static let tags = ["div", "p", "span", "a", "ul", "ol", "li", "table", "tr", "td", "th", "pre", "code", "h1", "h2",
                       "blockquote", "figure", "figcaption", "img", "br", "script", "style", "noscript", "article", "section",
                       "nav", "aside", "font", "form", "input", "iframe", "svg", "math", "meta", "title", "head", "body", "html"]
    static let attributes = ["class=\"comment\"", "id=\"content\"", "class=\"article-body\"", "href=\"/x\"", "href=\"javascript:x\"",
                             "src=\"/p.png\"", "style=\"display:none\"", "hidden", "role=\"navigation\"", "aria-hidden=\"true\"",
                             "href=\"\u{1B}[31m\"", "charset=\"shift_jis\"", "http-equiv=\"content-type\" content=\"text/html; charset=utf-16\"",
                             "itemprop=\"author\"", "rel=\"author\""]
    static let words = ["the", "scheduler", "waits,", "&amp;", "&#27;", "&#x9b;2J", "&nbsp;", "\u{1B}]0;t\u{07}", "\u{9B}31m", "\u{202E}",
                        "日本", "a,b,c,d", "<", ">", "&", "\u{0}", "\u{FEFF}", "<!--", "-->", "<![CDATA[", "]]>"]

    /// Case `number` under `seed`: a page, and the mutation that made it.
    public static func page(seed: UInt64, number: Int) -> (String, [UInt8]) {
        var random = SplitMix64(seed: SplitMix64.mix(seed &+ 0x9A6E) ^ SplitMix64.mix(UInt64(number)))
        switch random.next() % 5 {
        case 0:
            // Nesting far past libxml2's and the tree's depth limits.
            let depth = 1000 + Int(random.next() % 4000)
            let tag = tags[Int(random.next() % UInt64(tags.count))]
            return ("nesting", Array((String(repeating: "<\(tag)>", count: depth) + "deep text, with commas, here" + String(repeating: "</\(tag)>", count: depth / 2)).utf8))
        case 1:
            // Random bytes, some of them markup.
            let count = Int(random.next() % 8192)
            let alphabet = Array("<>/=\"' &;#abcdpz!-[]".utf8) + [0x1B, 0x9B, 0xC2, 0xE2, 0x80, 0xAE, 0xFF, 0xFE, 0x00]
            return ("bytes", (0..<count).map { _ in random.next() % 2 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(truncatingIfNeeded: random.next()) })
        default:
            // Tag soup: unbalanced tags, hostile attributes and text, then cut or doubled.
            var html = ""
            for _ in 0..<(50 + Int(random.next() % 3000)) {
                switch random.next() % 4 {
                case 0:
                    let attribute = random.next() % 2 == 0 ? " " + attributes[Int(random.next() % UInt64(attributes.count))] : ""
                    html += "<\(tags[Int(random.next() % UInt64(tags.count))])\(attribute)>"
                case 1: html += "</\(tags[Int(random.next() % UInt64(tags.count))])>"
                default: html += words[Int(random.next() % UInt64(words.count))] + " "
                }
            }
            var bytes = Array(html.utf8)
            if random.next() % 3 == 0, !bytes.isEmpty { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
            if random.next() % 4 == 0 { bytes += bytes }
            return ("soup", bytes)
        }
    }

    /// The Content-Type case `number` is read with: the four charsets in turn.
    public static func contentType(number: Int) -> String {
        let charsets = ["text/html", "text/html; charset=windows-1252", "text/html; charset=shift_jis", "text/html; charset=utf-16"]
        return charsets[number % charsets.count]
    }

    /// Runs case `number`; returns a description of what went wrong, or nil.
    public static func check(seed: UInt64, number: Int) -> String? {
        let (kind, bytes) = page(seed: seed, number: number)
        let start = Date()
        let contentType = contentType(number: number)
        let result = ArticleExtractor().read(bytes: bytes, contentType: contentType, url: URL(string: "https://fuzz.example/page"))
        var texts: [String] = []
        if case .success(let article) = result {
            texts = [article.title, article.text, article.byline ?? "", article.excerpt ?? ""] + article.markup.links.map(\.text)
                + article.markup.pictures.map(\.alt) + MarkupLayout.lines(article.markup, width: 60)
        }
        let document = HTMLDocument.parse(bytes: bytes, contentType: contentType)
        texts += MarkupLayout.lines(MarkupRenderer.render(document.body, base: nil), width: 40)
        let seconds = Date().timeIntervalSince(start)
        if let bad = texts.first(where: { $0.unicodeScalars.contains(where: Fuzzer.isControl) }) {
            return "\(kind) page \(number): control characters out: \(bad.debugDescription.prefix(80))"
        }
        if seconds > timeLimit { return "\(kind) page \(number): took \(String(format: "%.2f", seconds)) s" }
        return nil
    }
}
