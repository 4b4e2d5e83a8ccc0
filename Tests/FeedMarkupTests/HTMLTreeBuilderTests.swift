import FeedFuzz
import FeedModel
import FeedReplica
import Foundation
import Testing

@testable import FeedMarkup
import FeedTestSupport

/// The tree built from libxml2's events (`HTMLTreeBuilder`, what `HTMLDocument.parse` uses) is
/// the tree copied from libxml2's own (`HTMLDocument.parseThroughLibXMLTree`, how it was built
/// before), node for node, attribute for attribute, byte for byte: on every corpus page, every
/// page the replica serves, the fuzzer's pages under four charsets, and pages made of the
/// markup the builder has to mimic libxml2's tree builder on (blank text, doctypes, comments,
/// processing instructions, elements after `</html>`, prefixed names, boolean attributes).
@Suite struct HTMLTreeBuilderTests {
    static let contentTypes = ["text/html", "text/html; charset=windows-1252", "text/html; charset=shift_jis", "text/html; charset=utf-16"]

    @Test func theCorpusPagesGiveTheSameTree() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FeedReaderTests/Fixtures")
        var pages = 0
        let files = FileManager.default
        for suite in try files.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let suiteURL = fixtures.appendingPathComponent(suite)
            for page in (try? files.contentsOfDirectory(atPath: suiteURL.path))?.sorted() ?? [] {
                guard let data = files.contents(atPath: suiteURL.appendingPathComponent(page).appendingPathComponent("source.html").path) else { continue }
                pages += 1
                expectSameTree(Array(data), contentType: "text/html", "\(suite)/\(page)")
            }
        }
        #expect(pages >= 29)
    }

    @Test func theReplicaPagesGiveTheSameTree() {
        for path in (1...ReplicaArticles.count).map(String.init) + ["latin1"] {
            let page = ReplicaArticles.page(path, seed: 1, origin: "http://127.0.0.1:8765")
            expectSameTree(Array(page.body), contentType: page.contentType, "articles/\(path)")
        }
    }

    @Test(.offThePool) func theFuzzersPagesGiveTheSameTree() {
        for number in 0..<240 {
            let (kind, bytes) = PageFuzz.page(seed: 20, number: number)
            expectSameTree(bytes, contentType: Self.contentTypes[number % Self.contentTypes.count], "\(kind) page \(number)")
        }
    }

    static let pieces = [
        "<!DOCTYPE html>", "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">",
        "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4//EN\">", "<html lang=\"fr\">", "</html>", "<head>", "</head>", "<body class=b>",
        "</body>", "<title>t</title>", "<!-- c -->", "<?php echo 1 ?>", "<p>", "</p>", "<b>", "</b>", "<div>", "</div>",
        "<ul><li>", "</li>", "<table><tr><td>", "</td>", "<pre>", "</pre>", "<fb:like data-x=\"1\">", "</fb:like>", "<a:b:c>",
        "<:x>", "<y:>", "<input checked disabled value>", "<option selected>", "<img src=\"/p.png\" alt=\"\">", "<br>",
        "<script> if (a < b) x() </script>", "<style> p { } </style>", "<script>", "<![CDATA[ d ]]>", " ", "   \n\t ",
        String(repeating: " ", count: 1500), String(repeating: "word, ", count: 400), "text", "&#32;", "&#10;", "&nbsp;", "&amp;",
        "&bogus;", "&", "<", "\u{0}", "\u{1B}[31m", "\u{1B}", "[2J", "é", "日本", "\u{FEFF}", "<noscript><img src=\"/n.png\"></noscript>",
        "<meta charset=\"windows-1252\">", "<font color=red>", "</font>", "<svg><circle r=1/></svg>",
    ]

    @Test(.offThePool) func markupTheBuilderMimicsGivesTheSameTree() {
        var random = SplitMix64(seed: 2026)
        for number in 0..<600 {
            var html = ""
            for _ in 0..<(1 + Int(random.next() % 40)) { html += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            expectSameTree(Array(html.utf8), contentType: Self.contentTypes[number % Self.contentTypes.count], "case \(number): \(html.debugDescription.prefix(300))")
        }
        for html in ["", " ", "<p>a</p></html><p>b</p>", "<!DOCTYPE html><p>a</p></html><p>b</p>", "<!-- c --><p>a</p></html> x <p>b</p>",
                     "<p>a<!-- c -->b</p> <div> <!--x--> </div>", "<?pi x?><p>x</p>", "<p>a</p>\n<p>b</p>", "<b>a</b> <i>b</i>",
                     "<html><body> <p>x</p> </body></html> ", "<div><x:a href=\"/\">a</x:a> <p>b</p> <y:b>c</y:b>\n<p>d</p></div>", String(repeating: "<div>", count: 900) + "deep" + String(repeating: "</div> x", count: 300)] {
            for contentType in Self.contentTypes {
                expectSameTree(Array(html.utf8), contentType: contentType, html.debugDescription)
            }
        }
    }

    /// Blank text before, between, after and inside elements named in libxml2's `allowPCData`
    /// and others (prefixed names among them), after processing instructions, comments, scripts
    /// and text, first in an element, at the end of the input, under a strict doctype: the
    /// builder answers `areBlanks`'s question of the last child itself (`isDroppedBlank`), and
    /// must drop exactly the blank text libxml2's tree builder drops.
    @Test func blankTextGoesWhereLibXMLDropsIt() {
        let names = HTMLTreeBuilder.allowPCData.sorted() + [
            "ul", "ol", "table", "tr", "section", "article", "nav", "map", "menu", "dl", "head", "html", "body", "title",
            "x:b", "b:div", "p0:p", "a:", ":a", "custom-el", "svg", "br", "img", "hr", "input", "noscript", "select", "option",
        ]
        let blanks = [" ", "\n", "\t", "\r\n", "  \n  ", "\r", "\u{0C}", "\u{0B}", " x ", "&#32;", String(repeating: " ", count: 1200)]
        let others = ["<!-- c -->", "<?pi x?>", "<?p x?>", "<?b?>", "<script>x</script>", "<style>p{}</style>", "text", "<![CDATA[ d ]]>"]
        var random = SplitMix64(seed: 53)
        for number in 0..<900 {
            var html = number % 9 == 0 ? "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">" : (number % 9 == 1 ? "<!DOCTYPE html>" : "")
            for _ in 0..<(2 + Int(random.next() % 30)) {
                switch random.next() % 10 {
                case 0, 1: html += "<\(names[Int(random.next() % UInt64(names.count))])>"
                case 2, 3: html += "</\(names[Int(random.next() % UInt64(names.count))])>"
                case 4, 5, 6: html += blanks[Int(random.next() % UInt64(blanks.count))]
                case 7: html += others[Int(random.next() % UInt64(others.count))]
                default: html += ["<div>", "</div>", "<p>", "<b>", "</b>"][Int(random.next() % 5)]
                }
            }
            expectSameTree(Array(html.utf8), contentType: Self.contentTypes[number % 2], "blank case \(number): \(html.debugDescription.prefix(400))")
        }
    }

    /// Scripts and styles longer than libxml2's blocks of 1,000 bytes, which the builder reads on
    /// itself (`readScriptAhead`): end tags in either case and text that only starts like one,
    /// what libxml2 drops or changes (NUL, control bytes, U+FFFE, malformed UTF-8), line ends of
    /// each kind, characters of each UTF-8 length, all around the block boundaries, and inputs
    /// that end inside the element.
    static let scriptPieces: [[UInt8]] = [
        "a", "x = 1;\n", "\r\n", "\r", "\t", "</scrip", "</SCRIPT", "</Style", "</scriptx", "</styles", "</p>", "</", "<", "</ script>",
        "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本", "😀", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{85}", "if (a < b && c > d) { }",
        String(repeating: "y", count: 990), String(repeating: "z\n", count: 498), String(repeating: "é", count: 499),
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]

    @Test(.offThePool) func longScriptsAndStylesGiveTheSameTree() {
        var random = SplitMix64(seed: 1000)
        for number in 0..<300 {
            let tag = ["script", "style", "SCRIPT"][number % 3]
            var bytes = Array("<html><head><\(tag) type=x>".utf8)
            // Mostly text read as it is, so that reading on reaches the end tag; some of the rest.
            let target = 950 + Int(random.next() % 3500)
            while bytes.count < target {
                let piece = random.next() % 4 == 0 ? Self.scriptPieces[Int(random.next() % UInt64(Self.scriptPieces.count))] : Array("var x = 'text';\n".utf8)
                bytes += piece
            }
            if number % 5 != 0 { bytes += Array("</\(tag)><p>after</p>".utf8) }
            for contentType in ["text/html", "text/html; charset=utf-8", "text/html; charset=windows-1252"] {
                expectSameTree(bytes, contentType: contentType, "case \(number), \(contentType): \(String(decoding: bytes, as: UTF8.self).debugDescription.prefix(200))")
            }
        }
    }

    /// The builder notes the first `base` it makes, which `HTMLDocument.parse` takes for the walk
    /// that looked for it (unless the tree had no `<body>`, when nodes move and it walks): the
    /// address links resolve against must be the walk's, on pages with `base` in the head, the
    /// body, twice, without `href`, prefixed, after `</html>`, below the depth that flattens,
    /// in a page with no body, and mixed into random markup.
    @Test func theFirstBaseIsTheOneAWalkFinds() {
        #expect(HTMLTreeBuilder.baseKey == NameKey("base"))
        let pages = [
            "<html><head><base href=\"/h/\"></head><body><p>x</p></body></html>", "<p>a</p><base href=\"/b/\">",
            "<base href=\"/1/\"><base href=\"/2/\">", "<base target=_blank><base href=\"/2/\">", "<x:base href=\"/x/\"><p>x</p>",
            "<html><head><base href=\"/h/\"></head><frameset><frame src=a></frameset></html>", "<html><body></body></html><base href=\"/after/\">",
            "<!-- c --><html><body></body></html><base href=\"/after/\">", "<p>x</p></html><base href=\"/late/\">",
            String(repeating: "<div>", count: 420) + "<base href=\"/deep/\"><base href=\"/deeper/\">", "<base href=\"https://other.example/dir/\">",
            "<base href=\"javascript:x\"><base href=\"/2/\">", "<head><base href=\"/h/\"></head><base href=\"/b/\">", "<title>t</title>",
        ]
        var random = SplitMix64(seed: 2812)
        let pieces = Self.pieces + ["<base href=\"/r1/\">", "<base>", "<base href=\"/r2/\">", "<frameset>", "<y:base href=\"/y/\">"]
        let mixed = (0..<300).map { _ in
            (0..<(1 + Int(random.next() % 30))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        for html in pages + mixed {
            let bytes = Array(html.utf8)
            let url = URL(string: "https://example.com/dir/page")
            let document = HTMLDocument.parse(bytes: bytes, contentType: "text/html", url: url)
            let walked = document.root.first("base")?["href"].flatMap { URL(string: $0, relativeTo: url)?.absoluteURL } ?? url
            #expect(document.baseURL == walked, "\(html.debugDescription.prefix(300))")
            expectSameTree(bytes, contentType: "text/html", html.debugDescription)
        }
    }

    @Test func aDifferentTreeIsNoticed() {
        let a = HTMLDocument.parse("<p>a <b>b</b></p>").root, b = HTMLDocument.parse("<p>a<b>b</b></p>").root
        #expect(Self.serialise(a) != Self.serialise(b))
        let c = HTMLDocument.parse("<p class=x>a</p>").root, d = HTMLDocument.parse("<p class=y>a</p>").root
        #expect(Self.serialise(c) != Self.serialise(d))
    }

    private func expectSameTree(_ bytes: [UInt8], contentType: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = URL(string: "https://example.com/page")
        let built = HTMLDocument.parse(bytes: bytes, contentType: contentType, url: url)
        let copied = HTMLDocument.parseThroughLibXMLTree(bytes: bytes, contentType: contentType, url: url)
        let (b, c) = (Self.serialise(built.root), Self.serialise(copied.root))
        guard b != c else { return }
        let at = b.indices.first { $0 >= c.count || b[$0] != c[$0] } ?? c.count
        Issue.record("\(label): trees differ at line \(at): built \(at < b.count ? b[at] : "-") / copied \(at < c.count ? c[at] : "-")", sourceLocation: sourceLocation)
        #expect(built.baseURL == copied.baseURL && built.charset == copied.charset, "\(label)")
    }

    /// One line a node: depth, name, attributes in order of name, text escaped.
    static func serialise(_ root: HTMLNode) -> [String] {
        var out: [String] = []
        func walk(_ node: HTMLNode, _ depth: Int) {
            if node.isText {
                out.append("\(depth) #text \(node.text.debugDescription)")
                return
            }
            let attributes = node.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }.joined(separator: " ")
            out.append("\(depth) <\(node.name)> \(attributes)")
            for child in node.children { walk(child, depth + 1) }
        }
        walk(root, 0)
        return out
    }
}
