import FeedMarkup
import FeedModel
import Foundation

/// A Wikipedia change's diff: `action=compare&fromrev={revid}&torelative=prev`, its `<tr>` rows
/// (wikidiff2's, or MediaWiki's older table formatter: keyed on the `diff-lineno`,
/// `diff-context`, `diff-deletedline` and `diff-addedline` classes both use) read through the
/// HTML pipeline's parser and written as the detail's body: a line-number header per hunk, then
/// each line marked in text, not colour alone: `−` for a line taken out, `+` for a line put in,
/// changed words as `[-old-]` and `{+new+}` (as `git diff --word-diff` writes them), context
/// lines indented. The edit summary leads.
///
/// The diff comes whole in one response: it is the first page's `subject` body; the thread
/// itself is empty. A change whose revision cannot be diffed (a log entry, a hidden revision,
/// `nosuchrevid`) is one clear error.
///
/// Streamed (`feedscroll wikipedia --thread`, `streamsLines`), the diff's lines are the thread
/// instead, one record each: a hunk's line-number header at depth 0 under the edit, its lines
/// at depth 1 under the header, each with the edit's author and time, its text marked as the
/// detail marks it, and a `change` field (`header`, `context`, `removed`, `added`).
public struct WikipediaDiffSource: FeedSource {
    public let itemID: String
    public let revisionID: Int64
    public let baseURL: URL
    /// The diff's lines as the thread's items (for pipes), rather than the subject's body alone.
    public let streamsLines: Bool
    private let transport: any HTTPTransport
    private let userAgent: String

    public var name: String { "wikipedia diff \(revisionID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public init(itemID: String, revisionID: Int64, baseURL: URL = WikipediaSource.defaultBaseURL, transport: any HTTPTransport,
                userAgent: String = WikipediaSource.defaultUserAgent, streamsLines: Bool = false) {
        self.itemID = itemID
        self.revisionID = revisionID
        self.baseURL = baseURL
        self.streamsLines = streamsLines
        self.transport = transport
        self.userAgent = userAgent
    }

    /// The change a user names, as its item id and revision: the id `--json` prints
    /// (`wikipedia:{rcid}@{revid}`), a revision id, or a diff's address as Wikipedia links it
    /// (`…/index.php?diff=123&oldid=122`, `…?oldid=123&diff=prev`, `…/wiki/Special:Diff/123`,
    /// `Special:Diff/122/123`). The diff shown is always the revision's own change, against
    /// its parent, which is what history and recent-changes links name.
    public static func change(_ text: String) -> (itemID: String, revisionID: Int64)? {
        func revision(_ digits: some StringProtocol) -> Int64? {
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let id = Int64(digits), id > 0 else { return nil }
            return id
        }
        if text.hasPrefix("wikipedia:") {
            guard let at = text.lastIndex(of: "@"), let id = revision(text[text.index(after: at)...]) else { return nil }
            return (text, id)
        }
        if let id = revision(text) { return ("wikipedia:@\(id)", id) }
        guard let url = URLComponents(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil else { return nil }
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        if let diff = query["diff"] {
            if let id = revision(diff) { return ("wikipedia:@\(id)", id) }
            // `diff=prev` (or `cur` of the latest) is the old id's own change only for `prev`.
            if diff == "prev", let id = query["oldid"].flatMap(revision) { return ("wikipedia:@\(id)", id) }
            return nil
        }
        let path = url.percentEncodedPath.removingPercentEncoding ?? url.percentEncodedPath
        if let range = path.range(of: "/Special:Diff/"), let id = revision(path[range.upperBound...].split(separator: "/").last ?? "") {
            return ("wikipedia:@\(id)", id)
        }
        return nil
    }

    /// The diff of a `WikipediaSource` edit (`wikipedia:{rcid}@{revid}`), if it has one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard itemID.hasPrefix("wikipedia:"), let at = itemID.lastIndex(of: "@"),
              let revid = Int64(itemID[itemID.index(after: at)...]), revid > 0
        else { return nil }
        return Self(itemID: itemID, revisionID: revid, baseURL: baseURL, transport: transport)
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case .cursor(nil) = key else { return Page(key: key, items: [], next: nil) }
        let url = APIEndpoint.url(base: baseURL, path: "api.php", query: [
            ("action", "compare"), ("fromrev", String(revisionID)), ("torelative", "prev"),
            ("prop", "diff|ids|title|user|comment|timestamp|size|rel"), ("format", "json"), ("formatversion", "2"),
        ])
        let (answer, _) = try await transport.fetchJSON(
            CompareAnswerDTO.self, from: url, headers: ["User-Agent": userAgent], api: "wikipedia", context: context)
        if let error = answer.error {
            let info = FieldText.plainLine(error.info ?? error.code ?? "error")
            throw FeedError(.invalidRequest, "wikipedia: \(info)\(error.code.map { " (\($0))" } ?? "")")
        }
        guard let compare = answer.compare else { throw FeedError.unexpectedResponse("wikipedia", "compare: missing") }
        var html = ""
        if let comment = compare.tocomment.map(FieldText.plainLine), !comment.isEmpty {
            html += "<p><em>\(HTMLEntities.escape(comment))</em></p>\n"
        }
        if let body = compare.body {
            let lines = Self.lines(ofDiff: body)
            html += lines.isEmpty ? "<p>(no changes to the text)</p>" : lines.map(Self.paragraph).joined(separator: "\n")
        } else if compare.fromtexthidden != nil || compare.totexthidden != nil {
            html += "<p>(the text of this revision is hidden)</p>"
        } else {
            // `prop=diff` was asked for: an answer without it is not a diff with no changes.
            throw FeedError.unexpectedResponse("wikipedia", "compare: body missing")
        }
        let subject = FeedItem(
            id: itemID,
            title: nonEmptyTitle(FieldText.plainLine(compare.totitle ?? "")),
            author: compare.touser.map(FieldText.plainLine),
            time: compare.totimestamp.flatMap(WireTime.iso8601).map { Int64($0) },
            bodyHTML: html
        )
        guard streamsLines else { return Page(key: key, items: [], next: nil, subject: subject) }
        let lines = compare.body.map(Self.lines(ofDiff:)) ?? []
        return Page(key: key, items: Self.records(lines, of: subject), next: nil, subject: subject)
    }

    /// The diff's lines as thread entries: headers under the edit, lines under their header.
    static func records(_ lines: [Line], of edit: FeedItem) -> [FeedItem] {
        var records: [FeedItem] = []
        var header: String?
        for (index, line) in lines.enumerated() {
            let id = "\(edit.id)/\(index + 1)"
            let (text, change): (String, String) = switch line {
            case let .header(text): (text, "header")
            case let .context(text): ("  \(text)", "context")
            case let .deleted(text): ("\u{2212} \(text)", "removed")
            case let .added(text): ("+ \(text)", "added")
            }
            let isHeader = change == "header"
            records.append(FeedItem(
                id: id, title: text, author: edit.author, time: edit.time, body: text,
                depth: isHeader || header == nil ? 0 : 1,
                parentID: isHeader ? edit.id : header ?? edit.id,
                facts: [ItemFact("change", .text(change), label: .hidden)]))
            if isHeader { header = id }
        }
        return records
    }

    // MARK: - Diff rows

    /// One line of a diff as the reader sees it.
    enum Line: Equatable {
        case header(String)
        case context(String)
        case deleted(String)
        case added(String)
    }

    /// The lines of a diff body (`<tr>` rows), in order; a changed line gives its deleted then
    /// its added side.
    static func lines(ofDiff body: String) -> [Line] {
        let document = HTMLDocument.parse("<!DOCTYPE html><html><body><table>\(body)</table></body></html>")
        var lines: [Line] = []
        for row in elements(named: "tr", in: document.body) {
            let cells = row.elementChildren.filter { $0.name == "td" }
            if let header = cells.first(where: { $0.classAndID.contains("diff-lineno") }) {
                lines.append(.header(text(of: header)))
                continue
            }
            if let context = cells.first(where: { $0.classAndID.contains("diff-context") }) {
                lines.append(.context(text(of: context)))
                continue
            }
            if let deleted = cells.first(where: { $0.classAndID.contains("diff-deletedline") }) { lines.append(.deleted(text(of: deleted))) }
            if let added = cells.first(where: { $0.classAndID.contains("diff-addedline") }) { lines.append(.added(text(of: added))) }
        }
        return lines
    }

    /// A cell's text: changed words as `[-…-]` and `{+…+}`, line breaks as spaces.
    static func text(of node: HTMLNode) -> String {
        var out = ""
        func walk(_ node: HTMLNode) {
            if node.isText {
                out += node.text
                return
            }
            let (open, close) = switch node.name {
            case "del": ("[-", "-]")
            case "ins": ("{+", "+}")
            default: ("", "")
            }
            out += open
            node.children.forEach(walk)
            out += close
        }
        node.children.forEach(walk)
        return FieldText.plainLine(out)
    }

    static func elements(named name: String, in root: HTMLNode) -> [HTMLNode] {
        var found: [HTMLNode] = []
        var stack = [root]
        while let node = stack.popLast() {
            if node.name == name { found.append(node) }
            stack += node.elementChildren.reversed()
        }
        return found
    }

    static func paragraph(_ line: Line) -> String {
        switch line {
        case let .header(text): "<p><strong>\(HTMLEntities.escape(text))</strong></p>"
        case let .context(text): "<p>\u{00A0}\u{00A0}\(HTMLEntities.escape(text))</p>"
        case let .deleted(text): "<p>\u{2212} \(HTMLEntities.escape(text))</p>"
        case let .added(text): "<p>+ \(HTMLEntities.escape(text))</p>"
        }
    }

}

// MARK: - Wire format

private struct CompareAnswerDTO: Decodable {
    struct ErrorDTO: Decodable { var code: String?; var info: String? }
    struct CompareDTO: Decodable {
        var totitle: String?
        var touser: String?
        var totimestamp: String?
        var tocomment: String?
        /// Present (as `true`) when the revision's text is hidden from the reader.
        var fromtexthidden: Bool?
        var totexthidden: Bool?
        /// `<tr>` rows (formatversion=2; `"*"` in version 1).
        var body: String?
    }

    var compare: CompareDTO?
    var error: ErrorDTO?
}
