import FeedModel

/// `/s/{short_id}.json` (or `/s/{short_id}/{slug}.json`): the story as the list sends it, then
/// `comments`, a flat array in display order (depth-first), each with `depth` and
/// `parent_comment`; deleted and moderated comments stay in it with their gone text.
extension LobstersReplica {
    static let maxDepth = 18

    func story(_ request: ReplicaRequest) -> ReplicaResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        var id = parts.count >= 2 ? parts[1] : ""
        if parts.count == 2, id.hasSuffix(".json") { id = String(id.dropLast(5)) }
        let isJSON = parts.count == 2 ? parts[1].hasSuffix(".json") : parts.count == 3 && parts[2].hasSuffix(".json")
        guard isJSON, let seq = (0..<timeline.count(at: request.now)).first(where: { shortID($0) == id }) else {
            return ReplicaResponse(status: 404, text: "<html><body>The page you were looking for doesn't exist.</body></html>", contentType: "text/html; charset=utf-8")
        }
        let story = storyJSON(seq)
        guard case var .object(fields) = story else { return .json(story) }
        let count = story["comment_count"]?.intValue ?? 0
        fields.append(("comments", .array(comments(of: seq, count: count))))
        return .json(.object(fields))
    }

    /// The comments of story `seq`, in the order the site sends them.
    func comments(of seq: Int, count: Int) -> [JSONValue] {
        let story = shortID(seq)
        let thread = GeneratedThread(seed: seed, salt: "lobsters", item: seq, count: count, maxDepth: Self.maxDepth)
        let storyTime = timeline.time(seq)
        func commentID(_ index: Int) -> String { shortID(100_000 + seq * 100 + index) }
        return thread.nodes.map { node in
            var rng = SeededRandom(seed: seed, salt: "lobsters/comment/\(seq)", index: node.index)
            let id = commentID(node.index)
            let time = storyTime + Int64(120 * (node.index + 1))
            let created = isoTimestamp(time, fraction: 3, offsetHours: -6)
            let author = TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20)
            let plain: String
            let html: String
            switch node.fate {
            case .deleted:
                plain = "Comment removed by author"
                html = "<em>\(plain)</em>"
            case .removed:
                plain = "Comment removed by moderator pushcx: Off-topic"
                html = "<em>\(plain)</em>"
            case .live:
                let text = TextGenerator.body(&rng)
                plain = text.isEmpty ? "+1" : text
                var rendered = "<p>\(TextGenerator.htmlEscapeSE(plain))</p>\n"
                if rng.chance(0.15) { rendered += "<pre><code>let x = a &lt; b\n    ? f(x)\n    : g(x)\n</code></pre>\n" }
                if rng.chance(0.1) { rendered = "<blockquote>\n<p>quoted from above</p>\n</blockquote>\n" + rendered }
                html = rendered
            }
            return .object([
                ("short_id", .string(id)), ("created_at", .string(created)), ("last_edited_at", .string(created)),
                ("is_deleted", .bool(node.fate == .deleted)), ("is_moderated", .bool(node.fate == .removed)),
                ("score", .int(node.fate == .live ? 1 + rng.below(40) : 1)), ("flags", .int(0)),
                ("parent_comment", node.parent.map { .string(commentID($0)) } ?? .null),
                ("comment", .string(html)), ("comment_plain", .string(plain)), ("depth", .int(node.depth)),
                ("commenting_user", .string(author)),
                ("short_id_url", .string("https://lobste.rs/c/\(id)")),
                ("url", .string("https://lobste.rs/s/\(story)#c_\(id)")),
            ])
        }
    }
}
