import CLibXML2
import FeedMarkup
import FeedModel
import Foundation

/// OPML subscription lists: what `feedscroll import` reads and `feedscroll export` writes.
///
/// Reading (OPML 1.0, 1.1, 2.0, as feed readers export them): every `outline` with an `xmlUrl`
/// (or newsboat's `url` when `xmlUrl` is missing) is a feed; its name is `title`, else `text`;
/// the outlines around it without a URL are folders, whose names become its tags, and a
/// `category` attribute adds more (comma-separated, without a path's outer slashes). Only
/// absolute http(s) URLs are kept (`exec:`, `filter:`, `query:` and relative URLs are counted in
/// `skipped`); a URL listed twice keeps its first place and gains the second one's tags.
/// Parsed with libxml2's `xmlTextReader` (no network, no DTD), tolerant of the repairs
/// `FeedBytes` makes for feeds (entities, bare `&`, charset).
public enum OPML {
    public struct Document: Sendable, Equatable {
        public var title: String?
        public var subscriptions: [Subscription]
        /// Outlines with a URL that was not kept (not absolute http or https).
        public var skipped: Int

        public init(title: String? = nil, subscriptions: [Subscription], skipped: Int = 0) {
            self.title = title
            self.subscriptions = subscriptions
            self.skipped = skipped
        }
    }

    /// - Throws: `FeedParseError` for a file that is not OPML (no `opml` root) or unreadable XML.
    public static func parse(_ bytes: [UInt8]) throws(FeedParseError) -> Document {
        try bytes.withUnsafeBufferPointer { input throws(FeedParseError) in try parse(input) }
    }

    private static func parse(_ input: UnsafeBufferPointer<UInt8>) throws(FeedParseError) -> Document {
        let prepared = FeedBytes.prepare(input, contentType: nil)
        guard !prepared.range.isEmpty else { throw FeedParseError(.notAFeed, "the file is empty, not OPML") }
        let options = Int32(
            XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)
        let errors = ErrorLog()
        LibXMLErrors.silence()
        let result: Result<Document, FeedParseError> = prepared.withUTF8(in: input) { buffer in
            let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            guard let reader = xmlReaderForMemory(pointer, Int32(clamping: buffer.count), nil, "UTF-8", options)
            else { return .failure(FeedParseError(.malformed, "libxml2 could not start reading the OPML")) }
            defer { xmlFreeTextReader(reader) }
            xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                guard let context, let error else { return }
                Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
            }, Unmanaged.passUnretained(errors).toOpaque())
            return read(reader, errors: errors)
        }
        return try result.get()
    }

    private static func read(_ reader: xmlTextReaderPtr, errors: ErrorLog) -> Result<Document, FeedParseError> {
        var document = Document(subscriptions: [])
        var sawRoot = false
        var inHeadTitle = false
        var title = ""
        // The open outlines: a folder's name, or nil for a feed's (or a nameless) outline.
        var folders: [(depth: Int32, name: String?)] = []
        var index: [String: Int] = [:]
        func attribute(_ name: String) -> String? {
            guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
            defer { fs_xmlFree(value) }
            let text = TextSanitizer.clean(String(cString: value)).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        while true {
            let status = xmlTextReaderRead(reader)
            if status != 1 {
                if status == -1, !sawRoot {
                    return .failure(FeedParseError(.malformed, "not readable OPML: \(errors.fatal ?? "unreadable XML")"))
                }
                break
            }
            let depth = xmlTextReaderDepth(reader)
            let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
            switch xmlTextReaderNodeType(reader) {
            case 1:
                if !sawRoot {
                    guard name.lowercased() == "opml" else {
                        return .failure(FeedParseError(.notAFeed, "the file is XML whose root is <\(name)>, not OPML"))
                    }
                    sawRoot = true
                    continue
                }
                if name == "title", depth == 2 { inHeadTitle = xmlTextReaderIsEmptyElement(reader) != 1; continue }
                guard name == "outline" else { continue }
                while let last = folders.last, last.depth >= depth { folders.removeLast() }
                let label = attribute("title") ?? attribute("text")
                let address = attribute("xmlUrl") ?? attribute("xmlurl") ?? attribute("url")
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                guard let address else {
                    if !isEmpty { folders.append((depth, label)) }
                    continue
                }
                if !isEmpty { folders.append((depth, nil)) }
                guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                      url.host != nil
                else {
                    document.skipped += 1
                    continue
                }
                var tags = folders.compactMap(\.name)
                for category in (attribute("category") ?? "").split(separator: ",") {
                    let tag = category.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "/")))
                    if !tag.isEmpty { tags.append(tag) }
                }
                if let known = index[address] {
                    for tag in tags where !document.subscriptions[known].tags.contains(tag) {
                        document.subscriptions[known].tags.append(tag)
                    }
                } else {
                    index[address] = document.subscriptions.count
                    document.subscriptions.append(Subscription(url: address, name: label, tags: unique(tags)))
                }
            case 15:
                if name == "title" { inHeadTitle = false }
            case 3, 4:
                if inHeadTitle, let value = xmlTextReaderConstValue(reader) { title += String(cString: value) }
            default:
                continue
            }
        }
        guard sawRoot else { return .failure(FeedParseError(.notAFeed, "the file holds no XML element, not OPML")) }
        let cleaned = TextSanitizer.clean(title).trimmingCharacters(in: .whitespacesAndNewlines)
        document.title = cleaned.isEmpty ? nil : cleaned
        return .success(document)
    }

    private static func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.filter { seen.insert($0).inserted }
    }

    /// OPML 2.0: one `outline type="rss"` per subscription, in order, its tags as `category`
    /// (commas inside a tag become spaces: OPML separates categories with commas).
    public static func write(_ document: Document) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        out += "    <title>\(escape(document.title ?? "feedscroll subscriptions"))</title>\n  </head>\n  <body>\n"
        for subscription in document.subscriptions {
            var attributes = "type=\"rss\" xmlUrl=\"\(escape(subscription.url))\""
            if let name = subscription.name { attributes += " text=\"\(escape(name))\" title=\"\(escape(name))\"" }
            if !subscription.tags.isEmpty {
                let categories = subscription.tags.map { $0.replacingOccurrences(of: ",", with: " ") }.joined(separator: ",")
                attributes += " category=\"\(escape(categories))\""
            }
            out += "    <outline \(attributes)/>\n"
        }
        return out + "  </body>\n</opml>\n"
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default: out.append(character)
            }
        }
        return out
    }
}
