import FeedModel
import Foundation

/// A GitHub repository's conversation: its README as the detail's body (the content object's
/// base64 Markdown, rendered through Ink) and its open issues as the thread, newest first, one
/// per row with its number, title, author, age and comment count; pull requests, which the
/// issues endpoint mixes in, are left out. Issues page with the `link` header's `next`.
///
/// A repository is named by its numeric id (`github:123`, what the search list's items carry:
/// `/repositories/{id}/…`) or by `owner/name` or its URL (`/repos/{owner}/{name}/…`). The key
/// is `.cursor(nil)` for the first page (which also brings the repository and its README),
/// `.cursor("N")` for issues page N.
public struct GitHubRepoThreadSource: FeedSource {
    public enum Repository: Sendable, Equatable {
        case id(Int64)
        case name(owner: String, repo: String)

        var path: String {
            switch self {
            case let .id(id): "repositories/\(id)"
            case let .name(owner, repo): "repos/\(owner)/\(repo)"
            }
        }
    }

    public let repository: Repository
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let token: String?

    public var name: String { "github \(repository.path)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 100 }

    public init(repository: Repository, baseURL: URL = GitHubSearchSource.defaultBaseURL, transport: any HTTPTransport, token: String? = nil) {
        self.repository = repository
        self.baseURL = baseURL
        self.transport = transport
        self.token = token
    }

    /// The conversation of a `GitHubSearchSource` item (`github:123`) or of `github:owner/name`.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport, token: String? = nil) -> Self? {
        guard itemID.hasPrefix("github:"), let repository = repository(itemID) ?? repository(String(itemID.dropFirst(7))) else { return nil }
        return Self(repository: repository, baseURL: baseURL, transport: transport, token: token)
    }

    /// A repository as a user may give it: `github:123`, `owner/name`, or its URL
    /// (`https://github.com/owner/name`, with anything after).
    public static func repository(_ text: String) -> Repository? {
        if text.hasPrefix("github:") {
            guard let id = Int64(text.dropFirst(7)), id > 0 else { return nil }
            return .id(id)
        }
        var path = Substring(text)
        if let url = URL(string: text), url.scheme != nil {
            guard url.host == "github.com" || url.host == "www.github.com" else { return nil }
            path = Substring(url.path.dropFirst())
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, url(parts: parts) else { return nil }
        return .name(owner: String(parts[0]), repo: String(parts[1]))
    }

    private static func url(parts: [Substring]) -> Bool {
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") }
        return parts.prefix(2).allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed) }
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key, let number = token.map({ Int($0) }) ?? 1, number >= 1 else {
            throw FeedError(.invalidRequest, "github: unsupported page key \(key)")
        }
        var subject: FeedItem?
        if number == 1 {
            let (repo, _) = try await transport.fetchJSON(
                RepoDTO.self, from: url(repository.path), headers: headers, api: "github", context: context)
            var item = repo.feedItem
            item.id = repository.itemID
            item.bodyHTML = try await readmeHTML(context: context)
                ?? "<p><em>This repository has no README.</em></p>"
            subject = item
        }
        let issuesURL = url(repository.path + "/issues", query: [
            ("state", "open"), ("sort", "created"), ("direction", "desc"),
            ("per_page", String(pageSize.clampedPageSize(maximum: maxPageSize))), ("page", String(number)),
        ])
        let (issues, response) = try await transport.fetchJSON([IssueDTO].self, from: issuesURL, headers: headers, api: "github", context: context)
        let parent = repository.itemID
        let items = issues.filter { $0.pull_request == nil }.map { $0.feedItem(parent: parent) }
        let hasNext = LinkHeader(response.header("link")).url(for: "next") != nil
        return Page(key: key, items: items, next: hasNext ? .cursor(String(number + 1)) : nil, subject: subject)
    }

    // MARK: - Helpers

    private var headers: [String: String] {
        var headers = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return headers
    }

    private func url(_ path: String, query: [(String, String)] = []) -> URL {
        APIEndpoint.url(base: baseURL, path: path, query: query)
    }

    /// The README rendered to HTML, or nil when the repository has none (404).
    private func readmeHTML(context: FetchContext) async throws(FeedError) -> String? {
        let readmeURL = url(repository.path + "/readme")
        return try await transport.exchange(HTTPRequest(url: readmeURL, headers: headers, context: context)) { response throws(FeedError) in
            if response.status == 404 { return nil }
            try ResponseCheck.requireSuccess(response, api: "github", now: Date())
            let content = try JSONBody.decode(ContentDTO.self, from: response, api: "github")
            guard content.encoding == "base64",
                  let data = Data(base64Encoded: content.content.filter { !$0.isWhitespace })
            else { throw FeedError.unexpectedResponse("github", "readme: content is not base64") }
            return MarkdownText.html(String(decoding: data, as: UTF8.self))
        }
    }
}

extension GitHubRepoThreadSource.Repository {
    /// The item id this conversation answers: `github:ID` (the search list's), or
    /// `github:owner/name` for a repository named by its name (`--thread owner/name`).
    public var itemID: String {
        switch self {
        case let .id(id): "github:\(id)"
        case let .name(owner, repo): "github:\(owner)/\(repo)"
        }
    }
}

// MARK: - Wire format

private struct ContentDTO: Decodable {
    // Required (RequiredField.swift).
    var content: String
    var encoding: String?
}

private struct RepoDTO: Decodable {
    struct Owner: Decodable { var login: String? }

    var id: Int64
    var full_name: String?
    var description: String?
    var html_url: String?
    var owner: Owner?
    var stargazers_count: Int?
    var open_issues_count: Int?
    var language: String?

    var feedItem: FeedItem {
        var facts: [ItemFact] = []
        if let stargazers_count { facts.append(.count("stars", stargazers_count, "star")) }
        if let language { facts.append(.text("language", language, shown: language)) }
        if let open_issues_count { facts.append(.count("issues", open_issues_count, "open issue")) }
        return FeedItem(
            id: "github:\(id)",
            title: nonEmptyTitle(FieldText.plainLine(full_name ?? "") + (description.map { " — " + FieldText.plainLine($0) } ?? "")),
            url: html_url,
            author: owner?.login.map(FieldText.plainLine),
            score: stargazers_count,
            discussionURL: html_url.map { $0 + "/issues" },
            facts: facts
        )
    }
}

private struct IssueDTO: Decodable {
    struct User: Decodable { var login: String? }
    struct PullRequest: Decodable { var url: String? }

    var number: Int
    var title: String?
    var html_url: String?
    var user: User?
    var body: String?
    var comments: Int?
    var created_at: String?
    var pull_request: PullRequest?

    func feedItem(parent: String) -> FeedItem {
        var facts: [ItemFact] = [.text("number", "#\(number)", shown: "#\(number)")]
        if let comments { facts.append(.count("comments", comments, "comment")) }
        return FeedItem(
            id: "\(parent)/issues/\(number)",
            title: nonEmptyTitle(FieldText.plainLine(title ?? "")),
            url: html_url,
            author: user?.login.map(FieldText.plainLine),
            time: created_at.flatMap(WireTime.iso8601).map { Int64($0) },
            // The title leads the body (the header has the number, author and age); it is text, not Markdown.
            bodyHTML: "<p><strong>\(HTMLEntities.escape(FieldText.plainLine(title ?? "")))</strong></p>\n" + MarkdownText.html(body ?? ""),
            depth: 0,
            parentID: parent,
            facts: facts
        )
    }
}
