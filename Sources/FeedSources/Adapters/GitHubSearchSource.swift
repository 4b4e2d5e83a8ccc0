import FeedModel
import Foundation

/// GitHub repository search: 1-based pages, the next one taken from the `link` header.
///
/// No `rel="next"` ends the feed. Past the first 1000 results GitHub answers 422 "Only the
/// first 1000 search results are available": that ends the feed cleanly with an empty last
/// page (and a note in the log), not an error. `incomplete_results` is ignored.
public struct GitHubSearchSource: FeedSource {
    public enum Sort: String, Sendable, CaseIterable {
        case bestMatch = ""
        case stars, forks, updated
        case helpWantedIssues = "help-wanted-issues"
    }

    public static let defaultBaseURL = URL(string: "https://api.github.com")!

    public let query: String
    public let sort: Sort
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let token: String?
    private let log: SourceLog?

    public var name: String { "github \(query)" }
    public var firstKey: PageKey { .page(1) }
    public var defaultPageSize: Int { 30 }
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - query: the `q` search (`language:swift stars:>100`); must not be empty.
    ///   - sort: `stars` (default), `forks`, `updated`, `help-wanted-issues`, or best match.
    ///   - baseURL: the API root, `https://api.github.com` or a replica's.
    ///   - transport: the network.
    ///   - token: sent as `Authorization: Bearer` when given (higher rate limits).
    ///   - log: receives a note when the 1000-result cap ends the feed.
    public init(
        query: String, sort: Sort = .stars, baseURL: URL = Self.defaultBaseURL,
        transport: any HTTPTransport, token: String? = nil, log: SourceLog? = nil
    ) {
        self.query = query
        self.sort = sort
        self.baseURL = baseURL
        self.transport = transport
        self.token = token
        self.log = log
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .page(number) = key, number >= 1 else {
            throw FeedError(.invalidRequest, "github: unsupported page key \(key)")
        }
        guard !query.trimmingWhitespace().isEmpty else {
            throw FeedError(.invalidRequest, "github: a search query is required")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        var query: [(String, String)] = [("q", self.query)]
        if sort != .bestMatch { query += [("sort", sort.rawValue), ("order", "desc")] }
        query += [("per_page", String(size)), ("page", String(number))]
        let url = APIEndpoint.url(base: baseURL, path: "search/repositories", query: query)
        var headers = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
        if let token { headers["Authorization"] = "Bearer \(token)" }

        // Checked and decoded inside the exchange: a garbled or truncated body is retried like a 5xx.
        return try await transport.exchange(HTTPRequest(url: url, headers: headers, context: context)) { [log] response throws(FeedError) in
            if response.status == 422 {
                let detail = ResponseCheck.detailMessage(response.body, contentType: response.header("content-type")) ?? ""
                if detail.localizedCaseInsensitiveContains("first 1000") {
                    log?("github: \(detail); the feed ends here")
                    return Page(key: key, items: [], next: nil)
                }
                throw FeedError(.invalidRequest, "github: \(detail.isEmpty ? "query rejected (HTTP 422)" : detail)")
            }
            try ResponseCheck.requireSuccess(response, api: "github")
            let result = try JSONBody.decode(SearchDTO.self, from: response, api: "github")
            let items = result.items.map(\.feedItem)
            let nextPage = LinkHeader(response.header("link")).url(for: "next")
                .flatMap { APIEndpoint.queryValue("page", in: $0) }.flatMap(Int.init)
            let next: PageKey? = items.isEmpty ? nil : nextPage.map { .page($0) }
            let total = result.total_count
            return Page(key: key, items: items, next: next, total: total, cap: total.map { $0 > Self.resultCap ? Self.resultCap : nil } ?? nil)
        }
    }

    /// Search hands out the first 1000 results, whatever `total_count` says.
    static let resultCap = 1000
}

// MARK: - Wire format

private struct SearchDTO: Decodable {
    var total_count: Int?
    var incomplete_results: Bool?
    var items: [RepositoryDTO]  // required (RequiredField.swift)
}

private struct RepositoryDTO: Decodable {
    struct Owner: Decodable { var login: String?; var avatar_url: String? }
    struct License: Decodable { var spdx_id: String?; var name: String? }

    var id: Int64
    var name: String?
    var full_name: String?
    var owner: Owner?
    var html_url: String?
    var description: String?
    var language: String?
    var license: License?
    var stargazers_count: Int?
    var forks_count: Int?
    var open_issues_count: Int?
    var created_at: String?
    var updated_at: String?
    var pushed_at: String?

    var feedItem: FeedItem {
        let fullName = full_name ?? [owner?.login, name].compactMap { $0 }.joined(separator: "/")
        // JSON strings as the owner wrote them: plain text.
        let summary = description.map(FieldText.plainLine) ?? ""
        let title = summary.isEmpty ? fullName : "\(fullName) — \(summary)"
        let licence = (license?.spdx_id ?? license?.name).flatMap { $0.isEmpty || $0 == "NOASSERTION" ? nil : $0 }
        let time = (pushed_at ?? updated_at ?? created_at).flatMap(WireTime.iso8601).map { Int64($0) }
        var lines = [licence].compactMap { $0 }
        if let open_issues_count { lines.append(ItemFact.count("open_issues", open_issues_count, "open issue").labelText) }
        return FeedItem(
            id: "github:\(id)",
            title: nonEmptyTitle(title),
            url: html_url,
            author: owner?.login,
            score: stargazers_count,
            time: time,
            body: lines.isEmpty ? nil : lines.joined(separator: " · "),
            discussionURL: html_url.map { "\($0)/issues" },
            facts: facts(time: time, licence: licence),
            pictureURL: PictureLink.http(owner?.avatar_url)
        )
    }

    /// `★ 225,265 · 45,936 forks · JavaScript · updated 3d`; open issues, licence and owner in `--json`.
    private func facts(time: Int64?, licence: String?) -> [ItemFact] {
        var facts: [ItemFact] = []
        if let stargazers_count { facts.append(.count("stars", stargazers_count, symbol: "★")) }
        if let forks_count { facts.append(.count("forks", forks_count, "fork")) }
        if let language = FieldText.nonEmpty(language) { facts.append(.text("language", language)) }
        if let time { facts.append(.age(time, prefix: "updated")) }
        if let open_issues_count { facts.append(ItemFact("open_issues", .number(open_issues_count), label: .hidden)) }
        if let licence { facts.append(ItemFact("license", .text(licence), label: .hidden)) }
        if let login = owner?.login { facts.append(ItemFact("author", .text(login), label: .hidden)) }
        return facts
    }
}
