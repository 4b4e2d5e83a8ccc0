import FeedModel

/// `/api/v1/statuses/{id}` and `/api/v1/statuses/{id}/context` for the timeline's statuses.
///
/// A status's replies are a generated thread (as many as its `replies_count` says it has
/// direct and deeper replies together), ids growing with time. As Mastodon does, `descendants`
/// is the depth-first order with the author's own replies moved to the front, so a client must
/// rebuild the tree from `in_reply_to_id`. The timeline's statuses answer nobody: `ancestors`
/// is `[]`. An unknown id is 404 `{"error":"Record not found"}`.
extension MastodonReplica {
    func statusRoute(_ request: ReplicaRequest) -> ReplicaResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        let isContext = parts.count == 5 && parts[4] == "context"
        let count = timeline.count(at: request.now)
        guard parts.count == 4 || isContext, let id = UInt64(parts[3]), id > 0 else {
            return .json(["error": "Record not found"], status: 404)
        }
        let seq = firstSeq(above: id - 1, count: count)
        guard seq < count, snowflake(seq) == id else { return .json(["error": "Record not found"], status: 404) }
        let sprites = request.origin + "/sprites"
        let status = statusJSON(seq, sprites: sprites)
        guard isContext else { return .json(status) }
        return .json(.object([("ancestors", []), ("descendants", .array(descendants(of: seq, status: status, sprites: sprites)))]))
    }

    private func descendants(of seq: Int, status: JSONValue, sprites: String) -> [JSONValue] {
        let count = status["replies_count"]?.intValue ?? 0
        let thread = GeneratedThread(seed: seed, salt: "mastodon", item: seq, count: count)
        let statusID = snowflake(seq)
        let author = status["account"] ?? .null
        let authorID: JSONValue = author["id"] ?? .null
        // Each reply a millisecond later than the one before: distinct, growing snowflakes.
        func replyID(_ index: Int) -> String { String(statusID + (UInt64(index + 1) << 16)) }
        var own: [JSONValue] = []
        var others: [JSONValue] = []
        for node in thread.nodes {
            var rng = SeededRandom(seed: seed, salt: "mastodon/reply/\(seq)", index: node.index)
            let isOwn = rng.chance(0.2)
            let username = isOwn ? "" : TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20)
            let account: JSONValue = isOwn ? author : .object([
                ("id", .string(String(SeededRandom.hash(username) % 1_000_000_000))), ("username", .string(username)),
                ("acct", .string(username)), ("display_name", .string(username)),
                ("url", .string("https://\(Self.instance)/@\(username)")), ("avatar", .string("\(sprites)/avatars/\(username).jpg")),
            ])
            let parent = node.parent.map(replyID) ?? String(statusID)
            let id = replyID(node.index)
            let created = timeline.time(seq) + Int64(60 * (node.index + 1))
            let reply = JSONValue.object([
                ("id", .string(id)), ("created_at", .string(isoTimestamp(created, fraction: 3))),
                ("in_reply_to_id", .string(parent)),
                ("in_reply_to_account_id", isOwn ? authorID : .string(String(SeededRandom.hash(username) % 1_000_000_000))),
                ("sensitive", false), ("spoiler_text", ""), ("visibility", "public"),
                ("uri", .string("https://\(Self.instance)/users/x/statuses/\(id)")), ("url", .string("https://\(Self.instance)/@x/\(id)")),
                ("replies_count", .int(0)), ("reblogs_count", .int(0)), ("favourites_count", .int(rng.below(30))),
                ("content", .string("<p>\(TextGenerator.htmlEscapeSE(TextGenerator.body(&rng)))</p>")),
                ("reblog", .null), ("account", account), ("media_attachments", []), ("mentions", []), ("tags", []), ("emojis", []),
            ])
            if isOwn { own.append(reply) } else { others.append(reply) }
        }
        return own + others
    }
}
