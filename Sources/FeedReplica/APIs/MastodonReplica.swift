import FeedModel
import Foundation

/// Mastodon's public timeline: snowflake string ids, `max_id`/`min_id`/`since_id`, `Link` only on non-empty pages.
struct MastodonReplica: ReplicaAPI {
    let name = "mastodon"
    let prefix = "/mastodon"
    let seed: UInt64
    let timeline: FeedTimeline
    let reportedWindow: (limit: Int, seconds: Double)? = (300, 300)
    static let instance = "mastodon.example"

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "mastodon", meanGap: 30, tieRate: 0.1)
    }

    /// `(milliseconds << 16) | sequence`, as `Mastodon::Snowflake` builds ids; increases with `seq`.
    func snowflake(_ seq: Int) -> UInt64 { (UInt64(timeline.time(seq)) * 1000) << 16 | UInt64(seq & 0xFFFF) }

    /// The first `seq` whose id is above `id`.
    func firstSeq(above id: UInt64, count: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if snowflake(mid) > id { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The instance a status comes from, or `nil` for a local one; its own stream so filters can ask cheaply.
    func remoteHost(_ seq: Int) -> String? {
        var rng = SeededRandom(seed: seed, salt: "mastodon/remote", index: seq)
        return rng.chance(0.5) ? rng.pick(["fosstodon.org", "hachyderm.io", "social.example.jp", "mstdn.example.kr"]) : nil
    }

    /// - Parameter sprites: where the replica's pictures are (`origin/sprites`): avatars, and an
    ///   image attached to every fifth status.
    func statusJSON(_ seq: Int, sprites: String) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "mastodon", index: seq)
        let id = String(snowflake(seq))
        let username = TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20)
        let remoteHost = remoteHost(seq)
        let acct = remoteHost.map { username + "@" + $0 } ?? username
        let host = remoteHost ?? Self.instance
        let text = TextGenerator.htmlEscapeSE(TextGenerator.title(&rng))
        var content = "<p>\(text)</p>"
        if rng.chance(0.4) {
            let path = "2024/\(rng.below(12) + 1)/\(TextGenerator.slug(rng.pick(TextGenerator.techWords)))-and-a-very-long-path-that-gets-cut"
            content += "<p><a href=\"https://www.example.com/\(path)\" rel=\"nofollow noopener noreferrer\" target=\"_blank\">"
                + "<span class=\"invisible\">https://www.</span><span class=\"ellipsis\">example.com/\(path.prefix(20))</span>"
                + "<span class=\"invisible\">\(path.dropFirst(20))</span></a></p>"
        }
        if rng.chance(0.3) {
            let tag = TextGenerator.slug(rng.pick(TextGenerator.techWords)).replacingOccurrences(of: "_", with: "")
            content += "<p><a href=\"https://\(Self.instance)/tags/\(tag)\" class=\"mention hashtag\" rel=\"tag\">#<span>\(tag)</span></a><br />&quot;quoted&quot; &amp; done</p>"
        }
        let created = timeline.time(seq)
        let accountID = String(SeededRandom.hash(acct) % 1_000_000_000)
        let displayName = rng.chance(0.2) ? "" : TextGenerator.author(&rng) + (rng.chance(0.3) ? " " + rng.pick(TextGenerator.emoji) : "")
        let statusURL: JSONValue = rng.chance(0.05) ? .null : .string("https://\(host)/@\(username)/\(id)")
        let account: JSONValue = .object([
            ("id", .string(accountID)), ("username", .string(username)), ("acct", .string(acct)),
            ("display_name", .string(displayName)), ("locked", false), ("bot", .bool(rng.chance(0.05))),
            ("discoverable", true), ("group", false), ("created_at", .string(isoTimestamp(created - 86_400 * 400, fraction: 3))),
            ("note", "<p>Hello</p>"), ("url", .string("https://\(host)/@\(username)")),
            ("avatar", .string("\(sprites)/avatars/\(username).jpg")),
            ("followers_count", .int(rng.below(40_000))), ("following_count", .int(rng.below(900))),
            ("statuses_count", .int(rng.below(20_000))), ("emojis", []), ("fields", []),
        ])
        let spoiler = rng.chance(0.08) ? rng.pick(TextGenerator.techWords) : ""  // the warning itself; clients write "CW"
        return .object([
            ("id", .string(id)), ("created_at", .string(isoTimestamp(created, fraction: 3))), ("in_reply_to_id", .null),
            ("in_reply_to_account_id", .null), ("sensitive", .bool(!spoiler.isEmpty)), ("spoiler_text", .string(spoiler)),
            ("visibility", "public"), ("language", .string(rng.pick(["en", "ja", "ko", "de"]))),
            ("uri", .string("https://\(host)/users/\(username)/statuses/\(id)")), ("url", statusURL),
            ("replies_count", .int(rng.below(20))), ("reblogs_count", .int(rng.below(50))), ("favourites_count", .int(rng.below(200))),
            ("edited_at", .null), ("favourited", false), ("reblogged", false), ("muted", false), ("bookmarked", false),
            ("content", .string(content)), ("filtered", []), ("reblog", .null),
            ("application", remoteHost == nil ? ["name": "Web", "website": .null] : .null),
            ("account", account), ("media_attachments", seq % 5 == 0 ? [media(seq, sprites: sprites)] : []), ("mentions", []), ("tags", []), ("emojis", []),
            ("card", .null), ("poll", .null),
        ])
    }

    // MARK: - ReplicaAPI

    /// An image attachment, as Mastodon describes one.
    private func media(_ seq: Int, sprites: String) -> JSONValue {
        .object([
            ("id", .string(String(snowflake(seq) + 1))), ("type", "image"),
            ("url", .string("\(sprites)/covers/mastodon-\(seq).jpg")),
            ("preview_url", .string("\(sprites)/covers/mastodon-\(seq).jpg")), ("remote_url", .null),
            ("description", "A generated picture"), ("blurhash", .null),
        ])
    }

    func routeName(for path: String) -> String? {
        if path.hasPrefix("api/v1/statuses/") { return path.hasSuffix("/context") ? "api/v1/statuses/{id}/context" : "api/v1/statuses/{id}" }
        return path == "api/v1/timelines/public" ? "api/v1/timelines/public" : nil
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        if request.path.hasPrefix("api/v1/statuses/") { return statusRoute(request) }
        guard request.path == "api/v1/timelines/public" else {
            return .json(["error": "Record not found"], status: 404)
        }
        let limit = min(max(Int(request["limit"] ?? "") ?? 20, 1), 40)
        let count = timeline.count(at: request.now)
        // Seqs newer than `min_id`/`since_id` and older than `max_id`.
        var upper = count
        if let max = request["max_id"].flatMap({ UInt64($0) }) { upper = min(upper, firstSeq(above: max - min(max, 1), count: count)) }
        var lower = 0
        let minID = request["min_id"].flatMap { UInt64($0) }
        if let since = request["since_id"].flatMap({ UInt64($0) }) { lower = max(lower, firstSeq(above: since, count: count)) }
        if let minID { lower = max(lower, firstSeq(above: minID, count: count)) }
        var seqs: [Int] = []
        if lower < upper {
            // `local=true` / `remote=true` keep only statuses from this instance / from others.
            let wantsLocal = request["local"] == "true" || request["local"] == "1"
            let wantsRemote = request["remote"] == "true" || request["remote"] == "1"
            func included(_ seq: Int) -> Bool {
                wantsLocal ? remoteHost(seq) == nil : wantsRemote ? remoteHost(seq) != nil : true
            }
            // `min_id` pages up without gaps: the items just above it. Otherwise the newest below `max_id`.
            if minID != nil {
                seqs = Array((lower..<upper).lazy.filter(included).prefix(limit).reversed())
            } else {
                seqs = Array((lower..<upper).reversed().lazy.filter(included).prefix(limit))
            }
        }
        var headers: [(String, String)] = []
        if let first = seqs.first, let last = seqs.last {
            let preserved = request.query.filter { ["local", "remote", "limit", "only_media"].contains($0.0) }
            func link(_ key: String, _ seq: Int, _ rel: String) -> String {
                let pairs = (preserved + [(key, String(snowflake(seq)))]).sorted { $0.0 < $1.0 }
                return "<\(request.origin)\(prefix)/api/v1/timelines/public?\(ReplicaRequest.encodeQuery(pairs))>; rel=\"\(rel)\""
            }
            headers.append(("Link", link("max_id", last, "next") + ", " + link("min_id", first, "prev")))
        }
        return .json(.array(seqs.map { statusJSON($0, sprites: request.origin + "/sprites") }), headers: headers)
    }

    func rateLimitHeaders(_ request: ReplicaRequest, window: RateWindow) -> [(String, String)] {
        let reset = Int64(window.resetAt.rounded(.up))
        return [("X-RateLimit-Limit", String(window.limit)), ("X-RateLimit-Remaining", String(window.remaining)),
                ("X-RateLimit-Reset", isoTimestamp(reset, fraction: 6))]
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        .json(["error": "Too many requests"], status: 429, headers: rateLimitHeaders(request, window: window))
    }
}
