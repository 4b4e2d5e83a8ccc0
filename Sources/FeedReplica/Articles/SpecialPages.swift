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
