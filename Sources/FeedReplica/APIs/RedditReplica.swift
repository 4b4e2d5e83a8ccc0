import FeedModel
import Foundation

/// Reddit listings (`/r/{sub}/new.json`): `t3_` fullnames, `after` keyset, ~1000-item cap, decimal rate headers;
/// comment trees with `more` stubs (`RedditReplica+Comments.swift`).
struct RedditReplica: ReplicaAPI {
    let name = "reddit"
    let prefix = "/reddit"
    let seed: UInt64
    let clock: FeedClock
    let count: Int
    let reportedWindow: (limit: Int, seconds: Double)? = (1000, 600)

    /// Subreddits with posts; any other name answers with an empty Listing, as search does.
    static let subreddits = ["programming", "swift", "rust", "linux", "pics", "askreddit", "worldnews", "korea",
                             "japan", "unexpected", "technology", "news", "test", "all", "popular"]
    static let listingCap = 1000

    struct Post {
        var seq: Int
        var idNumber: UInt64
        var title: String
        var author: String
        var score: Int
        var comments: Int
        var created: Int64
        var isSelf: Bool
        var selftext: String
        var url: String
        var thumbnail: String
        var over18: Bool
        var edited: Double?
    }

    func timeline(_ subIndex: Int) -> FeedTimeline {
        FeedTimeline(clock: clock, count: count, seed: seed, salt: "reddit/\(subIndex)", meanGap: 120)
    }

    func idNumber(seq: Int, subIndex: Int) -> UInt64 { 1_500_000_000 + UInt64(seq) * 16 + UInt64(subIndex) }

    func post(_ seq: Int, subIndex: Int, timeline: FeedTimeline) -> Post {
        var rng = SeededRandom(seed: seed, salt: "reddit/\(subIndex)", index: seq)
        let title = TextGenerator.title(&rng)
        let isSelf = rng.chance(0.35)
        let id = idNumber(seq: seq, subIndex: subIndex)
        let score = seq >= timeline.baseCount ? 1 : TextGenerator.score(&rng, max: 60_000)
        let created = timeline.time(seq)
        let link = TextGenerator.articleURL(&rng, slug: TextGenerator.slug(title, maxLength: 30))
        let thumbnails = ["self", "default", "nsfw", "https://b.thumbs.redditmedia.com/\(TextGenerator.base36(id)).jpg"]
        return Post(
            seq: seq, idNumber: id, title: title, author: TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20),
            score: score, comments: rng.below(score / 4 + 2), created: created, isSelf: isSelf,
            selftext: isSelf ? TextGenerator.body(&rng) : "", url: link,
            thumbnail: isSelf ? "self" : rng.pick(thumbnails), over18: rng.chance(0.05),
            edited: rng.chance(0.1) ? Double(created + 600) : nil
        )
    }

    /// - Parameters:
    ///   - sprites: where the replica's pictures are (`origin/sprites`): link posts' thumbnails
    ///     and previews.
    ///   - raw: `raw_json=1` asks Reddit not to HTML-escape `&`, `<`, `>` in strings.
    func childJSON(_ post: Post, subreddit: String, sprites: String, raw: Bool = false) -> JSONValue {
        func escape(_ text: String) -> String { raw ? text : TextGenerator.htmlEscapeMinimal(text) }
        let id = TextGenerator.base36(post.idNumber)
        let permalink = "/r/\(subreddit)/comments/\(id)/\(TextGenerator.slug(post.title, maxLength: 40))/"
        let url = post.isSelf ? "https://www.reddit.com\(permalink)" : post.url
        let selftextHTML: JSONValue = post.isSelf && !post.selftext.isEmpty
            ? .string(escape("<!-- SC_OFF --><div class=\"md\"><p>\(TextGenerator.htmlEscapeMinimal(post.selftext))</p>\n</div><!-- SC_ON -->"))
            : .null
        var data: [(String, JSONValue)] = [
            ("approved_at_utc", .null), ("subreddit", .string(subreddit)), ("selftext", .string(post.selftext)),
            ("author_fullname", .string("t2_" + TextGenerator.base36(SeededRandom.hash(post.author) % 100_000_000))),
            ("title", .string(escape(post.title))),
            ("subreddit_name_prefixed", .string("r/" + subreddit)), ("name", .string("t3_" + id)),
            ("upvote_ratio", .double(Double(50 + post.score % 50) / 100)), ("ups", .int(post.score)), ("score", .int(post.score)),
            ("thumbnail", .string(post.thumbnail.hasPrefix("https://") ? "\(sprites)/avatars/reddit-\(post.idNumber).jpg" : post.thumbnail)), ("edited", post.edited.map(JSONValue.double) ?? false),
            ("is_self", .bool(post.isSelf)), ("created", .double(Double(post.created))),
            ("domain", .string(post.isSelf ? "self." + subreddit : URL(string: post.url)?.host ?? "example.com")),
            ("selftext_html", selftextHTML), ("over_18", .bool(post.over18)),
        ]
        if !post.isSelf {
            let preview = "\(sprites)/covers/reddit-\(id).jpg?width=640&crop=smart&auto=webp&s=\(String(post.idNumber, radix: 16))"
            data.append(("preview", ["images": [["source": ["url": .string(escape(preview)), "width": 720, "height": 464],
                                                   "resolutions": [], "id": .string(id)]], "enabled": false]))
        }
        data += [
            ("id", .string(id)), ("author", .string(post.author)), ("num_comments", .int(post.comments)),
            ("permalink", .string(permalink)), ("stickied", false), ("url", .string(url)),
            ("subreddit_subscribers", .int(10_000 + Int(SeededRandom.hash(subreddit) % 5_000_000))),
            ("created_utc", .double(Double(post.created))), ("media", .null), ("is_video", false),
        ]
        return ["kind": "t3", "data": .object(data)]
    }

    static func emptyListing() -> JSONValue {
        ["kind": "Listing", "data": ["after": .null, "dist": 0, "modhash": "", "geo_filter": "", "children": [], "before": .null]]
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        if path.hasPrefix("comments/") { return "comments/{id}" }
        if path == "api/morechildren.json" || path == "api/morechildren" { return "api/morechildren" }
        let parts = path.split(separator: "/")
        return parts.count == 3 && parts[0] == "r" && (parts[2] == "new.json" || parts[2] == "new") ? "r/new" : nil
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        if request.path.hasPrefix("comments/") { return comments(request) }
        if request.path == "api/morechildren.json" || request.path == "api/morechildren" { return moreChildren(request) }
        let parts = request.path.split(separator: "/")
        guard parts.count == 3, parts[0] == "r", parts[2] == "new.json" || parts[2] == "new" else {
            return .json(["message": "Not Found", "error": 404], status: 404)
        }
        let subreddit = String(parts[1])
        guard let subIndex = Self.subreddits.firstIndex(of: subreddit.lowercased()) else {
            return .json(Self.emptyListing())
        }
        let timeline = timeline(subIndex)
        let limit = min(max(Int(request["limit"] ?? "") ?? 25, 1), 100)
        let total = timeline.count(at: request.now)
        // Precomputed listings keep only the newest ~1000.
        let window = (max(total - Self.listingCap, 0)..<total).reversed().map { $0 }
        func number(_ fullname: String?) -> UInt64? {
            guard let fullname, !fullname.isEmpty else { return nil }
            let bare = fullname.hasPrefix("t3_") ? String(fullname.dropFirst(3)) : fullname
            return UInt64(bare, radix: 36)
        }
        var page: [Int]
        var hasMoreAfter: Bool
        var isBackward = false
        if let before = number(request["before"]) {
            let newer = window.filter { idNumber(seq: $0, subIndex: subIndex) > before }
            page = Array(newer.suffix(limit))
            hasMoreAfter = true
            isBackward = true
        } else {
            let after = number(request["after"])
            let older = after.map { bound in window.filter { idNumber(seq: $0, subIndex: subIndex) < bound } } ?? window
            page = Array(older.prefix(limit))
            hasMoreAfter = older.count > limit
        }
        if page.isEmpty { hasMoreAfter = false }
        let posts = page.map { post($0, subIndex: subIndex, timeline: timeline) }
        let names = posts.map { "t3_" + TextGenerator.base36($0.idNumber) }
        let count = Int(request["count"] ?? "") ?? 0
        let before: JSONValue = (isBackward || (count > 0 && request["after"] != nil)) ? .optional(names.first) : .null
        return .json(["kind": "Listing", "data": .object([
            ("after", hasMoreAfter ? .optional(names.last) : .null), ("dist", .int(posts.count)), ("modhash", ""), ("geo_filter", ""),
            ("children", .array(posts.map { childJSON($0, subreddit: subreddit, sprites: request.origin + "/sprites", raw: request["raw_json"] == "1") })), ("before", before),
        ])])
    }

    func rateLimitHeaders(_ request: ReplicaRequest, window: RateWindow) -> [(String, String)] {
        [("x-ratelimit-used", String(min(window.used, window.limit))),
         ("x-ratelimit-remaining", String(format: "%.1f", Double(window.remaining))),
         ("x-ratelimit-reset", String(window.secondsToReset(from: request.now)))]
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        .json(["message": "Too Many Requests", "error": 429], status: 429, headers: rateLimitHeaders(request, window: window))
    }
}
