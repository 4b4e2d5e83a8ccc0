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
public struct WikipediaDiffSource: FeedSource {
    public let itemID: String
    public let revisionID: Int64
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let userAgent: String

    public var name: String { "wikipedia diff \(revisionID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public init(itemID: String, revisionID: Int64, baseURL: URL = WikipediaSource.defaultBaseURL, transport: any HTTPTransport,
                userAgent: String = WikipediaSource.defaultUserAgent) {
        self.itemID = itemID
        self.revisionID = revisionID
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
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
        return Page(key: key, items: [], next: nil, subject: subject)
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
