import Glibc

/// The `/articles` pages that are not generated articles: what a reader must decode, follow,
/// or refuse with one clear line.
enum SpecialPages {
    /// A windows-1252 page: `é`, `ü`, `€` (0x80) and curly quotes (0x93, 0x94) as single bytes;
    /// the header names no charset, the `<meta>` says `iso-8859-1`, which browsers read as 1252.
    static func latin1() -> ReplicaArticle {
        let paragraphs = [
            "Le café de la gare sert toujours le même menu, et les habitués s’en réjouissent chaque matin.",
            "La facture, qui dépasse désormais 12 € par personne, n’a pourtant découragé personne : « c’est le prix du calme », dit une cliente.",
            "Über die Brücke kommen jeden Tag Pendler, die hier zwischen zwei Zügen einen Kaffee trinken, bevor sie weiterfahren.",
            "Le patron dit qu’il ne changera rien, ni la carte, ni les horaires, ni la vieille machine qui siffle depuis vingt ans.",
        ]
        let title = "Le café de la gare"
        var html = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"><title>\(title) – Journal</title></head><body>"
        html += "<div id=\"menu\"><a href=\"/\">Accueil</a> | <a href=\"/ville\">Ville</a></div><div class=\"article\"><h1>\(title)</h1>"
        html += paragraphs.map { "<p>\($0)</p>" }.joined() + "</div><div id=\"footer\">© Journal</div></body></html>"
        return ReplicaArticle(
            path: "latin1", template: nil, title: title, byline: nil, paragraphs: paragraphs, body: windows1252(html),
            contentType: "text/html", status: 200, headers: [])
    }

    /// Pages whose bytes are not all valid in their charset, as pages on the web are: each must
    /// read whole, an invalid sequence as U+FFFD (browsers do; libxml2 given the charset stopped
    /// at it and printed to stderr, and the reader refused the page as having no text).
    /// - `cp1252-undefined`: declared windows-1252, with 0x81 and 0x8D, which it leaves undefined;
    /// - `undeclared`: no charset anywhere, UTF-8 text with windows-1252 curly quotes and a dash;
    /// - `euc-jp-broken`: EUC-JP with two bytes that are not EUC-JP in its second paragraph
    ///   (0xFF 0xFE: a U+FFFD each).
    static func badBytes(_ path: String) -> ReplicaArticle {
        let title: String
        var paragraphs: [String]
        var body: [UInt8]
        func page(_ head: String, _ paragraphs: [String]) -> String {
            "<html><head>\(head)<title>\(title)</title></head><body><div id=\"nav\"><a href=\"/\">Home</a></div>"
                + "<div class=\"article\"><h1>\(title)</h1>" + paragraphs.map { "<p>\($0)</p>" }.joined() + "</div></body></html>"
        }
        switch path {
        case "cp1252-undefined":
            title = "Le marché du samedi"
            paragraphs = [
                "Le marché ouvre à sept heures, et les premiers clients arrivent avant que les étals soient montés.",
                "Les prix, affichés à la craie \u{FFFD} sur des ardoises, changent selon la saison et l’humeur du vendeur.",
                "À midi tout est rangé \u{FFFD} et la place redevient un parking, jusqu’au samedi suivant.",
            ]
            let marked = page("<meta charset=\"windows-1252\">", paragraphs.map { $0.replacingOccurrences(of: "\u{FFFD}", with: "\u{1}") })
            body = windows1252(marked).map { $0 == 0x01 ? 0x81 : $0 }
            if let second = body.lastIndex(of: 0x81) { body[second] = 0x8D }
        case "undeclared":
            title = "Notes from the harbour"
            paragraphs = [
                "The ferry was late again, and the harbour master said “it’s the wind” – as he says every week.",
                "Nobody minded much: the café by the pier kept its doors open and its coffee hot until the boat came.",
                "By nine the last cars had rolled off, and the quay was quiet except for the gulls and the rope slapping the masts.",
            ]
            // UTF-8 throughout, except the quotes, apostrophe and dash of the first paragraph, in windows-1252.
            let html = page("", ["\u{1}"] + paragraphs.dropFirst())
            let first = windows1252(paragraphs[0])
            body = Array(html.utf8).split(separator: 0x01, omittingEmptySubsequences: false).map(Array.init)
                .joined(separator: first).map { $0 }
        default:
            title = "日本語の記事"
            paragraphs = [
                "東京の朝は早い。駅の前には人が集まり、電車を待っている。会社へ向かう人、学校へ行く学生、旅行の荷物を持った家族が、同じホームに並んで次の電車を待つ。",
                "昼になると店が開き、通りは人で\u{FFFD}\u{FFFD}いっぱいになる。食堂の前には行列ができ、店員は忙しく注文を取り、客は短い休み時間の間に食事を済ませて会社へ戻っていく。",
                "夜には静かになり、明かりだけが残る。最後の電車が出たあと、駅の周りには誰もいなくなり、朝になるとまた同じ一日が始まる。",
            ]
            let marked = page("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=EUC-JP\">",
                              paragraphs.map { $0.replacingOccurrences(of: "\u{FFFD}\u{FFFD}", with: "\u{1}") })
            body = eucJP(marked).split(separator: 0x01, omittingEmptySubsequences: false).map(Array.init)
                .joined(separator: [0xFF, 0xFE]).map { $0 }
        }
        return ReplicaArticle(
            path: path, template: nil, title: title, byline: nil, paragraphs: paragraphs, body: body,
            contentType: "text/html", status: 200, headers: [])
    }

    /// Encodes text as EUC-JP through glibc's iconv.
    static func eucJP(_ text: String) -> [UInt8] {
        let cd = iconv_open("EUC-JP", "UTF-8")
        guard let cd, cd != iconv_t(bitPattern: -1) else { return Array(text.utf8) }
        defer { iconv_close(cd) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var outPointer = outBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var inLeft = inBuffer.count, outLeft = outBuffer.count
                _ = iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
                return outBuffer.count - outLeft
            }
        }
        return Array(output[..<produced])
    }

    static func moved(origin: String) -> ReplicaArticle {
        ReplicaArticle(
            path: "moved", template: nil, title: "", byline: nil, paragraphs: [],
            body: Array("<html><body><a href=\"\(origin)/articles/1\">Moved</a></body></html>".utf8),
            contentType: "text/html; charset=utf-8", status: 301, headers: [("Location", "\(origin)/articles/1")])
    }

    static func pdf() -> ReplicaArticle {
        let body = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        return ReplicaArticle(
            path: "paper.pdf", template: nil, title: "", byline: nil, paragraphs: [], body: Array(body.utf8),
            contentType: "application/pdf", status: 200, headers: [])
    }

    static func javascriptShell() -> ReplicaArticle {
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loopback App</title>
            <link rel="stylesheet" href="/static/app.css"><script defer src="/static/js/main.4f2a9c.js"></script></head>
            <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>
            """
        return ReplicaArticle(
            path: "app", template: nil, title: "Loopback App", byline: nil, paragraphs: [], body: Array(html.utf8),
            contentType: "text/html; charset=utf-8", status: 200, headers: [])
    }

    static func empty(origin: String) -> ReplicaArticle {
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><title>Index</title></head><body>
            <nav><ul><li><a href="/a">Home</a></li><li><a href="/b">Archive</a></li><li><a href="/c">About</a></li></ul></nav>
            <footer><a href="/privacy">Privacy</a></footer></body></html>
            """
        return ReplicaArticle(
            path: "empty", template: nil, title: "Index", byline: nil, paragraphs: [], body: Array(html.utf8),
            contentType: "text/html; charset=utf-8", status: 200, headers: [])
    }

    static func notFound(_ path: String) -> ReplicaArticle {
        let html = "<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The page you asked for is not here.</p></body></html>"
        return ReplicaArticle(
            path: path, template: nil, title: "", byline: nil, paragraphs: [], body: Array(html.utf8),
            contentType: "text/html; charset=utf-8", status: 404, headers: [])
    }

    /// Encodes text as windows-1252 (every character used above has a single-byte form).
    static func windows1252(_ text: String) -> [UInt8] {
        let extra: [Character: UInt8] = ["€": 0x80, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97]
        var out: [UInt8] = []
        for c in text {
            if let b = extra[c] {
                out.append(b)
            } else if let v = c.unicodeScalars.first?.value, c.unicodeScalars.count == 1, v < 0x100 {
                out.append(UInt8(v))
            } else {
                out.append(UInt8(ascii: "?"))
            }
        }
        return out
    }
}
