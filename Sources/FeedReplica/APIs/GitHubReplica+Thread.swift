import FeedModel
import Foundation

/// A repository's conversation: the repository (`/repos/{owner}/{repo}` or
/// `/repositories/{id}`), its README (`…/readme`: the JSON content object, the Markdown
/// base64-encoded in lines of 60 as GitHub sends it) and its open issues (`…/issues`, newest
/// first, paged by `page`/`per_page` with the `link` header; pull requests among them, with a
/// `pull_request` object, as the real endpoint mixes them in).
///
/// A repository has `issues` open issues and pull requests together (its `open_issues_count`);
/// every fifth is a pull request.
extension GitHubReplica {
    /// The repository a thread path names, and the rest of the path.
    func threadRepo(_ path: String) -> (repo: Repo, rest: [Substring])? {
        let parts = path.split(separator: "/")
        if parts.first == "repositories", parts.count >= 2, let id = Int(parts[1]) {
            let offset = id - 10_000_000
            guard offset >= 0, offset % 13 == 0 else { return nil }
            return (repo(offset / 13), Array(parts.dropFirst(2)))
        }
        if parts.first == "repos", parts.count >= 3 {
            // Names end in `-{seq}`.
            guard let dash = parts[2].lastIndex(of: "-"), let seq = Int(parts[2][parts[2].index(after: dash)...]) else { return nil }
            let found = repo(seq)
            guard found.owner == parts[1], found.name == parts[2] else { return nil }
            return (found, Array(parts.dropFirst(3)))
        }
        return nil
    }

    func threadRouteName(_ path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let kind = parts.first, kind == "repos" || kind == "repositories" else { return nil }
        let rest = parts.dropFirst(kind == "repos" ? 3 : 2)
        let head = kind == "repos" ? "repos/{owner}/{repo}" : "repositories/{id}"
        return rest.isEmpty ? head : head + "/" + rest.joined(separator: "/")
    }

    /// The README's Markdown: headings, a list, a table, code, a quote and links.
    func readme(_ repo: Repo) -> String {
        var rng = SeededRandom(seed: seed, salt: "github-readme", index: repo.seq)
        let language = repo.language ?? "Swift"
        return """
            # \(repo.name)

            \(Self.markdownText(repo.description ?? TextGenerator.title(&rng))). \(Self.markdownText(TextGenerator.body(&rng)))

            ## Install

            ```sh
            git clone https://github.com/\(repo.owner)/\(repo.name).git
            cd \(repo.name) && make install
            ```

            ## Features

            - \(TextGenerator.lorem(&rng, words: 6))
            - **Fast**: \(TextGenerator.lorem(&rng, words: 5))
            - Written in `\(language)`

            | Option | Default | Meaning |
            |--------|---------|---------|
            | `--jobs` | 4 | \(TextGenerator.lorem(&rng, words: 3)) |
            | `--quiet` | off | \(TextGenerator.lorem(&rng, words: 3)) |

            > \(TextGenerator.lorem(&rng, words: 12))

            See [the docs](https://\(repo.owner).example.dev/docs) and the [changelog](CHANGELOG.md).

            """
    }

    /// Generated text as a Markdown author writes it: `<` and `>` as entities (a bare `<word>`
    /// is an HTML tag in Markdown).
    static func markdownText(_ text: String) -> String {
        text.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    struct Issue {
        var number: Int
        var title: String
        var user: String
        var body: String?
        var created: Int64
        var comments: Int
        var isPullRequest: Bool
    }

    /// Open issue `k` (0 the newest) of a repository.
    func issue(_ repo: Repo, _ k: Int) -> Issue {
        var rng = SeededRandom(seed: seed, salt: "github-issue", index: repo.seq * 100_003 + k)
        let number = repo.issues + 40 - k
        let body: String? = rng.chance(0.15) ? nil
            : "\(Self.markdownText(TextGenerator.body(&rng)))\n\n```\n$ \(repo.name) --version\n\(repo.name) 1.\(rng.below(9)).\(rng.below(20))\n```\n"
        return Issue(number: number, title: TextGenerator.title(&rng), user: rng.chance(0.05) ? "ghost" : TextGenerator.slug(TextGenerator.author(&rng)),
                     body: body, created: repo.updated - Int64(k * 3_600 + rng.below(3_000)), comments: rng.below(30),
                     isPullRequest: k % 5 == 4)
    }

    func issueJSON(_ repo: Repo, _ issue: Issue) -> JSONValue {
        let full = "\(repo.owner)/\(repo.name)"
        var fields: [(String, JSONValue)] = [
            ("url", .string("https://api.github.com/repos/\(full)/issues/\(issue.number)")),
            ("html_url", .string("https://github.com/\(full)/\(issue.isPullRequest ? "pull" : "issues")/\(issue.number)")),
            ("id", .int(2_000_000_000 + repo.seq * 10_000 + issue.number)), ("number", .int(issue.number)),
            ("title", .string(issue.title)), ("user", .object([("login", .string(issue.user)), ("type", "User")])),
            ("state", "open"), ("locked", false), ("comments", .int(issue.comments)),
            ("created_at", .string(isoTimestamp(issue.created))), ("updated_at", .string(isoTimestamp(issue.created + 60))),
            ("author_association", issue.user == repo.owner ? "OWNER" : "NONE"), ("body", .optional(issue.body)),
        ]
        if issue.isPullRequest {
            fields.append(("pull_request", .object([("url", .string("https://api.github.com/repos/\(full)/pulls/\(issue.number)")),
                                                    ("html_url", .string("https://github.com/\(full)/pull/\(issue.number)"))])))
        }
        return .object(fields)
    }

    /// Answers for the thread routes, or nil when the path is not one of them.
    func respondToThread(_ request: ReplicaRequest, headers: [(String, String)]) -> ReplicaResponse? {
        let parts = request.path.split(separator: "/")
        guard let kind = parts.first, kind == "repos" || kind == "repositories" else { return nil }
        guard let (repo, rest) = threadRepo(request.path) else {
            return .json(["message": "Not Found", "documentation_url": "https://docs.github.com/rest/repos/repos#get-a-repository", "status": "404"],
                         status: 404, headers: headers)
        }
        switch rest.map(String.init) {
        case []:
            return .json(repoJSON(repo, sprites: request.origin + "/sprites"), headers: headers)
        case ["readme"]:
            let encoded = Data(readme(repo).utf8).base64EncodedString()
            let lines = stride(from: 0, to: encoded.count, by: 60).map { start -> String in
                let from = encoded.index(encoded.startIndex, offsetBy: start)
                return String(encoded[from..<encoded.index(from, offsetBy: min(60, encoded.count - start))])
            }
            let full = "\(repo.owner)/\(repo.name)"
            return .json(.object([
                ("name", "README.md"), ("path", "README.md"), ("sha", .string(String(SeededRandom.hash(full), radix: 16))),
                ("size", .int(readme(repo).utf8.count)),
                ("url", .string("https://api.github.com/repos/\(full)/contents/README.md?ref=main")),
                ("html_url", .string("https://github.com/\(full)/blob/main/README.md")),
                ("download_url", .string("https://raw.githubusercontent.com/\(full)/main/README.md")),
                ("type", "file"), ("content", .string(lines.joined(separator: "\n") + "\n")), ("encoding", "base64"),
            ]), headers: headers)
        case ["issues"]:
            let perPage = min(max(Int(request["per_page"] ?? "") ?? 30, 1), 100)
            let page = max(Int(request["page"] ?? "") ?? 1, 1)
            let start = min((page - 1) * perPage, repo.issues)
            let end = min(start + perPage, repo.issues)
            let lastPage = max(1, (repo.issues + perPage - 1) / perPage)
            var headers = headers
            if lastPage > 1 {
                func link(_ target: Int, _ rel: String) -> String {
                    var pairs = request.query.filter { $0.0 != "page" }
                    pairs.append(("page", String(target)))
                    return "<\(request.origin)\(request.fullPath)?\(ReplicaRequest.encodeQuery(pairs))>; rel=\"\(rel)\""
                }
                var links: [String] = []
                if page > 1 { links.append(link(page - 1, "prev")) }
                if page < lastPage { links += [link(page + 1, "next"), link(lastPage, "last")] }
                if page > 1 { links.append(link(1, "first")) }
                headers.append(("Link", links.joined(separator: ", ")))
            }
            return .json(.array((start..<end).map { issueJSON(repo, issue(repo, $0)) }), headers: headers)
        default:
            return .json(["message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"], status: 404, headers: headers)
        }
    }
}
