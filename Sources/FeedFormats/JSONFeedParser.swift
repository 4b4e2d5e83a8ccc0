import FeedMarkup
import FeedModel
import Foundation

/// JSON Feed 1.0 and 1.1 through `Codable`: the version decides the format; 1.1's `authors`
/// win over 1.0's `author`, an item without authors inherits the feed's; an item `id` that is a
/// number is taken as a string and an item with no id or a blank one is discarded (1.1);
/// fields of the wrong type are ignored rather than failing the feed. Invalid JSON fails whole:
/// no partial data.
enum JSONFeedParser {
    static func parse(
        _ bytes: Data, url: URL?, charset: String, isCancelled: () -> Bool = { false }, onEntry: (FeedEntry, FeedHead) -> Void
    ) throws(FeedParseError) -> FeedHead {
        let feed: Wire
        do {
            feed = try JSONDecoder().decode(Wire.self, from: bytes)
        } catch let error as FeedParseError {
            throw error
        } catch {
            throw FeedParseError(.malformed, "the JSON Feed is not valid JSON (\(describe(error)))")
        }
        var head = FeedHead(format: feed.version.hasSuffix("/1") ? .jsonFeed10 : .jsonFeed11, charset: charset)
        head.title = FeedText.plainTitle(feed.title ?? "")
        head.links.this = feed.feedURL.flatMap { HTMLDocument.resolve($0, against: url)?.absoluteString }
        head.links.site = feed.homePageURL.flatMap { HTMLDocument.resolve($0, against: url)?.absoluteString }
        head.links.next = feed.nextURL.flatMap { HTMLDocument.resolve($0, against: url)?.absoluteString }
        if head.links.next == head.links.this || head.links.next == url?.absoluteString { head.links.next = nil }
        let feedAuthors = names(feed.authors, feed.author)
        var identity = EntryIdentity()
        var discarded = 0
        for item in feed.items ?? [] {
            guard let item = item.value else { discarded += 1; continue }
            guard let id = item.id, !id.allSatisfy(\.isWhitespace) else { discarded += 1; continue }
            let link = (item.url ?? item.externalURL).flatMap { HTMLDocument.resolve($0, against: url) }
            let authors = names(item.authors, item.author)
            let published = item.datePublished.flatMap(FeedDate.parse)
            let updated = item.dateModified.flatMap(FeedDate.parse)
            let content: FeedText? = item.contentHTML.map(FeedText.html) ?? item.contentText.map(FeedText.text)
            var entry = FeedEntry(
                id: id, title: TextSanitizer.clean(item.title ?? "").trimmingSpace(), url: link?.absoluteString,
                author: (authors.isEmpty ? feedAuthors : authors).joined(separator: ", ").nilIfEmpty,
                published: published ?? updated, updated: updated,
                summary: item.summary.map(FeedText.text), content: content?.isBlank == false ? content : nil,
                base: (link ?? url)?.absoluteString,
                enclosures: (item.attachments ?? []).compactMap { attachment in
                    guard let attachment = attachment.value, let href = attachment.url,
                          let address = HTMLDocument.resolve(href, against: url)
                    else { return nil }
                    return FeedEnclosure(
                        url: address.absoluteString, type: attachment.mimeType.map { TextSanitizer.clean($0) },
                        length: attachment.size.flatMap { $0 > 0 ? $0 : nil })
                },
                tags: (item.tags ?? []).compactMap { $0.value.map { TextSanitizer.clean($0) } }.filter { !$0.isEmpty })
            if entry.title.isEmpty, let text = entry.summary ?? entry.content {
                entry.title = String(TextSanitizer.clean(text.plain()).prefix(120))
            }
            guard identity.assign(&entry, ownID: id) else { continue }
            onEntry(entry, head)
            if isCancelled() { throw FeedParseError(.cancelled, "the parse was cancelled") }
        }
        if discarded > 0 { head.repairs.append("\(discarded) item\(discarded == 1 ? "" : "s") without an id discarded") }
        if identity.derived > 0 { head.repairs.append("\(identity.derived) repeated id\(identity.derived == 1 ? "" : "s") replaced by derived ones") }
        return head
    }

    private static func names(_ authors: [Tolerant<Person>]?, _ author: Person?) -> [String] {
        let people = (authors?.compactMap { $0.value }).flatMap { $0.isEmpty ? nil : $0 } ?? author.map { [$0] } ?? []
        return people.compactMap { $0.name.map { TextSanitizer.clean($0) } }.filter { !$0.isEmpty }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
        default: "unreadable"
        }
    }

    // MARK: - Wire

    private struct Wire: Decodable {
        var version: String
        var title: String?
        var homePageURL: String?
        var feedURL: String?
        var nextURL: String?
        var author: Person?
        var authors: [Tolerant<Person>]?
        var items: [Tolerant<Item>]?

        enum CodingKeys: String, CodingKey {
            case version, title, author, authors, items
            case homePageURL = "home_page_url", feedURL = "feed_url", nextURL = "next_url"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let version = (try? c.decode(String.self, forKey: .version)) ?? ""
            guard version.lowercased().contains("jsonfeed.org/version/") else {
                throw FeedParseError(.notAFeed, "the response is JSON but not a JSON Feed (no jsonfeed.org version)")
            }
            self.version = version
            title = c.lenient(String.self, .title)
            homePageURL = c.lenient(String.self, .homePageURL)
            feedURL = c.lenient(String.self, .feedURL)
            nextURL = c.lenient(String.self, .nextURL)
            author = c.lenient(Person.self, .author)
            authors = c.lenient([Tolerant<Person>].self, .authors)
            items = c.lenient([Tolerant<Item>].self, .items)
        }
    }

    private struct Person: Decodable {
        var name: String?
        enum CodingKeys: String, CodingKey { case name }
        init(from decoder: Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).lenient(String.self, .name)
        }
    }

    private struct Attachment: Decodable {
        var url: String?
        var mimeType: String?
        var size: Int64?
        enum CodingKeys: String, CodingKey { case url, mimeType = "mime_type", size = "size_in_bytes" }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = c.lenient(String.self, .url)
            mimeType = c.lenient(String.self, .mimeType)
            size = c.lenient(Int64.self, .size) ?? c.lenient(Double.self, .size).flatMap { Int64(exactly: $0.rounded()) }
        }
    }

    private struct Item: Decodable {
        var id: String?
        var url: String?
        var externalURL: String?
        var title: String?
        var contentHTML: String?
        var contentText: String?
        var summary: String?
        var datePublished: String?
        var dateModified: String?
        var author: Person?
        var authors: [Tolerant<Person>]?
        var tags: [Tolerant<String>]?
        var attachments: [Tolerant<Attachment>]?

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, author, authors, tags, attachments
            case externalURL = "external_url", contentHTML = "content_html", contentText = "content_text"
            case datePublished = "date_published", dateModified = "date_modified"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if let text = c.lenient(String.self, .id) {
                id = text
            } else if let number = c.lenient(Int64.self, .id) {
                id = String(number)
            } else if let number = c.lenient(Double.self, .id) {
                id = String(number)
            }
            url = c.lenient(String.self, .url)
            externalURL = c.lenient(String.self, .externalURL)
            title = c.lenient(String.self, .title)
            contentHTML = c.lenient(String.self, .contentHTML)
            contentText = c.lenient(String.self, .contentText)
            summary = c.lenient(String.self, .summary)
            datePublished = c.lenient(String.self, .datePublished)
            dateModified = c.lenient(String.self, .dateModified)
            author = c.lenient(Person.self, .author)
            authors = c.lenient([Tolerant<Person>].self, .authors)
            tags = c.lenient([Tolerant<String>].self, .tags)
            attachments = c.lenient([Tolerant<Attachment>].self, .attachments)
        }
    }
}

/// A value that may be of the wrong type: nil then, instead of failing its array.
private struct Tolerant<T: Decodable>: Decodable {
    var value: T?
    init(from decoder: Decoder) throws { value = try? T(from: decoder) }
}

extension KeyedDecodingContainer {
    /// The value, or nil when it is missing, null or of another type.
    fileprivate func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
