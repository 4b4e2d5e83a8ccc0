import CLibXML2
import FeedMarkup
import FeedModel
import Foundation

/// Namespace URIs, matched by URI, never by prefix.
enum FeedNamespace {
    static let atom10 = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let rss: Set<String> = [
        "", rss10, rss090, "http://backend.userland.com/rss", "http://backend.userland.com/rss2",
        "http://blogs.law.harvard.edu/tech/rss",
    ]
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let dcterms = "http://purl.org/dc/terms/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let history = "http://purl.org/syndication/history/1.0"
    static let media = "http://search.yahoo.com/mrss/"
    /// Apple's podcast tags (`itunes:duration`), and the lowercase spelling some feeds use.
    static let itunes: Set<String> = ["http://www.itunes.com/dtds/podcast-1.0.dtd", "http://www.itunes.com/DTDs/Podcast-1.0.dtd"]
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xhtml = "http://www.w3.org/1999/xhtml"

    static func isAtom(_ ns: String) -> Bool { ns == atom10 || ns == atom03 }
}

/// The streaming parser for RSS 0.9x, RSS 1.0 (RDF), RSS 2.0, Atom 0.3 and Atom 1.0: libxml2's
/// `xmlTextReader` walks the (repaired) document node by node and never builds a tree, so a
/// feed of any length parses in memory bounded by its longest entry; each entry is handed to
/// the caller as soon as its end tag is read.
///
/// Fields are recognised by their depth under the channel, feed or entry element, so the
/// `title` of an RSS `image` or an Atom entry's `source` never overrides the real one. Text is
/// captured per field in its declared mode: plain (descendant text only), HTML (tags of
/// unescaped HTML children re-serialised) or XHTML (re-serialised, text escaped, the wrapper
/// `div` dropped).
final class XMLFeedParser {
    private let reader: xmlTextReaderPtr
    private let documentURL: URL?
    private let onEntry: (FeedEntry, FeedHead) -> Void
    private let isCancelled: () -> Bool
    /// `isCancelled` said yes after an entry: the run stops at its next read.
    private var isStopped = false

    private var head: FeedHead
    private var stack: [Frame] = []
    private var headDepth: Int?
    private var entry: EntryDraft?
    private var capture: Capture?
    private var author: (depth: Int, names: [String], forEntry: Bool)?
    private var feedAuthors: [String] = []
    private var identity = EntryIdentity()
    private var netscape = false
    private var sawRoot = false
    /// Entries handed over so far (a resumed run counts on from here).
    private var emitted = 0
    /// The head once the document was read to its end (a later run returns it at once).
    private var finishedHead: FeedHead?

    private struct Frame {
        var ns: String
        var name: String
        var base: URL?
    }

    private enum Mode { case text, html, xhtml, skip }

    private enum Target {
        case title(atom: Bool), summary, content, link, guid(isPermaLink: Bool), published, updated, author, tag,
             comments, atomID, authorName, headTitle(atom: Bool), headLink, headGenerator, duration
    }

    private struct Capture {
        var target: Target
        var mode: Mode
        var depth: Int
        var text = ""
        /// XHTML: the depth of the wrapper `div` whose tags are left out.
        var wrapper: Int?
        var base: URL?
    }

    private struct EntryDraft {
        var depth: Int
        var base: URL?
        var ownID: String?
        var title: String?
        var url: String?
        var preferredURLIsHTML = false
        var guidURL: String?
        var authors: [String] = []
        var published: Int64?
        var updated: Int64?
        var summary: FeedText?
        var content: FeedText?
        var contentBase: URL?
        var enclosures: [FeedEnclosure] = []
        /// The episode's `itunes:duration`: the first enclosure's, whichever came first.
        var duration: Int?
        var tags: [String] = []
        var comments: String?
    }

    init(
        reader: xmlTextReaderPtr, documentURL: URL?, head: FeedHead, netscape: Bool, isCancelled: @escaping () -> Bool = { false },
        onEntry: @escaping (FeedEntry, FeedHead) -> Void
    ) {
        self.isCancelled = isCancelled
        self.reader = reader
        self.documentURL = documentURL
        self.head = head
        self.netscape = netscape
        self.onEntry = onEntry
    }

    // MARK: - Running

    /// Parses `prepared` to its end, calling `onEntry` for each entry in document order, with
    /// the head as read up to it.
    /// - Throws: `FeedParseError` when the document is no feed, or breaks before its root.
    /// - Parameters:
    ///   - prepared: the document made ready (`FeedBytes.prepare` of `input`).
    ///   - input: what `prepared` was made from: when it needed no copy, the reader reads it.
    /// How libxml2 reads a feed: recovering, no network, errors kept (not printed).
    static let readerOptions = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOCDATA.rawValue)

    static func parse(
        _ prepared: FeedBytes, input: UnsafeBufferPointer<UInt8>, url: URL?, isCancelled: @escaping () -> Bool = { false },
        onEntry: @escaping (FeedEntry, FeedHead) -> Void
    ) throws(FeedParseError) -> FeedHead {
        let errors = ErrorLog()
        let options = readerOptions
        let head = FeedHead(format: .rss20, charset: prepared.charset, repairs: prepared.repairs)
        let netscape = prepared.doctype?.lowercased().contains("netscape") ?? false
        if prepared.range.isEmpty { throw FeedParseError(.notAFeed, "the response is empty, not a feed") }
        // The reader reads the bytes where they are (libxml2 2.9's memory input does not copy
        // them): a 100,000-entry document is in memory once, as it came from the network.
        let result: Result<FeedHead, FeedParseError> = prepared.withUTF8(in: input) { buffer in
            let pointer = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            guard let reader = xmlReaderForMemory(pointer, Int32(clamping: buffer.count), url?.absoluteString, "UTF-8", options)
            else { return .failure(FeedParseError(.malformed, "libxml2 could not start reading the feed")) }
            defer { xmlFreeTextReader(reader) }
            let box = Unmanaged.passUnretained(errors).toOpaque()
            xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                guard let context, let error else { return }
                Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
            }, box)
            let parser = XMLFeedParser(
                reader: reader, documentURL: url, head: head, netscape: netscape, isCancelled: isCancelled, onEntry: onEntry)
            do throws(FeedParseError) {
                return .success(try parser.run(errors: errors)!)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads on until `limit` more entries were handed over, or the document ends.
    /// - Returns: the head once the document was read to its end; `nil` when the run stopped
    ///   after `limit` entries (a later run goes on from there: the reader keeps its place).
    func run(errors: ErrorLog, limit: Int = .max) throws(FeedParseError) -> FeedHead? {
        if let finishedHead { return finishedHead }
        // This slice may run on another thread than the last: libxml2's handler is per thread.
        LibXMLErrors.silence()
        let stopAt = limit == .max ? Int.max : emitted &+ limit
        while true {
            if isStopped { throw FeedParseError(.cancelled, "the parse was cancelled") }
            if let failure = identity.failure { throw FeedParseError(.malformed, failure) }
            if emitted >= stopAt { return nil }
            let status = xmlTextReaderRead(reader)
            if status != 1 {
                if status == -1 || errors.fatal != nil {
                    let why = errors.fatal ?? "unreadable XML"
                    guard sawRoot else { throw FeedParseError(.malformed, "not a readable feed: \(why)") }
                    finishOpenEntry()
                    head.repairs.append("document broke off (\(why)); read what came before")
                }
                break
            }
            switch xmlTextReaderNodeType(reader) {
            case 1:  // element
                let (ns, name) = currentName()
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                if !sawRoot {
                    try detectRoot(ns: ns, name: name)
                    sawRoot = true
                }
                start(ns: ns, name: name, selfClosing: empty)
                if empty { end(selfClosing: true) }
            case 15:  // end element
                end()
            case 3, 4, 13, 14:  // text, CDATA, whitespace
                guard capture != nil, let value = xmlTextReaderConstValue(reader) else { continue }
                appendText(String(cString: value))
            default:
                continue
            }
        }
        if !sawRoot { throw FeedParseError(.notAFeed, "the response holds no XML element, not a feed") }
        if identity.derived > 0 { head.repairs.append("\(identity.derived) entr\(identity.derived == 1 ? "y" : "ies") given a derived id") }
        if identity.repeated > 0 { head.repairs.append("\(identity.repeated) repeated entr\(identity.repeated == 1 ? "y" : "ies") dropped") }
        if head.format == .rss091, netscape { head.repairs.append("Netscape RSS 0.91") }
        finishedHead = head
        return head
    }

    private func detectRoot(ns: String, name: String) throws(FeedParseError) {
        switch (name.lowercased(), ns) {
        case ("rss", _):
            let version = attribute("version") ?? "2.0"
            head.format = version.hasPrefix("0.91") ? .rss091 : version.hasPrefix("0.9") ? .rss092 : .rss20
        case ("rdf", _):
            head.format = .rss10
        case ("feed", let ns) where ns == FeedNamespace.atom03 || attribute("version") == "0.3":
            head.format = .atom03
            headDepth = 0
        case ("feed", _):
            head.format = .atom10
            headDepth = 0
        case ("html", _), ("xhtml", _):
            throw FeedParseError(.notAFeed, "the response is an HTML page, not a feed")
        case ("opml", _):
            throw FeedParseError(.notAFeed, "the response is an OPML subscription list, not a feed")
        default:
            throw FeedParseError(.notAFeed, "the response is XML whose root is <\(name)>, not RSS, RDF or Atom")
        }
    }

    // MARK: - Events

    private func start(ns: String, name: String, selfClosing: Bool) {
        let depth = stack.count
        var base = stack.last?.base ?? documentURL
        if let declared = attribute("base", ns: FeedNamespace.xml), let resolved = URL(string: declared.trimmingSpace(), relativeTo: base)?.absoluteURL,
           let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            base = resolved
        }
        stack.append(Frame(ns: ns, name: name, base: base))

        if var c = capture {
            if c.mode == .html || c.mode == .xhtml {
                if c.mode == .xhtml, c.wrapper == nil, depth == c.depth + 1, name == "div" {
                    c.wrapper = depth
                } else {
                    c.text += openTag(name, selfClosing: selfClosing)
                }
            }
            capture = c
            return
        }
        if let entry, depth == entry.depth + 1 {
            entryField(ns: ns, name: name, depth: depth, base: base)
            return
        }
        if let author, depth == author.depth + 1, name == "name" {
            capture = Capture(target: .authorName, mode: .text, depth: depth)
            return
        }
        if entry != nil { return }
        // The head: RSS's and RDF's `channel`, Atom's `feed`.
        if depth == 1, name == "channel", head.format != .atom10, head.format != .atom03 {
            headDepth = 1
            if ns == FeedNamespace.rss090 { head.format = .rss090 }
            return
        }
        let isEntry = (name == "item" && !FeedNamespace.isAtom(ns) && depth <= 2)
            || (name == "entry" && FeedNamespace.isAtom(ns) && depth == 1)
        if isEntry {
            entry = EntryDraft(depth: depth, base: base)
            if let about = attribute("about", ns: FeedNamespace.rdf) { entry?.ownID = about }
            return
        }
        // Only the channel's (or feed's) own children: an RDF `image` or `textinput` is a sibling
        // of `channel` at the same depth, and its title is not the feed's.
        if let headDepth, depth == headDepth + 1, stack[headDepth].name == (headDepth == 0 ? stack[0].name : "channel") {
            headField(ns: ns, name: name, depth: depth, base: base)
        }
    }

    private func end(selfClosing: Bool = false) {
        guard let frame = stack.popLast() else { return }
        let depth = stack.count
        if var c = capture {
            if depth == c.depth {
                capture = nil
                finish(c)
            } else {
                if (c.mode == .html || c.mode == .xhtml), c.wrapper != depth, !selfClosing { c.text += "</\(frame.name)>" }
                capture = c
            }
            return
        }
        if let a = author, depth == a.depth {
            author = nil
            let names = a.names.filter { !$0.isEmpty }
            if a.forEntry { entry?.authors += names } else { feedAuthors += names }
            return
        }
        if let draft = entry, depth == draft.depth {
            entry = nil
            emit(draft)
        }
    }

    private func appendText(_ text: String) {
        guard var c = capture else { return }
        switch c.mode {
        case .text, .html: c.text += text
        case .xhtml: c.text += escape(text)
        case .skip: break
        }
        capture = c
    }

    // MARK: - Fields

    private func entryField(ns: String, name: String, depth: Int, base: URL?) {
        let atom = FeedNamespace.isAtom(ns)
        func take(_ target: Target, _ mode: Mode = .text) { capture = Capture(target: target, mode: mode, depth: depth, base: base) }
        if FeedNamespace.itunes.contains(ns) {
            if name == "duration" { take(.duration) }
            return
        }
        if atom {
            switch name {
            case "id": take(.atomID)
            case "title": take(.title(atom: true), atomMode())
            case "summary": take(.summary, atomMode())
            case "content":
                if attribute("src") == nil { take(.content, atomMode()) } else { take(.content, .skip) }
            case "updated", "modified": take(.updated)
            case "published", "issued", "created": take(.published)
            case "author": author = (depth, [], true)
            case "category":
                if let label = attribute("label") ?? attribute("term") { addTag(label) }
            case "link": atomLink(entry: true, base: base)
            default: break
            }
            return
        }
        switch (ns, name) {
        case (_, "title") where FeedNamespace.rss.contains(ns): take(.title(atom: false))
        case (_, "link") where FeedNamespace.rss.contains(ns): take(.link)
        case (_, "guid") where FeedNamespace.rss.contains(ns):
            take(.guid(isPermaLink: attribute("isPermaLink")?.lowercased() != "false"))
        case (_, "description") where FeedNamespace.rss.contains(ns): take(.summary, .html)
        case (_, "pubDate") where FeedNamespace.rss.contains(ns): take(.published)
        case (_, "author") where FeedNamespace.rss.contains(ns): take(.author)
        case (_, "category") where FeedNamespace.rss.contains(ns): take(.tag)
        case (_, "comments") where FeedNamespace.rss.contains(ns): take(.comments)
        case (_, "enclosure") where FeedNamespace.rss.contains(ns):
            addEnclosure(attribute("url"), type: attribute("type"), length: attribute("length"), base: base)
        case (FeedNamespace.content, "encoded"): take(.content, .html)
        case (FeedNamespace.dc, "creator"), (FeedNamespace.dc, "author"): take(.author)
        case (FeedNamespace.dc, "date"), (FeedNamespace.dcterms, "created"), (FeedNamespace.dcterms, "issued"): take(.published)
        case (FeedNamespace.dcterms, "modified"): take(.updated)
        case (FeedNamespace.dc, "subject"): take(.tag)
        case (FeedNamespace.media, "content"):
            addEnclosure(
                attribute("url"), type: attribute("type"), length: attribute("fileSize"), base: base,
                duration: attribute("duration").flatMap(FeedDuration.seconds(from:)))
        default: break
        }
    }

    private func headField(ns: String, name: String, depth: Int, base: URL?) {
        let atom = FeedNamespace.isAtom(ns)
        func take(_ target: Target, _ mode: Mode = .text) { capture = Capture(target: target, mode: mode, depth: depth, base: base) }
        if ns == FeedNamespace.history {
            if name == "archive" { head.isArchive = true }
            if name == "complete" { head.isComplete = true }
            return
        }
        if atom {
            switch name {
            case "title": take(.headTitle(atom: true), atomMode())
            case "link": atomLink(entry: false, base: base)
            case "generator": take(.headGenerator)
            case "author": author = (depth, [], false)
            default: break
            }
            return
        }
        guard FeedNamespace.rss.contains(ns) else { return }
        switch name {
        case "title": take(.headTitle(atom: false))
        case "link": take(.headLink)
        case "generator": take(.headGenerator)
        default: break
        }
    }

    /// The capture mode of an Atom text construct or content from its `type` (and Atom 0.3's `mode`).
    private func atomMode() -> Mode {
        let type = (attribute("type") ?? "text").lowercased().trimmingSpace()
        switch attribute("mode")?.lowercased() {
        case "escaped": return type.contains("html") ? .html : .text
        case "base64": return .skip
        default: break
        }
        switch type {
        case "text", "text/plain", "": return .text
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default:
            if type.hasSuffix("+xml") || type.hasSuffix("/xml") { return .xhtml }
            if type.hasPrefix("text/") { return .text }
            return .skip  // base64 media
        }
    }

    private func atomLink(entry isEntry: Bool, base: URL?) {
        guard let href = attribute("href"), let url = HTMLDocument.resolve(href, against: base)?.absoluteString else { return }
        let rel = (attribute("rel") ?? "alternate").lowercased().trimmingSpace()
        let type = attribute("type")?.lowercased()
        if isEntry {
            switch rel {
            case "alternate":
                let isHTML = type == nil || type == "text/html" || type == "application/xhtml+xml"
                if entry?.url == nil || (isHTML && entry?.preferredURLIsHTML == false) {
                    entry?.url = url
                    entry?.preferredURLIsHTML = isHTML
                }
            case "enclosure":
                addEnclosure(href, type: attribute("type"), length: attribute("length"), base: base)
            default: break
            }
            return
        }
        switch rel {
        case "self": head.links.this = head.links.this ?? url
        case "alternate": if head.links.site == nil || type == "text/html" { head.links.site = url }
        case "next": head.links.next = head.links.next ?? url
        case "previous", "prev": head.links.previous = head.links.previous ?? url
        case "first": head.links.first = head.links.first ?? url
        case "last": head.links.last = head.links.last ?? url
        case "prev-archive": head.links.prevArchive = head.links.prevArchive ?? url
        case "next-archive": head.links.nextArchive = head.links.nextArchive ?? url
        case "current": head.links.current = head.links.current ?? url
        default: break
        }
    }

    private func addEnclosure(_ href: String?, type: String?, length: String?, base: URL?, duration: Int? = nil) {
        guard let href, let url = HTMLDocument.resolve(href, against: base)?.absoluteString else { return }
        let bytes = length.flatMap { Int64($0.trimmingSpace()) }.flatMap { $0 > 0 ? $0 : nil }
        let cleanType = type.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let known = entry?.enclosures.firstIndex(where: { $0.url == url }), var joined = entry?.enclosures[known] {
            // The same file as `<enclosure>` and `media:content`: one, with what each knows.
            joined.type = joined.type ?? cleanType
            joined.length = joined.length ?? bytes
            joined.duration = joined.duration ?? duration
            entry?.enclosures[known] = joined
            return
        }
        entry?.enclosures.append(FeedEnclosure(url: url, type: cleanType, length: bytes, duration: duration))
    }

    private func addTag(_ raw: String) {
        let tag = TextSanitizer.clean(raw).trimmingSpace()
        guard !tag.isEmpty, entry?.tags.contains(tag) == false else { return }
        entry?.tags.append(tag)
    }

    private func finish(_ c: Capture) {
        let raw = c.text
        let trimmed = raw.trimmingSpaceAndNewlines()
        let text: FeedText? = switch c.mode {
        case .text: trimmed.isEmpty ? nil : .text(raw)
        case .html, .xhtml: trimmed.isEmpty ? nil : .html(raw)
        case .skip: nil
        }
        switch c.target {
        case .title(let atom):
            entry?.title = titleText(raw, mode: c.mode, atom: atom)
        case .summary:
            if entry?.summary == nil { entry?.summary = text }
        case .content:
            if let text { entry?.content = text; entry?.contentBase = c.base }
        case .link:
            if entry?.url == nil || entry?.preferredURLIsHTML == false, let url = HTMLDocument.resolve(trimmed, against: c.base) {
                entry?.url = url.absoluteString
                entry?.preferredURLIsHTML = true
            }
        case .guid(let isPermaLink):
            if !trimmed.isEmpty {
                entry?.ownID = trimmed
                if isPermaLink { entry?.guidURL = HTMLDocument.resolve(trimmed, against: c.base)?.absoluteString }
            }
        case .atomID:
            if !trimmed.isEmpty { entry?.ownID = trimmed }
        case .published:
            if entry?.published == nil { entry?.published = FeedDate.parse(trimmed) }
        case .updated:
            if entry?.updated == nil { entry?.updated = FeedDate.parse(trimmed) }
        case .author:
            let name = rssAuthor(trimmed)
            if !name.isEmpty, entry?.authors.contains(name) == false { entry?.authors.append(name) }
        case .tag:
            addTag(trimmed)
        case .comments:
            entry?.comments = HTMLDocument.resolve(trimmed, against: c.base)?.absoluteString
        case .duration:
            if entry?.duration == nil { entry?.duration = FeedDuration.seconds(from: trimmed) }
        case .authorName:
            author?.names.append(TextSanitizer.clean(trimmed).trimmingSpace())
        case .headTitle(let atom):
            head.title = titleText(raw, mode: c.mode, atom: atom)
        case .headLink:
            if head.links.site == nil { head.links.site = HTMLDocument.resolve(trimmed, against: c.base)?.absoluteString }
        case .headGenerator:
            head.generator = [trimmed, attribute("uri") ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// A title by its declared type: HTML and XHTML through the HTML pipeline; text (RSS, Atom
    /// `type="text"`) as plain, decoded once more when it still carries markup (F10 case 9).
    private func titleText(_ raw: String, mode: Mode, atom: Bool) -> String {
        switch mode {
        case .html, .xhtml: FeedText.htmlToPlain(raw, base: nil, oneLine: true)
        case .text: FeedText.plainTitle(raw)
        case .skip: ""
        }
    }

    /// RSS `author` is an address, often `a@b.c (Name)`: the name when there is one.
    private func rssAuthor(_ text: String) -> String {
        var name = text
        if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close, text.contains("@") {
            name = String(text[text.index(after: open)..<close])
        }
        return TextSanitizer.clean(name).trimmingSpace()
    }

    /// A document that broke off inside an entry: that entry is incomplete (its body, its id may
    /// be missing) and is left out rather than stored half.
    private func finishOpenEntry() {
        entry = nil
    }

    private func emit(_ draft: EntryDraft) {
        var url = draft.url ?? draft.guidURL
        if url == nil, let own = draft.ownID, head.format == .rss10 || head.format == .rss090 {
            url = HTMLDocument.resolve(own, against: draft.base)?.absoluteString
        }
        let authors = draft.authors.isEmpty ? feedAuthors : draft.authors
        var title = draft.title ?? ""
        if title.isEmpty, let summary = draft.summary ?? draft.content {
            // RSS allows an item with only a description: its first words stand in for a title.
            let text = summary.plain(base: nil)
            title = String(TextSanitizer.clean(text).prefix(120))
        }
        if title.isEmpty, draft.content == nil, draft.summary == nil, url == nil, draft.ownID == nil, draft.enclosures.isEmpty {
            return  // an empty item: nothing to show or identify
        }
        var enclosures = draft.enclosures
        // `itunes:duration` is the episode's: its enclosure's, before or after it in the item.
        if let duration = draft.duration, !enclosures.isEmpty, enclosures[0].duration == nil { enclosures[0].duration = duration }
        var out = FeedEntry(
            id: "", title: title, url: url, author: authors.isEmpty ? nil : authors.joined(separator: ", "),
            published: draft.published ?? draft.updated, updated: draft.updated, summary: draft.summary,
            content: draft.content, base: (draft.contentBase ?? draft.base ?? documentURL)?.absoluteString,
            enclosures: enclosures, tags: draft.tags, commentsURL: draft.comments)
        guard identity.assign(&out, ownID: draft.ownID) else { return }
        emitted &+= 1
        onEntry(out, head)
        if isCancelled() { isStopped = true }
    }

    // MARK: - libxml2

    private func currentName() -> (String, String) {
        let local = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
        if let ns = xmlTextReaderConstNamespaceUri(reader) { return (String(cString: ns), local) }
        // An undeclared prefix (`<itunes:summary>` with no xmlns:itunes) is its own namespace,
        // never taken for an RSS element.
        let qualified = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? local
        if let colon = qualified.firstIndex(of: ":") {
            return ("undeclared:" + qualified[..<colon], String(qualified[qualified.index(after: colon)...]))
        }
        return ("", local)
    }

    private func attribute(_ name: String, ns: String? = nil) -> String? {
        let value: UnsafeMutablePointer<xmlChar>? = if let ns {
            xmlTextReaderGetAttributeNs(reader, name, ns)
        } else {
            xmlTextReaderGetAttribute(reader, name)
        }
        guard let value else { return nil }
        defer { fs_xmlFree(value) }
        return String(cString: value)
    }

    /// The current element's start tag, re-serialised for an HTML capture.
    private func openTag(_ name: String, selfClosing: Bool) -> String {
        var tag = "<" + name
        if xmlTextReaderMoveToFirstAttribute(reader) == 1 {
            repeat {
                let attrName = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
                if !attrName.isEmpty, attrName != "xmlns", xmlTextReaderIsNamespaceDecl(reader) != 1 {
                    tag += " \(attrName)=\"\(escape(value, quotes: true))\""
                }
            } while xmlTextReaderMoveToNextAttribute(reader) == 1
            xmlTextReaderMoveToElement(reader)
        }
        return tag + (selfClosing ? " />" : ">")
    }

    private func escape(_ text: String, quotes: Bool = false) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (quotes && $0 == "\"") }) else { return text }
        var out = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        if quotes { out = out.replacingOccurrences(of: "\"", with: "&quot;") }
        return out
    }
}

/// libxml2's errors for one parse, kept instead of printed (stderr may be the terminal).
final class ErrorLog {
    private(set) var fatal: String?

    func record(_ error: xmlError) {
        guard error.level == XML_ERR_FATAL, fatal == nil else { return }
        let message = error.message.map { String(cString: $0) }?.trimmingSpaceAndNewlines() ?? "error"
        fatal = "line \(error.line): \(message)"
    }
}
