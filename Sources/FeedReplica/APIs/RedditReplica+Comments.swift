import FeedModel

/// A post's comments as Reddit sends them: `/comments/{id}.json` (the post's Listing, then the
/// comment tree nested in `replies`, `""` when none), `/comments/{id}/_/{comment}.json` (the
/// tree focused on one comment, depths from 0) and `/api/morechildren.json` (a flat list in
/// display order).
///
/// Like Reddit, a tree leaves comments out: past the first `rootLimit` top-level comments and
/// the first `replyLimit` replies of a comment sits a "load more comments" stub (`more` with the
/// left-out ids), and a comment at `maxDepth − 1` with replies gets a "continue this thread" stub
/// (`id` `_`, no children). A deleted or removed comment with replies stays as `[deleted]` or
/// `[removed]`; one without replies is dropped from the tree.
extension RedditReplica {
    static let rootLimit = 12
    static let replyLimit = 5
    static let maxDepth = 6
    static let maxThread = 300

    /// The post and its thread's shape, for a post id36.
    struct Conversation {
        var post: Post
        var subreddit: String
        var thread: GeneratedThread
        var replies: [Int?: [GeneratedThread.Node]]
        var nodes: [Int: GeneratedThread.Node]

        func commentID(_ index: Int) -> String { TextGenerator.base36(post.idNumber * 1000 + UInt64(index)) }

        /// Deleted or removed comments without replies are not in the tree at all.
        func isListed(_ node: GeneratedThread.Node) -> Bool {
            node.fate == .live || !(replies[node.index] ?? []).isEmpty
        }

        /// Comments in this subtree, itself included.
        func size(_ node: GeneratedThread.Node) -> Int {
            var count = 0
            var stack = [node]
            while let next = stack.popLast() {
                count += 1
                stack += replies[next.index] ?? []
            }
            return count
        }
    }

    func conversation(_ id36: String, now: Double) -> Conversation? {
        guard let number = UInt64(id36, radix: 36), number >= 1_500_000_000 else { return nil }
        let offset = number - 1_500_000_000
        let subIndex = Int(offset % 16)
        let seq = Int(offset / 16)
        guard subIndex < Self.subreddits.count else { return nil }
        let timeline = timeline(subIndex)
        guard seq < timeline.count(at: now) else { return nil }
        let post = post(seq, subIndex: subIndex, timeline: timeline)
        let thread = GeneratedThread(seed: seed, salt: "reddit/\(subIndex)/comments", item: seq, count: min(post.comments, Self.maxThread))
        var replies: [Int?: [GeneratedThread.Node]] = [:]
        var nodes: [Int: GeneratedThread.Node] = [:]
        for node in thread.nodes {
            replies[node.parent, default: []].append(node)
            nodes[node.index] = node
        }
        return Conversation(post: post, subreddit: Self.subreddits[subIndex], thread: thread, replies: replies, nodes: nodes)
    }

    func comments(_ request: ReplicaRequest) -> ReplicaResponse {
        // comments/{id}.json, comments/{id}/{slug}.json, comments/{id}/_/{comment}.json
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.count >= 2 else { return .json(["message": "Not Found", "error": 404], status: 404) }
        let id = parts[1].hasSuffix(".json") ? String(parts[1].dropLast(5)) : parts[1]
        guard let talk = conversation(id, now: request.now) else { return .json(["message": "Not Found", "error": 404], status: 404) }
        let sprites = request.origin + "/sprites"
        let postListing = listing([childJSON(talk.post, subreddit: talk.subreddit, sprites: sprites, raw: true)])
        var tree: [JSONValue]
        if parts.count == 4, parts[3].hasSuffix(".json"), let focus = UInt64(parts[3].dropLast(5), radix: 36),
           focus / 1000 == talk.post.idNumber, let node = talk.nodes[Int(focus % 1000)], talk.isListed(node) {
            tree = [comment(node, talk: talk, depth: 0, nested: true)]
        } else {
            // A focus that is not a comment of this post is ignored, as Reddit does.
            tree = level(talk.replies[nil] ?? [], parent: nil, talk: talk, depth: 0, limit: Self.rootLimit)
        }
        return .json(.array([postListing, listing(tree)]))
    }

    /// `/api/morechildren.json?link_id=t3_…&children=a,b`: the asked comments and their replies,
    /// flat, in display order, each with `replies: ""`.
    func moreChildren(_ request: ReplicaRequest) -> ReplicaResponse {
        guard request["api_type"] == "json" else {
            return .json(["jquery": []])
        }
        let link = request["link_id"] ?? ""
        guard link.hasPrefix("t3_"), let talk = conversation(String(link.dropFirst(3)), now: request.now) else {
            return .json(["json": ["errors": [["INVALID_ID", "that is not a post", "link_id"]]]])
        }
        let wanted = (request["children"] ?? "").split(separator: ",").prefix(100)
        var things: [JSONValue] = []
        for id in wanted {
            guard let number = UInt64(id, radix: 36), number / 1000 == talk.post.idNumber,
                  let root = talk.nodes[Int(number % 1000)], talk.isListed(root) else { continue }
            var stack = [root]
            while let node = stack.popLast() {
                guard talk.isListed(node) else { continue }
                things.append(comment(node, talk: talk, depth: node.depth, nested: false))
                stack += (talk.replies[node.index] ?? []).reversed()
            }
        }
        return .json(["json": ["errors": [], "data": ["things": .array(things)]]])
    }

    // MARK: - Helpers

    private func listing(_ children: [JSONValue]) -> JSONValue {
        ["kind": "Listing", "data": .object([("after", .null), ("dist", .null), ("modhash", ""), ("geo_filter", ""),
                                              ("children", .array(children)), ("before", .null)])]
    }

    /// One level of replies: the first `limit` listed ones, then a stub for the rest.
    private func level(
        _ nodes: [GeneratedThread.Node], parent: GeneratedThread.Node?, talk: Conversation, depth: Int, limit: Int
    ) -> [JSONValue] {
        let listed = nodes.filter(talk.isListed)
        var out = listed.prefix(limit).map { comment($0, talk: talk, depth: depth, nested: true) }
        let rest = listed.dropFirst(limit)
        if let first = rest.first {
            let parentName = parent.map { "t1_" + talk.commentID($0.index) } ?? "t3_" + TextGenerator.base36(talk.post.idNumber)
            out.append(["kind": "more", "data": .object([
                ("count", .int(rest.map(talk.size).reduce(0, +))), ("name", .string("t1_" + talk.commentID(first.index))),
                ("id", .string(talk.commentID(first.index))), ("parent_id", .string(parentName)), ("depth", .int(depth)),
                ("children", .array(rest.map { .string(talk.commentID($0.index)) })),
            ])])
        }
        return out
    }

    /// A `t1`; nested, its replies as a Listing (or `""`), else `""` as morechildren sends them.
    private func comment(_ node: GeneratedThread.Node, talk: Conversation, depth: Int, nested: Bool) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "reddit/comment/\(talk.post.idNumber)", index: node.index)
        let id = talk.commentID(node.index)
        let parent = node.parent.map { "t1_" + talk.commentID($0) } ?? "t3_" + TextGenerator.base36(talk.post.idNumber)
        let author: String
        let body: String
        switch node.fate {
        case .deleted: (author, body) = ("[deleted]", "[deleted]")
        case .removed: (author, body) = ("[deleted]", "[removed]")
        case .live:
            author = TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20)
            body = TextGenerator.body(&rng)
        }
        let html = "<!-- SC_OFF --><div class=\"md\"><p>\(TextGenerator.htmlEscapeMinimal(body.isEmpty ? "+1" : body))</p>\n</div><!-- SC_ON -->"
        var replies: JSONValue = ""
        let kids = talk.replies[node.index] ?? []
        if nested, kids.contains(where: talk.isListed) {
            if depth + 1 >= Self.maxDepth {
                replies = listing([["kind": "more", "data": .object([
                    ("count", .int(0)), ("name", "t1__"), ("id", "_"), ("parent_id", .string("t1_" + id)),
                    ("depth", .int(depth + 1)), ("children", []),
                ])]])
            } else {
                replies = listing(level(kids, parent: node, talk: talk, depth: depth + 1, limit: Self.replyLimit))
            }
        }
        let created = Double(talk.post.created + Int64(90 * (node.index + 1)))
        return ["kind": "t1", "data": .object([
            ("id", .string(id)), ("name", .string("t1_" + id)), ("parent_id", .string(parent)),
            ("link_id", .string("t3_" + TextGenerator.base36(talk.post.idNumber))), ("author", .string(author)),
            ("body", .string(body.isEmpty ? "+1" : body)), ("body_html", .string(html)),
            ("score", .int(node.fate == .live ? 1 + rng.below(300) : 1)), ("score_hidden", false),
            ("created_utc", .double(created)), ("edited", false), ("depth", .int(depth)), ("distinguished", .null),
            ("stickied", false), ("is_submitter", .bool(author == talk.post.author)),
            ("permalink", .string("/r/\(talk.subreddit)/comments/\(TextGenerator.base36(talk.post.idNumber))/_/\(id)/")),
            ("replies", replies),
        ])]
    }
}
