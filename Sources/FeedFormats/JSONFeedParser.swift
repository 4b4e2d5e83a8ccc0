import FeedMarkup
import FeedModel
import Foundation

/// JSON Feed 1.0 and 1.1, streamed through `Codable`: the version decides the format; 1.1's
/// `authors` win over 1.0's `author`, an item without authors inherits the feed's; an item `id`
/// that is a number is taken as a string and an item with no id or a blank one is discarded
/// (1.1); fields of the wrong type are ignored rather than failing the feed.
///
/// The document is never decoded whole. A byte-level scanner (`JSONScanner`) reads it in place
/// (from memory, or its mapped file) in two passes:
///
/// 1. **The outline**: the whole document is checked (strict RFC 8259: one clear error naming
///    what broke and at which byte, before any entry is handed over, so invalid JSON still fails
///    whole) and the top-level members are found wherever they stand: the first occurrence of
///    each (as `JSONDecoder` takes it), the `items` array only as where it begins. Keys may come
///    in any order: a `title` or `next_url` after `items` is in the head from the first entry
///    on. A mapping gives its pages back behind this pass.
/// 2. **The items**, one at a time from where the array begins: each element's bytes are
///    decoded with `JSONDecoder` into the item type, turned into an entry and handed over, and
///    nothing of it is kept but its id's hash (`EntryIdentity`).
///
/// So memory is bounded by the longest item, not the feed, at the cost of reading the bytes
/// twice (the first pass decodes nothing). Each top-level value is decoded with `JSONDecoder`
/// from its own bytes too.
enum JSONFeedParser {
    /// Reads a whole document, handing over each entry with the head (complete but for its
    /// repairs, which are known at the end).
    static func parse(
        _ input: UnsafeBufferPointer<UInt8>, start: Int, url: URL?, charset: String, isCancelled: () -> Bool = { false },
        onEntry: (FeedEntry, FeedHead) -> Void
    ) throws(FeedParseError) -> FeedHead {
        let reader = try Reader(input, start: start, url: url, charset: charset)
        while true {
            if let head = try reader.read(input, upTo: Int.max, isCancelled: isCancelled, onEntry: onEntry) { return head }
        }
    }

    /// A JSON Feed read an entry at a time: the outline pass when made, then `read` hands over
    /// the items from where the last call stopped. The bytes are passed to every call (the
    /// caller keeps them alive and unmoved: a mapping, a `Data`, an array).
    final class Reader {
        /// The head: final from the start but for `repairs`, which the end adds.
        private(set) var head: FeedHead
        private let url: URL?
        private let feedAuthors: [String]
        private var identity = EntryIdentity()
        private var discarded = 0
        /// Where the next element (or the array's end) is; nil once the end was read.
        private var position: Int?
        /// The depth of an element: inside the document's object and its `items` array.
        private static let elementDepth = 2
        private let decoder: JSONDecoder
        private let passed: ((Int) -> Void)?
        /// Whether the end was read (then `head` has its repairs).
        private(set) var isFinished = false

        /// Reads the outline (pass 1).
        /// - Parameters:
        ///   - passed: told the position as the passes go on (a mapping gives back the pages
        ///     behind it).
        ///   - restart: told where the items begin when their pass is about to begin there.
        /// - Throws: `.malformed` for invalid JSON; `.notAFeed` for JSON that is not an object
        ///   with a jsonfeed.org `version`.
        init(
            _ bytes: UnsafeBufferPointer<UInt8>, start: Int, url: URL?, charset: String, passed: ((Int) -> Void)? = nil,
            restart: ((Int) -> Void)? = nil
        ) throws(FeedParseError) {
            self.url = url
            self.passed = passed
            let outline: Outline
            do throws(JSONSyntaxError) {
                outline = try Outline(bytes, start: start, passed: passed)
            } catch {
                throw FeedParseError(.malformed, "the JSON Feed is not valid JSON (\(error.message), at byte \(error.offset))")
            }
            guard outline.isObject else {
                throw FeedParseError(.notAFeed, "the response is JSON but not a JSON Feed (not an object)")
            }
            let decoder = JSONDecoder()
            self.decoder = decoder
            func value<T: Decodable>(_ type: T.Type, _ key: Outline.Key) -> T? {
                guard let range = outline.values[key] else { return nil }
                return try? decoder.decode(type, from: Data(buffer: UnsafeBufferPointer(rebasing: bytes[range])))
            }
            let version = value(String.self, .version) ?? ""
            guard version.lowercased().contains("jsonfeed.org/version/") else {
                throw FeedParseError(.notAFeed, "the response is JSON but not a JSON Feed (no jsonfeed.org version)")
            }
            var head = FeedHead(format: version.hasSuffix("/1") ? .jsonFeed10 : .jsonFeed11, charset: charset)
            head.title = FeedText.plainTitle(value(String.self, .title) ?? "")
            head.links.this = value(String.self, .feedURL).flatMap { HTMLDocument.resolve($0, against: url)?.absoluteString }
            head.links.site = value(String.self, .homePageURL).flatMap { HTMLDocument.resolve($0, against: url)?.absoluteString }
            head.links.next = value(String.self, .nextURL).flatMap { HTMLDocument.resolve($0, against: url)?.absoluteString }
            if head.links.next == head.links.this || head.links.next == url?.absoluteString { head.links.next = nil }
            self.head = head
            feedAuthors = JSONFeedParser.names(value([Tolerant<Person>].self, .authors), value(Person.self, .author))
            position = outline.items
            if let items = outline.items { restart?(items) }
        }

        /// Hands over up to `limit` more entries (pass 2), each with the head.
        /// - Returns: the head with its repairs once the end was read (then on every call), nil
        ///   when `limit` entries were handed over and items remain.
        /// - Throws: `.cancelled` when `isCancelled` says so after an entry.
        func read(
            _ bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int, isCancelled: () -> Bool,
            onEntry: (FeedEntry, FeedHead) -> Void
        ) throws(FeedParseError) -> FeedHead? {
            var handed = 0
            var scanner = JSONScanner(bytes, at: position ?? 0)
            while handed < limit, position != nil {
                let element: Range<Int>
                do throws(JSONSyntaxError) {
                    scanner.skipWhitespace()
                    if scanner.peek == UInt8(ascii: "]") {
                        position = nil
                        break
                    }
                    if scanner.peek == UInt8(ascii: ",") {
                        scanner.position += 1
                        scanner.skipWhitespace()
                        // `[…, {…},]`: a trailing comma ends the items (pass 1 took it too).
                        if scanner.peek == UInt8(ascii: "]") {
                            position = nil
                            break
                        }
                    }
                    element = try scanner.skipValue(depth: Self.elementDepth)
                } catch {
                    // Pass 1 read these very bytes: only bytes changed under the reader get here.
                    throw FeedParseError(.malformed, "the JSON Feed is not valid JSON (\(error.message), at byte \(error.offset))")
                }
                position = scanner.position
                passed?(scanner.position)
                let item: Item
                do {
                    guard let decoded = try decoder.decode(Tolerant<Item>.self, from: Data(buffer: UnsafeBufferPointer(rebasing: bytes[element]))).value else {
                        discarded += 1
                        continue
                    }
                    item = decoded
                } catch {
                    throw FeedParseError(.malformed, "the JSON Feed is not valid JSON (\(JSONFeedParser.describe(error)), in the item at byte \(element.lowerBound))")
                }
                guard let entry = entry(item) else {
                    if let failure = identity.failure { throw FeedParseError(.malformed, failure) }
                    continue
                }
                handed += 1
                onEntry(entry, head)
                if isCancelled() { throw FeedParseError(.cancelled, "the parse was cancelled") }
            }
            guard position == nil else { return nil }
            if !isFinished {
                isFinished = true
                if discarded > 0 { head.repairs.append("\(discarded) item\(discarded == 1 ? "" : "s") without an id discarded") }
                if identity.derived > 0 { head.repairs.append("\(identity.derived) repeated id\(identity.derived == 1 ? "" : "s") replaced by derived ones") }
            }
            return head
        }

        /// The entry an item gives, or nil when it is discarded (no id) or repeats an earlier one.
        private func entry(_ item: Item) -> FeedEntry? {
            guard let id = item.id, !id.allSatisfy(\.isWhitespace) else { discarded += 1; return nil }
            let link = (item.url ?? item.externalURL).flatMap { HTMLDocument.resolve($0, against: url) }
            let authors = JSONFeedParser.names(item.authors, item.author)
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
                        length: attachment.size.flatMap { $0 > 0 ? $0 : nil }, duration: attachment.duration)
                },
                tags: (item.tags ?? []).compactMap { $0.value.map { TextSanitizer.clean($0) } }.filter { !$0.isEmpty })
            if entry.title.isEmpty, let text = entry.summary ?? entry.content {
                entry.title = String(TextSanitizer.clean(text.plain()).prefix(120))
            }
            guard identity.assign(&entry, ownID: id) else { return nil }
            return entry
        }
    }

    /// Pass 1: the document checked whole, and where its top-level members are.
    struct Outline {
        enum Key: CaseIterable {
            case version, title, homePageURL, feedURL, nextURL, author, authors, items

            var name: String {
                switch self {
                case .version: "version"
                case .title: "title"
                case .homePageURL: "home_page_url"
                case .feedURL: "feed_url"
                case .nextURL: "next_url"
                case .author: "author"
                case .authors: "authors"
                case .items: "items"
                }
            }
        }

        /// Whether the document is an object (anything else is JSON but no feed).
        var isObject = false
        /// Each member's value as its bytes (the first where a key repeats).
        var values: [Key: Range<Int>] = [:]
        /// Just inside the `items` array's `[`, when `items` is an array.
        var items: Int?

        init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, passed: ((Int) -> Void)?) throws(JSONSyntaxError) {
            var scanner = JSONScanner(bytes, at: start, passed: passed)
            scanner.skipWhitespace()
            if scanner.peek != UInt8(ascii: "{") {
                try scanner.skipValue(depth: 0)
            } else {
                isObject = true
                scanner.position += 1
                scanner.skipWhitespace()
                if scanner.peek == UInt8(ascii: "}") {
                    scanner.position += 1
                } else {
                    while true {
                        scanner.skipWhitespace()
                        guard scanner.peek == UInt8(ascii: "\"") else { throw scanner.unexpected("a member's key (a string)") }
                        let keyStart = scanner.position
                        let escaped = try scanner.skipString()
                        let key = Self.key(bytes, keyStart..<scanner.position, escaped: escaped)
                        try scanner.take(UInt8(ascii: ":"), expected: "':' after a key")
                        let value = try scanner.skipValue(depth: 1)
                        if let key, values[key] == nil {
                            values[key] = value
                            if key == .items, bytes[value.lowerBound] == UInt8(ascii: "[") { items = value.lowerBound + 1 }
                        }
                        scanner.skipWhitespace()
                        if scanner.peek == UInt8(ascii: ",") {
                            scanner.position += 1
                            scanner.skipWhitespace()
                            // `{…, "items": […],}`: a trailing comma, as `JSONDecoder` took it.
                            if scanner.peek == UInt8(ascii: "}") {
                                scanner.position += 1
                                break
                            }
                        } else if scanner.peek == UInt8(ascii: "}") {
                            scanner.position += 1
                            break
                        } else {
                            throw scanner.unexpected("',' or '}' after a member of the feed")
                        }
                    }
                }
            }
            scanner.skipWhitespace()
            guard scanner.atEnd else { throw scanner.unexpected("the end of the document after its value") }
        }

        /// The member a key (its bytes with their quotes) names, if one the head reads.
        private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool) -> Key? {
            let text: String
            if escaped {
                // `"ti\u0074le"` is `title`: the escapes decoded by `JSONDecoder`.
                guard let decoded = try? JSONDecoder().decode(String.self, from: Data(buffer: UnsafeBufferPointer(rebasing: bytes[range]))) else {
                    return nil
                }
                text = decoded
            } else {
                text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]), as: UTF8.self)
            }
            return Key.allCases.first { $0.name == text }
        }
    }

    fileprivate static func names(_ authors: [Tolerant<Person>]?, _ author: Person?) -> [String] {
        let people = (authors?.compactMap { $0.value }).flatMap { $0.isEmpty ? nil : $0 } ?? author.map { [$0] } ?? []
        return people.compactMap { $0.name.map { TextSanitizer.clean($0) } }.filter { !$0.isEmpty }
    }

    fileprivate static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
        default: "unreadable"
        }
    }

    // MARK: - Wire

    fileprivate struct Person: Decodable {
        var name: String?
        enum CodingKeys: String, CodingKey { case name }
        init(from decoder: Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).lenient(String.self, .name)
        }
    }

    fileprivate struct Attachment: Decodable {
        var url: String?
        var mimeType: String?
        var size: Int64?
        /// Whole seconds; a duration written as a string (`"3725"`, `"1:02:05"`) is read as
        /// `itunes:duration` is.
        var duration: Int?
        enum CodingKeys: String, CodingKey { case url, mimeType = "mime_type", size = "size_in_bytes", duration = "duration_in_seconds" }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = c.lenient(String.self, .url)
            mimeType = c.lenient(String.self, .mimeType)
            size = c.lenient(Int64.self, .size) ?? c.lenient(Double.self, .size).flatMap { Int64(exactly: $0.rounded()) }
            let seconds = c.lenient(Double.self, .duration).flatMap { $0.isFinite && $0 >= 1 && $0 <= Double(FeedDuration.maxSeconds) ? Int($0) : nil }
            duration = seconds ?? c.lenient(String.self, .duration).flatMap(FeedDuration.seconds(from:))
        }
    }

    fileprivate struct Item: Decodable {
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
fileprivate struct Tolerant<T: Decodable>: Decodable {
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
