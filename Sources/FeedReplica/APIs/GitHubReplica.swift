import FeedModel
import Foundation

/// GitHub REST search (`/search/repositories`): page/per_page, the `link` header, the 1000-result cap.
struct GitHubReplica: ReplicaAPI {
    let name = "github"
    let prefix = "/github"
    let seed: UInt64
    let timeline: FeedTimeline
    /// Base repositories per sort key, in descending order.
    private let orders: [String: [Int]]
    private let repos: [Repo]

    static let resultCap = 1000
    static let capMessage = "Only the first 1000 search results are available"
    let reportedWindow: (limit: Int, seconds: Double)? = (5000, 3600)

    struct Repo {
        var seq: Int
        var id: Int
        var owner: String
        var ownerID: Int
        var isOrganization: Bool
        var name: String
        var description: String?
        var language: String?
        var license: (key: String, name: String, spdx: String)?
        var homepage: String?
        var stars: Int
        var forks: Int
        var issues: Int
        var helpWanted: Int
        var created: Int64
        var updated: Int64
        var relevance: Double
        var topics: [String]
    }

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        let timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "github", meanGap: 600)
        self.timeline = timeline
        let repos = (0..<count).map { Self.makeRepo($0, seed: seed, timeline: timeline) }
        self.repos = repos
        func order(_ key: (Repo) -> Double) -> [Int] {
            repos.sorted { (key($0), $0.id) > (key($1), $1.id) }.map(\.seq)
        }
        orders = [
            "stars": order { Double($0.stars) }, "forks": order { Double($0.forks) },
            "help-wanted-issues": order { Double($0.helpWanted) }, "updated": order { Double($0.updated) },
            "": order { $0.relevance },
        ]
    }

    func repo(_ seq: Int) -> Repo {
        seq < repos.count ? repos[seq] : Self.makeRepo(seq, seed: seed, timeline: timeline)
    }

    private static let languages = ["Swift", "Rust", "Go", "TypeScript", "Python", "C", "C++", "Zig", "Kotlin", "Haskell"]
    private static let licenses = [("mit", "MIT License", "MIT"), ("apache-2.0", "Apache License 2.0", "Apache-2.0"),
                                   ("gpl-3.0", "GNU General Public License v3.0", "GPL-3.0"), ("other", "Other", "NOASSERTION")]

    private static func makeRepo(_ seq: Int, seed: UInt64, timeline: FeedTimeline) -> Repo {
        var rng = SeededRandom(seed: seed, salt: "github", index: seq)
        let title = TextGenerator.title(&rng)
        let owner = TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20).replacingOccurrences(of: "_", with: "-")
        let name = TextGenerator.slug(rng.pick(TextGenerator.techWords) + " " + rng.pick(TextGenerator.adjectives), maxLength: 30)
            .replacingOccurrences(of: "_", with: "-") + "-\(seq)"
        let isDrift = seq >= timeline.baseCount
        let stars = isDrift ? rng.below(3) : TextGenerator.score(&rng, max: 200_000)
        let created = timeline.time(seq)
        let license = rng.chance(0.2) ? nil : rng.pick(licenses)
        return Repo(
            seq: seq, id: 10_000_000 + seq * 13, owner: owner, ownerID: 1000 + Int(SeededRandom.hash(owner) % 9_000_000),
            isOrganization: rng.chance(0.3), name: name, description: rng.chance(0.15) ? nil : title,
            language: rng.chance(0.12) ? nil : rng.pick(languages),
            license: license.map { (key: $0.0, name: $0.1, spdx: $0.2) },
            homepage: rng.chance(0.5) ? nil : (rng.chance(0.3) ? "" : "https://\(owner).example.dev"),
            stars: stars, forks: stars / (2 + rng.below(8)), issues: rng.below(max(stars / 50, 1) + 1), helpWanted: rng.below(20),
            created: created, updated: created + Int64(rng.below(86_400 * 30)), relevance: rng.unit() * 100,
            topics: (0..<rng.below(4)).map { _ in TextGenerator.slug(rng.pick(TextGenerator.techWords)).replacingOccurrences(of: "_", with: "-") }
        )
    }

    /// - Parameter sprites: where the replica's pictures are (`origin/sprites`): owner avatars.
    func repoJSON(_ repo: Repo, sprites: String) -> JSONValue {
        let api = "https://api.github.com"
        let full = "\(repo.owner)/\(repo.name)"
        let repoURL = "\(api)/repos/\(full)"
        let owner: JSONValue = .object([
            ("login", .string(repo.owner)), ("id", .int(repo.ownerID)),
            ("node_id", .string(Data("04:User\(repo.ownerID)".utf8).base64EncodedString())),
            ("avatar_url", .string("\(sprites)/avatars/\(repo.owner).png?v=4")), ("gravatar_id", ""),
            ("url", .string("\(api)/users/\(repo.owner)")), ("html_url", .string("https://github.com/\(repo.owner)")),
            ("repos_url", .string("\(api)/users/\(repo.owner)/repos")),
            ("type", repo.isOrganization ? "Organization" : "User"), ("user_view_type", "public"), ("site_admin", false),
        ])
        let license: JSONValue = repo.license.map { l in
            .object([("key", .string(l.key)), ("name", .string(l.name)), ("spdx_id", .string(l.spdx)),
                     ("url", l.key == "other" ? .null : .string("\(api)/licenses/\(l.key)")), ("node_id", "MDc6TGljZW5zZTEz")])
        } ?? .null
        var fields: [(String, JSONValue)] = [
            ("id", .int(repo.id)), ("node_id", .string(Data("010:Repository\(repo.id)".utf8).base64EncodedString())),
            ("name", .string(repo.name)), ("full_name", .string(full)), ("private", false), ("owner", owner),
            ("html_url", .string("https://github.com/\(full)")), ("description", .optional(repo.description)), ("fork", false),
            ("url", .string(repoURL)),
        ]
        for template in ["forks_url", "keys_url{/key_id}", "collaborators_url{/collaborator}", "teams_url", "hooks_url",
                         "issue_events_url{/number}", "events_url", "assignees_url{/user}", "branches_url{/branch}", "tags_url",
                         "blobs_url{/sha}", "git_tags_url{/sha}", "git_refs_url{/sha}", "trees_url{/sha}", "statuses_url{sha}",
                         "languages_url", "stargazers_url", "contributors_url", "subscribers_url", "subscription_url",
                         "commits_url{/sha}", "git_commits_url{/sha}", "comments_url{/number}", "issue_comment_url{/number}",
                         "contents_url{+path}", "compare_url{base}...{head}", "merges_url", "archive_url{archive_format}{/ref}",
                         "downloads_url", "issues_url{/number}", "pulls_url{/number}", "milestones_url{/number}",
                         "notifications_url{?since,all,participating}", "labels_url{/name}", "releases_url{/id}", "deployments_url"] {
            let key = String(template.prefix { $0 != "{" })
            let segment = key.replacingOccurrences(of: "_url", with: "").replacingOccurrences(of: "_", with: "/")
            fields.append((key, .string("\(repoURL)/\(segment)\(template.dropFirst(key.count))")))
        }
        fields += [
            ("created_at", .string(isoTimestamp(repo.created))), ("updated_at", .string(isoTimestamp(repo.updated))),
            ("pushed_at", .string(isoTimestamp(repo.updated))), ("git_url", .string("git://github.com/\(full).git")),
            ("ssh_url", .string("git@github.com:\(full).git")), ("clone_url", .string("https://github.com/\(full).git")),
            ("svn_url", .string("https://github.com/\(full)")), ("homepage", .optional(repo.homepage)),
            ("size", .int(repo.stars % 100_000)), ("stargazers_count", .int(repo.stars)), ("watchers_count", .int(repo.stars)),
            ("language", .optional(repo.language)), ("has_issues", true), ("has_projects", true), ("has_downloads", true),
            ("has_wiki", .bool(repo.stars % 2 == 0)), ("has_pages", false), ("has_discussions", false), ("forks_count", .int(repo.forks)),
            ("mirror_url", .null), ("archived", false), ("disabled", false), ("open_issues_count", .int(repo.issues)),
            ("license", license), ("allow_forking", true), ("is_template", false), ("web_commit_signoff_required", false),
            ("topics", .array(repo.topics.map(JSONValue.string))), ("visibility", "public"), ("forks", .int(repo.forks)),
            ("open_issues", .int(repo.issues)), ("watchers", .int(repo.stars)), ("default_branch", "main"), ("score", 1.0),
        ]
        return .object(fields)
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        path == "search/repositories" ? "search/repositories" : threadRouteName(path)
    }

    let documentationHeaders = [("X-GitHub-Api-Version-Selected", "2022-11-28"), ("X-GitHub-Media-Type", "github.v3; format=json")]

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        if let thread = respondToThread(request, headers: documentationHeaders) { return thread }
        guard request.path == "search/repositories" else {
            return .json(["message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"],
                         status: 404, headers: documentationHeaders)
        }
        let q = request["q"] ?? ""
        guard !q.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .json([
                "message": "Validation Failed", "errors": [["resource": "Search", "field": "q", "code": "missing"]],
                "documentation_url": "https://docs.github.com/v3/search", "status": "422",
            ], status: 422, headers: documentationHeaders)
        }
        let perPage = min(max(Int(request["per_page"] ?? "") ?? 30, 1), 100)
        let page = max(Int(request["page"] ?? "") ?? 1, 1)
        let start = (page - 1) * perPage
        if start >= Self.resultCap {
            return .json(["message": .string(Self.capMessage), "documentation_url": "https://docs.github.com/v3/search/", "status": "422"],
                         status: 422, headers: documentationHeaders)
        }
        let sortKey = orders[request["sort"] ?? ""] != nil ? (request["sort"] ?? "") : ""
        let driftCount = timeline.clock.driftCount(at: request.now)
        let all = (0..<driftCount).reversed().map { timeline.baseCount + $0 } + orders[sortKey]!
        let ordered = request["order"] == "asc" ? Array(all.reversed()) : all
        // A large corpus reports a large total like the real search; only the first 1000 can be fetched.
        let totalCount = ordered.count >= Self.resultCap
            ? ordered.count * 41 + Int(SeededRandom.hash(q) % 997) : ordered.count
        let available = min(ordered.count, Self.resultCap + perPage)
        let slice = start < available ? Array(ordered[start..<min(start + perPage, available)]) : []
        let reachable = min(totalCount, Self.resultCap)
        let lastPage = max(1, (reachable + perPage - 1) / perPage)

        var headers = documentationHeaders
        if lastPage > 1 || page > 1 {
            func link(_ target: Int, _ rel: String) -> String {
                var pairs = request.query.filter { $0.0 != "page" }
                pairs.append(("page", String(target)))
                return "<https://api.github.com/search/repositories?\(ReplicaRequest.encodeQuery(pairs))>; rel=\"\(rel)\""
                    .replacingOccurrences(of: "https://api.github.com", with: request.origin + prefix)
            }
            var links: [String] = []
            if page > 1 { links.append(link(min(page - 1, lastPage), "prev")) }
            if page < lastPage {
                links.append(link(page + 1, "next"))
                links.append(link(lastPage, "last"))
            }
            if page > 1 { links.append(link(1, "first")) }
            headers.append(("Link", links.joined(separator: ", ")))
        }
        return .json(["total_count": .int(totalCount), "incomplete_results": false, "items": .array(slice.map { repoJSON(repo($0), sprites: request.origin + "/sprites") })],
                     headers: headers)
    }

    func rateLimitHeaders(_ request: ReplicaRequest, window: RateWindow) -> [(String, String)] {
        [("x-ratelimit-limit", String(window.limit)), ("x-ratelimit-remaining", String(window.remaining)),
         ("x-ratelimit-reset", String(Int(window.resetAt.rounded(.up)))), ("x-ratelimit-used", String(min(window.used, window.limit))),
         ("x-ratelimit-resource", "search")]
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        var headers = rateLimitHeaders(request, window: window)
        let variant = window.used % 3
        if variant == 2 {
            // A secondary limit: may carry retry-after, and remaining need not be 0.
            headers.append(("retry-after", String(window.secondsToReset(from: request.now))))
            return .json(["message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.",
                          "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"],
                         status: 403, headers: headers)
        }
        return .json(["message": "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
                      "documentation_url": "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"],
                     status: variant == 0 ? 403 : 429, headers: headers)
    }
}
