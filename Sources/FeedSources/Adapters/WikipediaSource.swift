import FeedModel
import Foundation

/// Wikipedia's recent changes through the MediaWiki Action API, newest first.
///
/// `.cursor(String?)` holds the previous response's `continue` object encoded as a query
/// string (`continue=-%7C%7C&rccontinue=20180330090522%7C1041353210`); every key of it is copied
/// into the next request, as API:Continue requires. No `continue` ends the feed.
/// Errors come with HTTP 200 as `{"error":{code,info}}`: `maxlag` and `ratelimited` are
/// retryable (`Retry-After`, else the reported lag), other codes are final.
public struct WikipediaSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://en.wikipedia.org/w")!
    /// Wikimedia's policy asks for a descriptive agent with a way to reach the operator.
    public static let defaultUserAgent = "feedscroll/\(FeedscrollVersion.string) (terminal feed browser)"

    public let baseURL: URL
    private let transport: any HTTPTransport
    private let userAgent: String

    public var name: String { "wikipedia \(baseURL.host ?? "")" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 50 }
    public var maxPageSize: Int { 500 }

    /// - Parameters:
    ///   - baseURL: the script path, `https://en.wikipedia.org/w` (`api.php` is appended).
    ///   - transport: the network.
    ///   - userAgent: the descriptive agent Wikimedia requires.
    public init(baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, userAgent: String = Self.defaultUserAgent) {
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key else {
            throw FeedError(.invalidRequest, "wikipedia: unsupported page key \(key)")
        }
        var query: [(String, String)] = [
            ("action", "query"), ("list", "recentchanges"), ("format", "json"), ("formatversion", "2"),
            ("rcprop", "title|ids|timestamp|user|comment|sizes|flags"),
            ("rclimit", String(pageSize.clampedPageSize(maximum: maxPageSize))),
        ]
        let fixed = Set(query.map(\.0))
        // The continuation may not override the request's own parameters.
        query += APIEndpoint.queryPairs(token ?? "").filter { !fixed.contains($0.0) }
        let url = APIEndpoint.url(base: baseURL, path: "api.php", query: query)
        // The API's own error (200 with `error`) is read inside the exchange: maxlag and
        // ratelimited are retried by the transport, the one retry site, like a 5xx.
        let request = HTTPRequest(url: url, headers: ["User-Agent": userAgent], context: context)
        let result = try await transport.exchange(request) { response throws(FeedError) in
            try ResponseCheck.requireSuccess(response, api: "wikipedia", now: Date())
            let result = try JSONBody.decode(ResultDTO.self, from: response, api: "wikipedia")
            if let error = result.error { throw Self.feedError(error, response: response) }
            return result
        }
        let items = (result.query?.recentchanges ?? []).map { $0.feedItem(base: baseURL) }  // required unless `error`
        var next: PageKey?
        if let next_ = result.continue, !next_.isEmpty {
            let pairs = next_.compactMap { name, value in value.text.map { (name, $0) } }.sorted { $0.0 < $1.0 }
            let encoded = pairs.map { "\(APIEndpoint.encode($0.0))=\(APIEndpoint.encode($0.1))" }.joined(separator: "&")
            next = encoded == token ? nil : .cursor(encoded)
        }
        return Page(key: key, items: items, next: next)
    }

    private static func feedError(_ error: ResultDTO.APIError, response: HTTPResponse) -> FeedError {
        let code = error.code ?? "unknown"
        let message = "wikipedia: \(ResponseCheck.oneLine(error.info ?? code))"
        switch code {
        case "maxlag", "ratelimited":
            let wait = RetryAfter.seconds(headers: response.headers, isThrottled: false, now: Date())
                ?? error.lag?.text.flatMap(Double.init) ?? 5
            return FeedError(.rateLimited, message, isRetryable: true, retryAfter: wait)
        case _ where code.hasPrefix("internal_api_error"):
            return FeedError(.http(status: 500), message, isRetryable: true)
        default:
            return FeedError(.invalidRequest, "\(message) (\(code))")
        }
    }
}

// MARK: - Wire format

private struct ResultDTO: Decodable {
    struct APIError: Decodable {
        var code: String?
        var info: String?
        var lag: LooseScalar?
    }
    struct Query: Decodable {
        var recentchanges: [ChangeDTO]  // required (RequiredField.swift)
    }
    var error: APIError?
    var `continue`: [String: LooseScalar]?
    var query: Query?

    private enum CodingKeys: String, CodingKey { case error, `continue`, query }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decodeIfPresent(APIError.self, forKey: .error)
        `continue` = try container.decodeIfPresent([String: LooseScalar].self, forKey: .continue)
        // Without an `error`, the changes are the answer: required.
        query = try container.decode(Query.self, forKey: .query, requiredIf: error == nil)
    }
}

private struct ChangeDTO: Decodable {
    var type: String?
    var title: String?
    var pageid: Int64?
    var revid: Int64?
    var old_revid: Int64?
    var rcid: Int64
    var user: String?
    var userhidden: LooseScalar?
    var comment: String?
    var oldlen: Int?
    var newlen: Int?
    var timestamp: String?

    func feedItem(base: URL) -> FeedItem {
        // `title`, `user` and `comment` (the edit summary as typed, not `parsedcomment`) are plain text.
        let page = title ?? "(untitled)"
        let who = user ?? (userhidden != nil ? "(hidden)" : "?")
        let summary = FieldText.plainLine(comment ?? "")
        // In links a title is written as MediaWiki writes it, spaces as `_` (not `%20`).
        let linked = page.replacingOccurrences(of: " ", with: "_")
        var query: [(String, String)] = [("title", linked)]
        if let revid, revid > 0 {
            query.append(("diff", String(revid)))
            if let old_revid, old_revid > 0 { query.append(("oldid", String(old_revid))) }
        }
        let link = APIEndpoint.url(base: base, path: "index.php", query: query).absoluteString
        return FeedItem(
            // An edit's id carries its revision (`wikipedia:{rcid}@{revid}`), so its diff can be asked for.
            id: revid.map { $0 > 0 ? "wikipedia:\(rcid)@\($0)" : "wikipedia:\(rcid)" } ?? "wikipedia:\(rcid)",
            title: nonEmptyTitle(FieldText.plainLine(page)),
            url: link,
            author: who,
            time: timestamp.flatMap(WireTime.iso8601).map { Int64($0) },
            body: FieldText.nonEmpty([type.map { "\($0) · \(page)" }, FieldText.nonEmpty(summary)].compactMap { $0 }.joined(separator: "\n\n")),
            discussionURL: APIEndpoint.url(base: base, path: "index.php", query: [("title", "Talk:\(linked)")]).absoluteString,
            facts: facts(who: who, summary: summary)
        )
    }

    /// `+31 bytes · Iztwoz · fixed a typo · 3h`; `new page` or `log` for changes that are not edits.
    private func facts(who: String, summary: String) -> [ItemFact] {
        var facts: [ItemFact] = []
        if let newlen {
            let change = newlen - (oldlen ?? 0)
            let sign = change > 0 ? "+" : change < 0 ? "−" : "±"
            let words = "\(sign)\(ItemFact.grouped(abs(change))) byte\(abs(change) == 1 ? "" : "s")"
            facts.append(ItemFact("bytes", .number(change), label: .text(words)))
        }
        if let type, type != "edit" { facts.append(.text("change", type, shown: type == "new" ? "new page" : type)) }
        facts.append(.author(who))
        if !summary.isEmpty { facts.append(.text("summary", summary)) }
        if let time = timestamp.flatMap(WireTime.iso8601) { facts.append(.age(Int64(time))) }
        return facts
    }
}
