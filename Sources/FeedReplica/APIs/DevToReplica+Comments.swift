import FeedModel

/// `/comments?a_id={article}`: the article's comment tree, roots and siblings oldest first,
/// each with `children` (`[]` when none). A deleted comment keeps its place as
/// `<p>[deleted]</p>` with `user: {}`; one hidden by the author as `[hidden by post author]`.
extension DevToReplica {
    func comments(_ request: ReplicaRequest, headers: [(String, String)]) -> ReplicaResponse {
        guard let id = Int(request["a_id"] ?? ""), id >= 700_000, (id - 700_000) % 7 == 0,
              (id - 700_000) / 7 < timeline.count(at: request.now)
        else {
            return .json(["error": "not found", "status": 404], status: 404, headers: headers)
        }
        let a = article((id - 700_000) / 7)
        let thread = GeneratedThread(seed: seed, salt: "devto", item: a.seq, count: a.comments)
        var replies: [Int: [GeneratedThread.Node]] = [:]
        var roots: [GeneratedThread.Node] = []
        for node in thread.nodes {
            if let parent = node.parent { replies[parent, default: []].append(node) } else { roots.append(node) }
        }
        func json(_ node: GeneratedThread.Node) -> JSONValue {
            var rng = SeededRandom(seed: seed, salt: "devto/comment/\(a.seq)", index: node.index)
            // Forem writes comment ids in base 26 (`1000` is "1cc").
            let idCode = String(50_000 + a.seq * 100 + node.index, radix: 26)
            let created = isoTimestamp(a.published + Int64(300 * (node.index + 1)))
            let user: JSONValue
            let body: String
            switch node.fate {
            case .deleted:
                user = .object([])
                body = "<p>[deleted]</p>"
            case .removed:
                user = .object([])
                body = "<p>[hidden by post author]</p>"
            case .live:
                let name = TextGenerator.author(&rng)
                let username = TextGenerator.slug(name, maxLength: 20)
                user = .object([
                    ("name", .string(name)), ("username", .string(username)), ("twitter_username", .null),
                    ("github_username", .string(username)), ("user_id", .int(2000 + node.index)), ("website_url", .null),
                ])
                var html = "<p>\(TextGenerator.htmlEscapeSE(TextGenerator.body(&rng)))</p>\n"
                if rng.chance(0.15) {
                    html += "<div class=\"highlight\"><pre class=\"highlight plaintext\"><code>let x = a &lt; b\n</code></pre></div>\n"
                }
                body = html
            }
            return .object([
                ("type_of", "comment"), ("id_code", .string(idCode)), ("created_at", .string(created)),
                ("body_html", .string(body)), ("user", user), ("children", .array((replies[node.index] ?? []).map(json))),
            ])
        }
        return .json(.array(roots.map(json)), headers: headers)
    }
}
