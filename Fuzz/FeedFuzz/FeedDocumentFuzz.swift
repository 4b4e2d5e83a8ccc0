import FeedFormats
import FeedModel
import Foundation

/// Random and mutated syndication feeds through the feed parsers: byte repairs, charset
/// fallbacks, libxml2's streaming reader, the entry walk, JSON Feed decoding, and every text
/// field decoded to plain text. Nothing may crash, no control character may come out of a
/// title, author, summary or content, a derived id must be stable, and no document may take
/// longer than `FeedDocumentFuzz.timeLimit`.
public enum FeedDocumentFuzz {
    /// Seconds one document may take (debug build; documents are at most a few hundred KiB).
    public static let timeLimit = 2.0

    public enum Kind: String, CaseIterable, Sendable { case rss, rdf, atom, json, bytes, nesting }

    static let hostile = [
        "&nbsp;", "&eacute;", "&", "&amp;amp;", "&#0;", "&#x110000;", "&#27;[2J", "&lt;b&gt;", "<![CDATA[", "]]>", "<!--",
        "\u{1B}]0;title\u{07}", "\u{9B}31m", "\u{202E}", "\u{FEFF}", "\u{0}", "\u{7}", "<b>", "</item>", "</entry>", "<item>",
        "日本語", "Tom & Jerry", "\"", "'", "<", ">", "xml:base=\"javascript:x\"",
    ]

    static func template(_ kind: Kind, _ random: inout SplitMix64) -> String {
        let n = 1 + Int(random.next() % 12)
        func word() -> String { hostile[Int(random.next() % UInt64(hostile.count))] }
        switch kind {
        case .rss:
            var x = "<?xml version=\"1.0\" encoding=\"\(["utf-8", "ISO-8859-1", "windows-1252", "UTF-16", "koi8-r"][Int(random.next() % 5)])\"?><rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel><title>T \(word())</title><link>https://f.example/</link><atom:link rel=\"next\" href=\"?page=2\"/>"
            for i in 0..<n {
                x += "<item><title>\(word()) \(i) \(word())</title><link>/p/\(i)?a=1&b=\(word())</link><guid>\(i % 3)</guid><pubDate>\(["Tue, 02 Jan 2024 09:30:00 +0000", "2 January 2024", "bogus", "Tue,02 Jan 24 9:3 XYZ"][i % 4])</pubDate><description><![CDATA[<p>\(word()) body</p>]]>\(word())</description><content:encoded>\(word())</content:encoded><enclosure url=\"/m\(i).mp3\" length=\"\(word())\" type=\"audio/mpeg\"/><author>a@b (\(word()))</author></item>"
            }
            return x + "</channel></rss>"
        case .rdf:
            var x = "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><channel><title>\(word())</title></channel>"
            for i in 0..<n { x += "<item rdf:about=\"https://f.example/\(i)\"><title>\(word())</title><dc:date>2004-05-30T14:23:54-06:00</dc:date><description>\(word())</description></item>" }
            return x + "</rdf:RDF>"
        case .atom:
            var x = "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://f.example/b/\"><title type=\"html\">\(word())</title><link rel=\"prev-archive\" href=\"a/1\"/>"
            for i in 0..<n {
                let type = ["text", "html", "xhtml", "image/png", "text/plain"][Int(random.next() % 5)]
                let body = type == "xhtml" ? "<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>\(word())</p></div>" : word()
                x += "<entry xml:base=\"e\(i)/\"><id>\(word())</id><title type=\"\(type)\">\(body)</title><link href=\"x\"/><updated>2024-01-02T10:00:00Z</updated><author><name>\(word())</name></author><content type=\"\(type)\">\(body)</content></entry>"
            }
            return x + "</feed>"
        case .json:
            var items: [String] = []
            for i in 0..<n {
                let id = ["\"\(i)\"", "\(i)", "null", "\"\"", "[1]"][Int(random.next() % 5)]
                items.append("{\"id\":\(id),\"title\":\(jsonString(word())),\"content_html\":\(jsonString("<p>" + word() + "</p>")),\"url\":\(jsonString("/\(word())")),\"date_published\":\"2024-01-02T10:00:00Z\",\"tags\":[\(jsonString(word())),3],\"attachments\":[{\"url\":\"/a.mp3\",\"size_in_bytes\":\"big\"}]}")
            }
            return "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\(jsonString(word())),\"next_url\":\"?p=2\",\"items\":[\(items.joined(separator: ","))]}"
        case .bytes, .nesting:
            return ""
        }
    }

    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Case `number` under `seed`: a document, and what made it.
    public static func document(seed: UInt64, number: Int) -> (Kind, [UInt8]) {
        var random = SplitMix64(seed: SplitMix64.mix(seed &+ 0xFEED) ^ SplitMix64.mix(UInt64(number)))
        let kind = Kind.allCases[Int(random.next() % UInt64(Kind.allCases.count))]
        switch kind {
        case .bytes:
            let count = Int(random.next() % 8192)
            let alphabet = Array("<>/=\"' &;#rsitemfd![]{}:,".utf8) + [0x1B, 0x9B, 0xEF, 0xBB, 0xBF, 0xFF, 0xFE, 0x00, 0x80]
            let start = Array(["<rss><channel><item><title>", "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>", "{\"version\":\"https://jsonfeed.org/version/1\",\"items\":["][Int(random.next() % 3)].utf8)
            return (kind, start + (0..<count).map { _ in random.next() % 2 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(truncatingIfNeeded: random.next()) })
        case .nesting:
            let depth = 500 + Int(random.next() % 3000)
            let tag = ["item", "title", "entry", "div", "content"][Int(random.next() % 5)]
            let body = "<rss version=\"2.0\"><channel><item><title>" + String(repeating: "<\(tag)>", count: depth) + "deep" + String(repeating: "</\(tag)>", count: depth / 2)
            return (kind, Array(body.utf8))
        default:
            var bytes = Array(template(kind, &random).utf8)
            switch random.next() % 5 {
            case 0 where !bytes.isEmpty: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            case 1 where !bytes.isEmpty:
                for _ in 0..<(1 + Int(random.next() % 8)) { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            case 2: bytes = [0xEF, 0xBB, 0xBF, 0x20, 0x0A] + bytes
            case 3: bytes += bytes
            default: break
            }
            return (kind, bytes)
        }
    }

    /// Runs case `number`; returns a description of what went wrong, or nil.
    public static func check(seed: UInt64, number: Int) -> String? {
        let (kind, bytes) = document(seed: seed, number: number)
        let start = Date()
        let contentTypes = [nil, "application/rss+xml; charset=utf-8", "text/xml; charset=windows-1252", "application/xml; charset=shift_jis"]
        let contentType = contentTypes[number % contentTypes.count]
        var texts: [String] = []
        var ids: [String] = []
        let outcome = Result { () throws(FeedParseError) -> FeedDocument in
            try FeedParser.parse(bytes, contentType: contentType, url: URL(string: "https://fuzz.example/feed"))
        }
        if case .success(let document) = outcome {
            texts.append(document.head.title)
            for entry in document.entries {
                ids.append(entry.id)
                texts += [entry.title, entry.author ?? "", entry.summary?.plain() ?? "", entry.content?.plain() ?? ""]
                texts += entry.tags + entry.enclosures.compactMap(\.type)
            }
            if Set(ids).count != ids.count { return "\(kind) document \(number): repeated ids \(ids)" }
            let again = try? FeedParser.parse(bytes, contentType: contentType, url: URL(string: "https://fuzz.example/feed"))
            if again?.entries.map(\.id) != ids { return "\(kind) document \(number): ids differ between two parses" }
        }
        let seconds = Date().timeIntervalSince(start)
        if let bad = texts.first(where: { $0.unicodeScalars.contains(where: Fuzzer.isControl) }) {
            return "\(kind) document \(number): control characters out: \(bad.debugDescription.prefix(80))"
        }
        if seconds > timeLimit { return "\(kind) document \(number): took \(String(format: "%.2f", seconds)) s" }
        return nil
    }
}
