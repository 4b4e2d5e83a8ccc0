import Foundation

/// Reads any feed: sniffs what the body is (F1: by its first bytes, never its `Content-Type`),
/// then streams it through the XML parser (RSS, RDF, Atom) or the JSON Feed reader (an item
/// at a time through `Codable`).
public enum FeedParser {
    /// Parses a whole document into memory.
    /// - Parameters:
    ///   - bytes: the body as received.
    ///   - contentType: the HTTP `Content-Type`, for its `charset` only.
    ///   - url: where the document was fetched from (after redirects): the base for relative links.
    /// - Throws: `FeedParseError`: `.notAFeed` for an HTML page, an empty body, JSON that is no
    ///   JSON Feed; `.malformed` for a feed unreadable before its root.
    public static func parse(_ bytes: some ContiguousBytes, contentType: String? = nil, url: URL? = nil) throws(FeedParseError) -> FeedDocument {
        var entries: [FeedEntry] = []
        let head = try stream(bytes, contentType: contentType, url: url) { entries.append($0) }
        return FeedDocument(head: head, entries: entries)
    }

    /// Streams a document: `onEntry` sees each entry as soon as it is read, in document order,
    /// and nothing else is kept, so memory stays bounded by the longest entry.
    /// - Returns: the head (title, links, archive flags, repairs), complete once the end is read.
    /// - Complexity: O(n) in the body's size.
    public static func stream(
        _ bytes: some ContiguousBytes, contentType: String? = nil, url: URL? = nil, onEntry: (FeedEntry) -> Void
    ) throws(FeedParseError) -> FeedHead {
        try stream(bytes, contentType: contentType, url: url, withHead: { entry, _ in onEntry(entry) })
    }

    /// Streams a document as `stream(_:contentType:url:onEntry:)` does, handing each entry over
    /// with the head as read up to it (the title and links before the first entry, in the feeds
    /// that put them first), so a reader can show entries before the document's end.
    ///
    /// `isCancelled` is asked after each entry: when it says yes the parse stops there and
    /// throws `.cancelled` (a load that nobody waits for any more stops its document's parse).
    ///
    /// The bytes are read where they are (an array, or `Data` as it came from the network):
    /// valid UTF-8 that needs no repair is never copied.
    public static func stream(
        _ bytes: some ContiguousBytes, contentType: String? = nil, url: URL? = nil, isCancelled: @escaping () -> Bool = { false },
        withHead onEntry: (FeedEntry, FeedHead) -> Void
    ) throws(FeedParseError) -> FeedHead {
        let result: Result<FeedHead, FeedParseError> = bytes.withUnsafeBytes { raw in
            let input = raw.assumingMemoryBound(to: UInt8.self)
            do throws(FeedParseError) {
                return .success(try stream(input, contentType: contentType, url: url, isCancelled: isCancelled, withHead: onEntry))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func stream(
        _ input: UnsafeBufferPointer<UInt8>, contentType: String?, url: URL?, isCancelled: @escaping () -> Bool,
        withHead onEntry: (FeedEntry, FeedHead) -> Void
    ) throws(FeedParseError) -> FeedHead {
        switch sniff(input) {
        case .empty:
            throw FeedParseError(.notAFeed, "the response is empty, not a feed")
        case .json(let start):
            return try JSONFeedParser.parse(input, start: start, url: url, charset: "UTF-8", isCancelled: isCancelled, onEntry: onEntry)
        case .html:
            throw FeedParseError(.notAFeed, "the response is an HTML page, not a feed")
        case .text:
            throw FeedParseError(.notAFeed, "the response is neither XML nor JSON, not a feed")
        case .xml:
            let prepared = FeedBytes.prepare(input, contentType: contentType)
            if let doctype = prepared.doctype?.lowercased(), doctype.contains("html"), !doctype.contains("rss") {
                throw FeedParseError(.notAFeed, "the response is an HTML page, not a feed")
            }
            return try withoutActuallyEscaping(onEntry) { (onEntry) throws(FeedParseError) -> FeedHead in
                try XMLFeedParser.parse(prepared, input: input, url: url, isCancelled: isCancelled, onEntry: onEntry)
            }
        }
    }

    enum Sniffed: Equatable { case empty, json(Int), xml, html, text }

    /// Whether the body is an HTML page (a site whose feed may be discovered in it).
    public static func looksLikeHTML(_ bytes: some ContiguousBytes) -> Bool {
        bytes.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            if sniff(bytes) == .html { return true }
            let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
            return head.contains("<html") || head.contains("<!doctype html")
        }
    }

    /// What the body looks like after a BOM and whitespace.
    static func sniff(_ bytes: [UInt8]) -> Sniffed { bytes.withUnsafeBufferPointer(sniff) }

    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> Sniffed {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00])
            || bytes.starts(with: [0x00, 0x3C])
        {
            return .xml  // UTF-16: only XML feeds come that way
        }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return .empty }
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json(i)
        case UInt8(ascii: "<"):
            let head = String(decoding: bytes[i..<min(bytes.count, i + 64)], as: UTF8.self).lowercased()
            if head.hasPrefix("<html") || head.hasPrefix("<!doctype html") || head.hasPrefix("<head") || head.hasPrefix("<body") {
                return .html
            }
            return .xml
        default: return .text
        }
    }
}
