import Foundation

/// One document of a replica feed, as served.
struct ReplicaFeedDocument: Sendable {
    var status = 200
    var contentType: String
    var body: [UInt8]
    /// The newest entry's time, for `Last-Modified`.
    var newest: Int64?
}

extension ReplicaFeeds {
    /// The document at `path` below `/feeds` (`atom-paged`, `atom-archived/archive/2`) with its
    /// query, or nil for a path that names no feed.
    static func document(path: String, request: ReplicaRequest) -> ReplicaFeedDocument? {
        let parts = path.split(separator: "/").map(String.init)
        guard let name = parts.first else { return nil }
        let origin = request.origin
        if name == "site", parts.count == 1 { return site(origin: origin) }
        if brokenNames.contains(name), parts.count == 1 { return broken(name, origin: origin) }
        guard let spec = spec(name) else { return nil }
        let all = entries(name, origin: origin)
        let selfURL = "\(origin)/feeds/\(name)"
        var links: [(String, String)] = []
        var slice: ArraySlice<ReplicaFeedEntry>
        var isArchive = false
        switch spec.paging {
        case .none:
            guard parts.count == 1 else { return nil }
            slice = all[...]
        case .paged, .jsonNext:
            guard parts.count == 1 else { return nil }
            let page = max(1, Int(request["page"] ?? "1") ?? 1)
            let start = (page - 1) * pageSize
            slice = all[min(start, all.count)..<min(start + pageSize, all.count)]
            let last = max(1, (all.count + pageSize - 1) / pageSize)
            links.append(("self", page == 1 ? selfURL : "\(selfURL)?page=\(page)"))
            links.append(("first", selfURL))
            links.append(("last", "\(selfURL)?page=\(last)"))
            if page > 1 { links.append(("previous", page == 2 ? selfURL : "\(selfURL)?page=\(page - 1)")) }
            if page < last { links.append(("next", "\(selfURL)?page=\(page + 1)")) }
        case .wordpress:
            guard parts.count == 1 else { return nil }
            let page = max(1, Int(request["paged"] ?? "1") ?? 1)
            let start = (page - 1) * wordpressPageSize
            slice = all[min(start, all.count)..<min(start + wordpressPageSize, all.count)]
            links.append(("self", selfURL))
            if slice.isEmpty {
                // WordPress 404s a paged query past the last page but still renders the feed.
                var doc = render(spec, entries: [], title: "WordPress replica", links: links, isArchive: false, origin: origin)
                doc.status = 404
                return doc
            }
        case .wordpressIgnoringQuery:
            // A page cache in front of WordPress keyed by the path alone: `?paged=N` is the feed again.
            guard parts.count == 1 else { return nil }
            slice = all[...]
            links.append(("self", selfURL))
        case .archived:
            // Oldest entries first into archives of 20; the subscription document keeps the newest 10.
            let olderCount = max(all.count - subscriptionSize, 0)
            let archives = (olderCount + archiveSize - 1) / archiveSize
            func archiveURL(_ k: Int) -> String { "\(selfURL)/archive/\(k)" }
            if parts.count == 1 {
                slice = all.prefix(subscriptionSize)
                links.append(("self", selfURL))
                if archives > 0 { links.append(("prev-archive", archiveURL(archives))) }
            } else if parts.count == 3, parts[1] == "archive", let k = Int(parts[2]), (1...archives).contains(k) {
                // Indices (0 is the oldest) [(k-1)*20, min(k*20, olderCount)), newest first.
                let low = (k - 1) * archiveSize, high = min(k * archiveSize, olderCount)
                slice = all[(all.count - high)..<(all.count - low)]
                isArchive = true
                links.append(("self", archiveURL(k)))
                links.append(("current", selfURL))
                if k > 1 { links.append(("prev-archive", archiveURL(k - 1))) }
                if k < archives { links.append(("next-archive", archiveURL(k + 1))) }
            } else {
                return nil
            }
        }
        let title = "Replica \(spec.name)"
        return render(spec, entries: slice, title: title, links: links, isArchive: isArchive, origin: origin)
    }

    // MARK: - Formats

    static func render(
        _ spec: Spec, entries: ArraySlice<ReplicaFeedEntry>, title: String, links: [(String, String)], isArchive: Bool,
        origin: String
    ) -> ReplicaFeedDocument {
        let newest = entries.compactMap(\.time).max()
        let site = "\(origin)/feeds/\(spec.name)/posts/"
        switch spec.format {
        case "atom10":
            var x = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:fh=\"http://purl.org/syndication/history/1.0\">\n"
            x += "<title type=\"text\">\(esc(title))</title>\n<id>tag:replica.feedscroll,2024:\(spec.name)</id>\n"
            x += "<updated>\(isoTimestamp(newest ?? anchor))</updated>\n<link rel=\"alternate\" type=\"text/html\" href=\"\(esc(site))\"/>\n"
            if isArchive { x += "<fh:archive/>\n" }
            for (rel, href) in links { x += "<link rel=\"\(rel)\" href=\"\(esc(href))\"/>\n" }
            for e in entries {
                x += "<entry>\n<id>\(esc(e.id ?? ""))</id>\n<title type=\"text\">\(esc(e.title))</title>\n"
                x += "<link rel=\"alternate\" type=\"text/html\" href=\"\(esc(e.url))\"/>\n"
                if let t = e.time { x += "<published>\(isoTimestamp(t))</published>\n<updated>\(isoTimestamp(t))</updated>\n" }
                x += "<author><name>\(esc(e.author))</name></author>\n"
                x += "<summary type=\"html\">\(esc("<p>" + esc(e.summary) + "</p>"))</summary>\n"
                for tag in e.tags { x += "<category term=\"\(esc(tag))\"/>\n" }
                if let m = e.enclosure { x += "<link rel=\"enclosure\" type=\"\(m.type)\" length=\"\(m.length)\" href=\"\(esc(m.url))\"/>\n" }
                x += "</entry>\n"
            }
            return ReplicaFeedDocument(contentType: "application/atom+xml; charset=utf-8", body: Array((x + "</feed>\n").utf8), newest: newest)
        case "atom03":
            var x = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\">\n"
            x += "<title mode=\"escaped\" type=\"text/html\">\(esc(esc(title)))</title>\n<link rel=\"alternate\" type=\"text/html\" href=\"\(esc(site))\"/>\n"
            x += "<modified>\(isoTimestamp(newest ?? anchor))</modified>\n"
            for e in entries {
                x += "<entry>\n<id>\(esc(e.id ?? ""))</id>\n<title mode=\"escaped\" type=\"text/html\">\(esc(esc(e.title)))</title>\n"
                x += "<link rel=\"alternate\" type=\"text/html\" href=\"\(esc(e.url))\"/>\n"
                if let t = e.time { x += "<issued>\(isoTimestamp(t))</issued>\n<modified>\(isoTimestamp(t))</modified>\n" }
                x += "<author><name>\(esc(e.author))</name></author>\n<summary type=\"text/plain\">\(esc(e.summary))</summary>\n</entry>\n"
            }
            return ReplicaFeedDocument(contentType: "application/atom+xml", body: Array((x + "</feed>\n").utf8), newest: newest)
        case "rss10":
            var x = "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
            x += "<channel rdf:about=\"\(esc(origin))/feeds/\(spec.name)\"><title>\(esc(title))</title><link>\(esc(site))</link><description>RSS 1.0</description>\n<items><rdf:Seq>\n"
            for e in entries { x += "<rdf:li rdf:resource=\"\(esc(e.id ?? ""))\"/>\n" }
            x += "</rdf:Seq></items></channel>\n"
            for e in entries {
                x += "<item rdf:about=\"\(esc(e.id ?? ""))\"><title>\(esc(e.title))</title><link>\(esc(e.url))</link>"
                if let t = e.time { x += "<dc:date>\(isoTimestamp(t))</dc:date>" }
                x += "<dc:creator>\(esc(e.author))</dc:creator><description>\(esc(e.summary))</description>"
                for tag in e.tags { x += "<dc:subject>\(esc(tag))</dc:subject>" }
                x += "</item>\n"
            }
            return ReplicaFeedDocument(contentType: "application/rdf+xml", body: Array((x + "</rdf:RDF>\n").utf8), newest: newest)
        case "json10", "json11":
            var object: [(String, JSONValue)] = [
                ("version", .string(spec.format == "json10" ? "https://jsonfeed.org/version/1" : "https://jsonfeed.org/version/1.1")),
                ("title", .string(title)), ("home_page_url", .string(site)),
                ("feed_url", .string(links.first { $0.0 == "self" }?.1 ?? "\(origin)/feeds/\(spec.name)")),
            ]
            if let next = links.first(where: { $0.0 == "next" })?.1 { object.append(("next_url", .string(next))) }
            let items: [JSONValue] = entries.map { e in
                var item: [(String, JSONValue)] = [
                    ("id", .string(e.id ?? "")), ("url", .string(e.url)), ("title", .string(e.title)),
                    ("content_html", .string("<p>" + esc(e.summary) + "</p>")),
                ]
                if let t = e.time { item.append(("date_published", .string(isoTimestamp(t)))) }
                let author: JSONValue = .object([("name", .string(e.author))])
                item.append(spec.format == "json10" ? ("author", author) : ("authors", .array([author])))
                if !e.tags.isEmpty { item.append(("tags", .array(e.tags.map(JSONValue.string)))) }
                if let m = e.enclosure {
                    item.append(("attachments", .array([.object([
                        ("url", .string(m.url)), ("mime_type", .string(m.type)), ("size_in_bytes", .int(m.length)),
                    ] + (m.duration.map { [("duration_in_seconds", JSONValue.int(Int64($0)))] } ?? []))])))
                }
                return .object(item)
            }
            object.append(("items", .array(items)))
            return ReplicaFeedDocument(
                contentType: spec.format == "json10" ? "application/json" : "application/feed+json",
                body: Array(JSONValue.object(object).serialized(pretty: false).utf8), newest: newest)
        default:  // rss20, rss091, rss092
            let version = spec.format == "rss091" ? "0.91" : spec.format == "rss092" ? "0.92" : "2.0"
            let full = version == "2.0"
            var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            if version == "0.91" { x += "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">\n" }
            x += "<rss version=\"\(version)\""
            if full {
                x += " xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:fh=\"http://purl.org/syndication/history/1.0\""
                x += " xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""
            }
            x += ">\n<channel>\n<title>\(esc(title))</title>\n<link>\(esc(site))</link>\n<description>Replica feed</description>\n"
            if spec.paging == .wordpress || spec.paging == .wordpressIgnoringQuery { x += "<generator>https://wordpress.org/?v=6.4.2</generator>\n" }
            if isArchive { x += "<fh:archive/>\n" }
            if full { for (rel, href) in links { x += "<atom:link rel=\"\(rel)\" href=\"\(esc(href))\"/>\n" } }
            for e in entries {
                x += "<item>\n<title>\(esc(e.title))</title>\n<link>\(esc(e.url))</link>\n"
                if full {
                    if let id = e.id { x += "<guid isPermaLink=\"false\">\(esc(id))</guid>\n" }
                    if let t = e.time { x += "<pubDate>\(rfc822(t))</pubDate>\n" }
                    x += "<dc:creator><![CDATA[\(e.author)]]></dc:creator>\n"
                    for tag in e.tags { x += "<category>\(esc(tag))</category>\n" }
                    if let m = e.enclosure {
                        x += "<enclosure url=\"\(esc(m.url))\" length=\"\(m.length)\" type=\"\(m.type)\"/>\n"
                        if let duration = m.itunesDuration { x += "<itunes:duration>\(duration)</itunes:duration>\n" }
                    }
                    x += "<description><![CDATA[<p>\(esc(e.summary))</p>]]></description>\n"
                } else {
                    x += "<description>\(esc(e.summary))</description>\n"
                }
                x += "</item>\n"
            }
            return ReplicaFeedDocument(contentType: "application/rss+xml; charset=UTF-8", body: Array((x + "</channel>\n</rss>\n").utf8), newest: newest)
        }
    }

    /// A 100,000-entry feed's document (`hugeNames`), built by hand for speed (tens of megabytes).
    static func huge(_ name: String, origin: String) -> ReplicaFeedDocument {
        name == "huge-json" ? hugeJSON(origin: origin) : hugeRSS(origin: origin)
    }

    /// `huge-json`: the same entries as `huge` in JSON Feed 1.1 (its ids name `huge-json`).
    static func hugeJSON(origin: String) -> ReplicaFeedDocument {
        let site = "\(origin)/feeds/huge-json"
        var x = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Replica huge-json\",\"home_page_url\":\"\(site)/posts/\","
        x += "\"feed_url\":\"\(site)\",\"description\":\"100,000 entries\",\"items\":[\n"
        x.reserveCapacity(hugeCount * 290)
        for index in stride(from: hugeCount - 1, through: 0, by: -1) {
            x += "{\"id\":\"tag:replica.feedscroll,2024:huge-json/\(index)\",\"url\":\"\(site)/posts/\(index)\",\"title\":\"Entry \(index) of the huge feed\","
            x += "\"content_text\":\"Body of entry \(index).\",\"date_published\":\"\(isoTimestamp(anchor + Int64(index) * 60))\",\"authors\":[{\"name\":\"Robot\"}]}"
            x += index == 0 ? "\n" : ",\n"
        }
        return ReplicaFeedDocument(contentType: "application/feed+json", body: Array((x + "]}\n").utf8),
                                   newest: anchor + Int64(hugeCount - 1) * 60)
    }

    /// `huge`: RSS 2.0.
    static func hugeRSS(origin: String) -> ReplicaFeedDocument {
        var x = hugeRSSHead(origin: origin, count: hugeCount)
        x.reserveCapacity(hugeCount * 330)
        for index in stride(from: hugeCount - 1, through: 0, by: -1) { x += hugeRSSItem(index, origin: origin) }
        return ReplicaFeedDocument(contentType: "application/rss+xml; charset=UTF-8", body: Array((x + hugeRSSTail).utf8),
                                   newest: anchor + Int64(hugeCount - 1) * 60)
    }

    /// The huge feed's head, up to its first item (`count` entries: its description says so).
    static func hugeRSSHead(origin: String, count: Int) -> String {
        let many = count == hugeCount ? "100,000" : String(count)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Replica huge</title><link>\(origin)/feeds/huge/posts/</link><description>\(many) entries</description>\n"
    }

    /// The huge feed's entry `index` (0 the oldest), one line.
    static func hugeRSSItem(_ index: Int, origin: String) -> String {
        "<item><title>Entry \(index) of the huge feed</title><link>\(origin)/feeds/huge/posts/\(index)</link>"
            + "<guid isPermaLink=\"false\">tag:replica.feedscroll,2024:huge/\(index)</guid><pubDate>\(rfc822(anchor + Int64(index) * 60))</pubDate>"
            + "<author>robot@replica.example (Robot)</author><description>Body of entry \(index).</description></item>\n"
    }

    static let hugeRSSTail = "</channel></rss>\n"

    static func site(origin: String) -> ReplicaFeedDocument {
        let html = """
            <!DOCTYPE html><html><head><title>A replica site</title>
            <link rel="stylesheet" href="/style.css">
            <link rel="alternate" type="application/atom+xml" title="Posts" href="/feeds/atom-paged">
            <link rel="alternate" type="application/rss+xml" title="Comments" href="/feeds/latest">
            </head><body><h1>A replica site</h1><p>Its feed is announced in the head.</p></body></html>
            """
        return ReplicaFeedDocument(contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    }

    static func broken(_ name: String, origin: String) -> ReplicaFeedDocument {
        let base = "\(origin)/feeds/\(name)/posts/"
        func date(_ i: Int) -> String { rfc822(anchor + Int64(i) * 3600) }
        switch name {
        case "broken-entities":
            let x = "\u{FEFF}\n  <?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>Caf&eacute; &amp; friends</title><link>\(base)</link>\n"
                + "<item><title>Caf&eacute; &mdash; &ldquo;quoted&rdquo; & done</title><link>\(base)2</link><guid isPermaLink=\"false\">broken-entities-2</guid><pubDate>\(date(2))</pubDate><author>Ann</author></item>\n"
                + "<item><title>Tom &amp;amp; Jerry&rsquo;s &lt;b&gt;bold&lt;/b&gt; move</title><link>\(base)1</link><guid isPermaLink=\"false\">broken-entities-1</guid><pubDate>\(date(1))</pubDate><author>Ann</author></item>\n"
                + "</channel></rss>\n"
            return ReplicaFeedDocument(contentType: "application/rss+xml", body: Array(x.utf8))
        case "broken-cp1252":
            let x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Legacy</title><link>\(base)</link>\n"
                + "<item><title>Naïve café “smart”</title><link>\(base)2</link><guid isPermaLink=\"false\">broken-cp1252-2</guid><pubDate>\(date(2))</pubDate><author>Ann</author></item>\n"
                + "<item><title>Zoë’s crème brûlée</title><link>\(base)1</link><guid isPermaLink=\"false\">broken-cp1252-1</guid><pubDate>\(date(1))</pubDate><author>Ann</author></item>\n"
                + "</channel></rss>\n"
            return ReplicaFeedDocument(contentType: "application/rss+xml", body: Array(x.data(using: .windowsCP1252) ?? Data(x.utf8)))
        case "broken-truncated":
            let x = "<rss version=\"2.0\"><channel><title>Cut</title><link>\(base)</link>\n"
                + "<item><title>Three</title><link>\(base)3</link><guid isPermaLink=\"false\">broken-truncated-3</guid><pubDate>\(date(3))</pubDate><author>Ann</author></item>\n"
                + "<item><title>Two</title><link>\(base)2</link><guid isPermaLink=\"false\">broken-truncated-2</guid><pubDate>\(date(2))</pubDate><author>Ann</author></item>\n"
                + "<item><title>One</title><link>\(base)1</li"
            return ReplicaFeedDocument(contentType: "application/rss+xml", body: Array(x.utf8))
        case "broken-duplicates":
            var x = "<rss version=\"2.0\"><channel><title>Same guid everywhere</title><link>\(base)</link>\n"
            for (i, title) in [(3, "Third"), (2, "Second"), (1, "First")] {
                x += "<item><title>\(title)</title><link>\(base)\(i)</link><guid isPermaLink=\"false\">same</guid><pubDate>\(date(i))</pubDate><author>Ann</author></item>\n"
            }
            return ReplicaFeedDocument(contentType: "application/rss+xml", body: Array((x + "</channel></rss>\n").utf8))
        case "broken-html":
            let x = "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><h1>Checking your browser</h1></body></html>"
            return ReplicaFeedDocument(contentType: "text/html; charset=utf-8", body: Array(x.utf8))
        default:  // broken-json
            let x = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"Broken\",\"items\":[{\"id\":\"1\",\"title\":\"One\"},{\"id\":\"2\",\"ti"
            return ReplicaFeedDocument(contentType: "application/feed+json", body: Array(x.utf8))
        }
    }

    // MARK: - Text

    static func esc(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `Tue, 02 Jan 2024 09:30:00 +0000`, as WordPress writes it.
    static func rfc822(_ seconds: Int64, gmt: Bool = false) -> String {
        let iso = isoTimestamp(seconds)  // 2024-01-02T09:30:00Z
        let year = iso.prefix(4), month = Int(iso.dropFirst(5).prefix(2)) ?? 1, day = iso.dropFirst(8).prefix(2)
        let time = iso.dropFirst(11).prefix(8)
        let days = Int((seconds >= 0 ? seconds : seconds - 86399) / 86400)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekday), \(day) \(months[month - 1]) \(year) \(time) \(gmt ? "GMT" : "+0000")"
    }
}
