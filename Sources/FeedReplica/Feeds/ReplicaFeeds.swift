import FeedModel
import Foundation

/// One entry of a replica feed as the replica knows it: what a parser must read back.
public struct ReplicaFeedEntry: Sendable, Hashable {
    /// The id the feed gives (RSS `guid`, Atom `id`, JSON Feed `id`); nil where the format has
    /// none (RSS 0.91), so a reader derives one.
    public var id: String?
    /// Plain text, as a reader should show it.
    public var title: String
    /// Absolute.
    public var url: String
    public var author: String
    /// Unix seconds; nil where the format has no entry dates (RSS 0.91).
    public var time: Int64?
    /// Plain text.
    public var summary: String
    public var tags: [String]
    /// A podcast episode on every third entry: url, type, length.
    public var enclosure: ReplicaEnclosure?
}

public struct ReplicaEnclosure: Sendable, Hashable {
    public var url: String
    public var type: String
    public var length: Int64
    /// Seconds of playing time, where the format says it (RSS 2.0's `itunes:duration`, written
    /// as seconds or `H:MM:SS` by turns; JSON Feed's `duration_in_seconds`); nil in Atom.
    public var duration: Int?

    /// `itunes:duration` as the replica writes it: odd entries in seconds, even ones `H:MM:SS`.
    var itunesDuration: String? {
        guard let duration else { return nil }
        if duration % 2 == 1 { return String(duration) }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(duration / 3600):\(two(duration / 60 % 60)):\(two(duration % 60))"
    }
}

/// The feeds `/feeds/…` serves: every syndication format and every way of paging history, plus
/// broken feeds of each kind. `entries(_:origin:)` is the truth tests compare a reader against.
///
/// | path | format | history |
/// |---|---|---|
/// | `atom-paged`, `rss-paged` | Atom 1.0, RSS 2.0 | RFC 5005 paged: `?page=N`, `rel="next"`, 20 a page |
/// | `atom-archived`, `rss-archived` | Atom 1.0, RSS 2.0 | RFC 5005 archived: the newest 10, then `archive/K` documents of 20 (`fh:archive`, `prev-archive`, `current`) |
/// | `json-paged` | JSON Feed 1.1 | `next_url`, `?page=N`, 20 a page |
/// | `wordpress` | RSS 2.0 (WordPress generator) | `?paged=N`, 10 a page; past the last page a 404 with an empty channel |
/// | `wordpress-cached` | RSS 2.0 (WordPress generator) | none that works: a cache in front ignores the query, so every `?paged=N` answers the newest 10 again |
/// | `json10`, `rdf`, `rss091`, `rss092`, `atom03`, `latest` | JSON Feed 1.0, RSS 1.0, 0.91, 0.92, Atom 0.3, RSS 2.0 | none: the feed keeps only its latest entries |
/// | `huge`, `huge-json` | RSS 2.0, JSON Feed 1.1 | 100,000 entries in one document |
/// | `broken-entities`, `broken-cp1252`, `broken-truncated`, `broken-duplicates`, `broken-html`, `broken-json` | broken on purpose | none |
/// | `moved-permanently`, `moved-permanently-308`, `moved-chain` | 301, 308, then 308 to `moved-permanently`: all end at `latest` | a permanent move (`redirects`) |
/// | `moved-temporarily`, `moved-temporarily-307`, `moved-to-ftp` | 302 and 307 to `latest`; 301 to an `ftp:` address | a temporary move; a move no reader follows |
/// | `site` | an HTML page announcing `atom-paged` with `<link rel="alternate">` | — |
/// | `NAME/posts/N` | the article page entry N links to (`post(_:_:origin:)`) | — |
///
/// Every document carries an `ETag` and `Last-Modified`; a request whose `If-None-Match`
/// matches is answered 304 with no body.
public enum ReplicaFeeds {
    public enum Paging: Sendable { case none, paged, archived, jsonNext, wordpress, wordpressIgnoringQuery }

    public struct Spec: Sendable {
        public var name: String
        public var format: String
        public var paging: Paging
        public var count: Int
    }

    public static let pageSize = 20
    public static let wordpressPageSize = 10
    public static let subscriptionSize = 10
    public static let archiveSize = 20
    public static let hugeCount = 100_000
    /// 2024-01-01T00:00:00Z: entry `i` is `i` hours later, so the truth never depends on the clock.
    public static let anchor: Int64 = 1_704_067_200

    public static let specs: [Spec] = [
        Spec(name: "atom-paged", format: "atom10", paging: .paged, count: 95),
        Spec(name: "rss-paged", format: "rss20", paging: .paged, count: 45),
        Spec(name: "atom-archived", format: "atom10", paging: .archived, count: 70),
        Spec(name: "rss-archived", format: "rss20", paging: .archived, count: 50),
        Spec(name: "json-paged", format: "json11", paging: .jsonNext, count: 45),
        Spec(name: "wordpress", format: "rss20", paging: .wordpress, count: 35),
        Spec(name: "wordpress-cached", format: "rss20", paging: .wordpressIgnoringQuery, count: 10),
        Spec(name: "json10", format: "json10", paging: .none, count: 15),
        Spec(name: "rdf", format: "rss10", paging: .none, count: 12),
        Spec(name: "rss091", format: "rss091", paging: .none, count: 15),
        Spec(name: "rss092", format: "rss092", paging: .none, count: 12),
        Spec(name: "atom03", format: "atom03", paging: .none, count: 12),
        Spec(name: "latest", format: "rss20", paging: .none, count: 10),
        Spec(name: "huge", format: "rss20", paging: .none, count: hugeCount),
        Spec(name: "huge-json", format: "json11", paging: .none, count: hugeCount),
    ]

    /// The feeds of `hugeCount` entries, each one document built by hand (`huge(_:origin:)`).
    public static let hugeNames = ["huge", "huge-json"]

    public static let brokenNames = [
        "broken-entities", "broken-cp1252", "broken-truncated", "broken-duplicates", "broken-html", "broken-json",
    ]

    /// Feeds that moved: each answers with a redirect (status, then the feed it names, or an
    /// absolute address) and nothing else. `moved-chain` is two permanent hops.
    public static let redirects: [String: (status: Int, to: String)] = [
        "moved-permanently": (301, "latest"),
        "moved-permanently-308": (308, "latest"),
        "moved-chain": (308, "moved-permanently"),
        "moved-temporarily": (302, "latest"),
        "moved-temporarily-307": (307, "latest"),
        "moved-to-ftp": (301, "ftp://127.0.0.1/feeds/latest"),
    ]

    public static func spec(_ name: String) -> Spec? { specs.first { $0.name == name } }

    /// Every entry of a feed's whole history, newest first (the order documents list them in).
    /// - Parameter origin: `http://127.0.0.1:PORT`, which entry links start with.
    public static func entries(_ name: String, origin: String) -> [ReplicaFeedEntry] {
        guard let spec = spec(name) else { return brokenEntries(name, origin: origin) }
        return (0..<spec.count).reversed().map { entry(spec, $0, origin: origin) }
    }

    /// Entry `index` (0 is the oldest) of a feed.
    static func entry(_ spec: Spec, _ index: Int, origin: String) -> ReplicaFeedEntry {
        let url = "\(origin)/feeds/\(spec.name)/posts/\(index)"
        if hugeNames.contains(spec.name) {
            return ReplicaFeedEntry(
                id: "tag:replica.feedscroll,2024:\(spec.name)/\(index)", title: "Entry \(index) of the huge feed", url: url,
                author: "Robot", time: anchor + Int64(index) * 60, summary: "Body of entry \(index).", tags: [], enclosure: nil)
        }
        var rng = SeededRandom(seed: UInt64(truncatingIfNeeded: spec.name.hashValueStable) &+ UInt64(index))
        var title = TextGenerator.title(&rng)
        if title.isEmpty { title = "Post \(index)" }
        let author = TextGenerator.author(&rng)
        let summary = "Entry \(index): " + TextGenerator.lorem(&rng, words: 12 + rng.below(20)) + "."
        let tags = rng.chance(0.5) ? [TextGenerator.techWords[rng.below(TextGenerator.techWords.count)]] : []
        let enclosure = index % 3 == 0
            ? ReplicaEnclosure(
                url: "\(origin)/feeds/\(spec.name)/media/\(index).mp3", type: "audio/mpeg", length: Int64(1_000_000 + index * 7919),
                duration: spec.format.hasPrefix("atom") ? nil : 1800 + index * 97)
            : nil
        // RSS 0.91 and 0.92 items have no guid and no date: a reader derives ids and shows no age.
        let hasIDs = !spec.format.hasPrefix("rss09")
        let hasDates = !spec.format.hasPrefix("rss09")
        return ReplicaFeedEntry(
            id: hasIDs ? "tag:replica.feedscroll,2024:\(spec.name)/\(index)" : nil, title: title, url: url,
            author: author, time: hasDates ? anchor + Int64(index) * 3600 : nil, summary: summary, tags: tags,
            enclosure: spec.format.hasPrefix("rss09") || spec.format == "rss10" ? nil : enclosure)
    }

    /// The page an entry links to (`/feeds/NAME/posts/INDEX`): an article in one of the four
    /// templates (by index) with the entry's title and author, its boilerplate around it, and
    /// its true text known; nil for an index the feed has no entry at.
    public static func post(_ name: String, _ index: Int, origin: String) -> ReplicaArticle? {
        let url = "\(origin)/feeds/\(name)/posts/\(index)"
        let entry: ReplicaFeedEntry?
        if let spec = spec(name) {
            entry = (0..<spec.count).contains(index) ? self.entry(spec, index, origin: origin) : nil
        } else {
            entry = brokenEntries(name, origin: origin).first { $0.url == url }
        }
        guard let entry else { return nil }
        let template = ReplicaArticle.Template.allCases[index % ReplicaArticle.Template.allCases.count]
        var rng = SeededRandom(seed: UInt64(truncatingIfNeeded: name.hashValueStable), salt: "post", index: index)
        let builder = ArticlePageBuilder(
            template: template, id: index % ReplicaArticles.count + 1, origin: origin, givenTitle: entry.title,
            givenByline: entry.author, path: "feeds/\(name)/posts/\(index)")
        return builder.build(&rng)
    }

    /// The truth of the broken feeds: what a tolerant reader gets out of them.
    static func brokenEntries(_ name: String, origin: String) -> [ReplicaFeedEntry] {
        let base = "\(origin)/feeds/\(name)/posts/"
        func e(_ i: Int, _ title: String, id: String?? = .none) -> ReplicaFeedEntry {
            ReplicaFeedEntry(id: id ?? "\(name)-\(i)", title: title, url: base + String(i), author: "Ann",
                             time: anchor + Int64(i) * 3600, summary: "", tags: [], enclosure: nil)
        }
        switch name {
        case "broken-entities": return [e(2, "Café — “quoted” & done"), e(1, "Tom & Jerry’s bold move")]
        case "broken-cp1252": return [e(2, "Naïve café “smart”"), e(1, "Zoë’s crème brûlée")]
        case "broken-truncated": return [e(3, "Three"), e(2, "Two")]
        case "broken-duplicates": return [e(3, "Third", id: "same"), e(2, "Second", id: .some(nil)), e(1, "First", id: .some(nil))]
        default: return []
        }
    }
}

extension String {
    /// FNV-1a 64: a seed that is the same in every process (Swift's `hashValue` is not).
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
