import FeedModel
import Foundation

/// Lobsters (`hottest.json`, `newest.json`, `/page/N.json`): bare arrays of 25, Central-time offsets;
/// a story with its comments at `/s/{short_id}.json` (`LobstersReplica+Story.swift`).
struct LobstersReplica: ReplicaAPI {
    let name = "lobsters"
    let prefix = "/lobsters"
    let seed: UInt64
    let timeline: FeedTimeline
    private let hottestOrder: [Int]

    static let pageSize = 25
    static let tagPool = ["programming", "rust", "swift", "linux", "security", "databases", "release", "ask", "show",
                          "unix", "plt", "hardware", "video", "pdf", "practices"]

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        let timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "lobsters", meanGap: 1800)
        self.timeline = timeline
        // Hotness: score against age, computed once for the base stories.
        let anchor = Double(clock.anchor)
        hottestOrder = (0..<count).map { seq -> (Int, Double) in
            var rng = SeededRandom(seed: seed, salt: "lobsters/score", index: seq)
            let score = Double(TextGenerator.score(&rng, max: 150))
            let age = (anchor - Double(timeline.time(seq))) / 3600
            return (seq, score / pow(age + 2, 1.5))
        }.sorted { ($0.1, $0.0) > ($1.1, $1.0) }.map(\.0)
    }

    /// Six base-36 characters, distinct for every seq (a bijection on 0..<36^6).
    func shortID(_ seq: Int) -> String {
        let space: UInt64 = 2_176_782_336  // 36^6
        let scrambled = (UInt64(seq) &* 1_103_515_245 &+ 12345 &+ (seed % 1000)) % space
        let text = String(scrambled, radix: 36)
        return String(repeating: "0", count: max(0, 6 - text.count)) + text
    }

    func storyJSON(_ seq: Int) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "lobsters", index: seq)
        var scoreRNG = SeededRandom(seed: seed, salt: "lobsters/score", index: seq)
        let title = TextGenerator.title(&rng)
        let isText = rng.chance(0.2)
        let url = isText ? "" : TextGenerator.articleURL(&rng, slug: TextGenerator.slug(title, maxLength: 30))
        let description = isText ? TextGenerator.body(&rng) : ""
        let id = shortID(seq)
        let slug = TextGenerator.slug(title, maxLength: 40)
        let time = timeline.time(seq)
        let month = Int(isoTimestamp(time).dropFirst(5).prefix(2)) ?? 1
        // US Central: daylight time (-05:00) roughly March to October.
        let offset = (3...10).contains(month) ? -5 : -6
        let tags = Array(Set((0..<(1 + rng.below(3))).map { _ in rng.pick(Self.tagPool) })).sorted()
        return .object([
            ("short_id", .string(id)), ("short_id_url", .string("https://lobste.rs/s/\(id)")),
            ("created_at", .string(isoTimestamp(time, fraction: 3, offsetHours: offset))), ("title", .string(title)),
            ("url", .string(url)), ("score", .int(seq >= timeline.baseCount ? 1 : TextGenerator.score(&scoreRNG, max: 150))),
            ("flags", .int(rng.chance(0.1) ? rng.below(4) : 0)), ("comment_count", .int(rng.below(60))),
            ("description", .string(description.isEmpty ? "" : "<p>\(TextGenerator.htmlEscapeSE(description))</p>")),
            ("description_plain", .string(description)),
            ("comments_url", .string("https://lobste.rs/s/\(id)/\(slug)")),
            ("submitter_user", .string(TextGenerator.slug(TextGenerator.author(&rng), maxLength: 20))),
            ("user_is_author", .bool(rng.chance(0.15))), ("tags", .array(tags.map(JSONValue.string))),
        ])
    }

    /// (feed, page) for a path, or `nil` for a routing error.
    func parse(_ request: ReplicaRequest) -> (feed: String, page: Int)? {
        let parts = request.path.split(separator: "/").map(String.init)
        var feed = "hottest"
        var pageText = request["page"]
        switch parts.count {
        case 1 where parts[0] == "hottest.json" || parts[0] == "newest.json":
            feed = String(parts[0].dropLast(5))
        case 2 where parts[0] == "page" && parts[1].hasSuffix(".json"):
            pageText = String(parts[1].dropLast(5))
        case 3 where parts[0] == "newest" && parts[1] == "page" && parts[2].hasSuffix(".json"):
            feed = "newest"
            pageText = String(parts[2].dropLast(5))
        default:
            return nil
        }
        // Rails' `to_i`: a non-number is 0; 0 means page 1. The route refuses negatives and pages past 2^32.
        let digits = (pageText ?? "").prefix { $0.isNumber || $0 == "-" }
        let page = Int(digits) ?? 0
        if page < 0 || page > Int(UInt32.max) { return nil }
        return (feed, max(page, 1))
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        if path.hasPrefix("s/") { return "s/{id}" }
        if path.hasPrefix("newest") { return "newest" }
        if path.hasPrefix("hottest") || path.hasPrefix("page/") { return "hottest" }
        return nil
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        if request.path.hasPrefix("s/") { return story(request) }
        guard let (feed, page) = parse(request) else {
            return ReplicaResponse(status: 404, text: "<html><body>The page you were looking for doesn't exist.</body></html>", contentType: "text/html; charset=utf-8")
        }
        let driftCount = timeline.clock.driftCount(at: request.now)
        let drifted = (0..<driftCount).reversed().map { timeline.baseCount + $0 }
        let ordered = feed == "newest" ? timeline.newestFirst(at: request.now) : drifted + hottestOrder
        let start = min((page - 1) * Self.pageSize, ordered.count)
        let end = min(start + Self.pageSize, ordered.count)
        return .json(.array(ordered[start..<end].map(storyJSON)))
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        ReplicaResponse(status: 429, headers: [
            ("RateLimit-Limit", String(window.limit)), ("RateLimit-Remaining", "0"),
            ("RateLimit-Reset", String(Int(window.resetAt.rounded(.up)))),
        ], text: "Throttled, sleep(1) between hits; see https://lobste.rs/about#scraping\n")
    }
}
