import FeedModel
import Foundation

/// DEV / Forem (`/api/articles`, `/api/articles/latest`): bare arrays, `[]` past the end, `tag_list`/`tags` swapped in details.
struct DevToReplica: ReplicaAPI {
    let name = "devto"
    let prefix = "/devto/api"
    let seed: UInt64
    let timeline: FeedTimeline
    private let popularOrder: [Int]

    static let tagPool = ["webdev", "javascript", "swift", "rust", "beginners", "programming", "tutorial", "linux",
                          "productivity", "ai", "devops", "css", "html", "career"]

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        let timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "devto", meanGap: 900)
        self.timeline = timeline
        let reactions = (0..<count).map { seq -> Int in
            var rng = SeededRandom(seed: seed, salt: "devto/reactions", index: seq)
            return TextGenerator.score(&rng, max: 900)
        }
        popularOrder = (0..<count).sorted { (reactions[$0], $0) > (reactions[$1], $1) }
    }

    struct Article {
        var seq: Int
        var id: Int
        var title: String
        var description: String
        var tags: [String]
        var username: String
        var displayName: String
        var reactions: Int
        var comments: Int
        var published: Int64
        var hasCover: Bool
        var organization: String?
    }

    func article(_ seq: Int) -> Article {
        var rng = SeededRandom(seed: seed, salt: "devto", index: seq)
        var reactionsRNG = SeededRandom(seed: seed, salt: "devto/reactions", index: seq)
        let title = TextGenerator.title(&rng)
        let author = TextGenerator.author(&rng)
        return Article(
            seq: seq, id: 700_000 + seq * 7, title: title, description: String(TextGenerator.body(&rng).prefix(140)),
            tags: Array(Set((0..<rng.below(5)).map { _ in rng.pick(Self.tagPool) })).sorted(),
            username: TextGenerator.slug(author, maxLength: 20), displayName: author,
            reactions: seq >= timeline.baseCount ? 0 : TextGenerator.score(&reactionsRNG, max: 900), comments: rng.below(40),
            published: timeline.time(seq), hasCover: rng.chance(0.6), organization: rng.chance(0.15) ? "forem-org" : nil
        )
    }

    /// - Parameter sprites: where the replica's pictures are (`origin/sprites`): covers.
    func articleJSON(_ a: Article, detail: Bool, sprites: String) -> JSONValue {
        let slug = TextGenerator.slug(a.title, maxLength: 40).replacingOccurrences(of: "_", with: "-") + "-" + String(a.id, radix: 36)
        let path = "/\(a.username)/\(slug)"
        let published = isoTimestamp(a.published)
        let tagString = a.tags.joined(separator: ", ")
        var fields: [(String, JSONValue)] = [
            ("type_of", "article"), ("id", .int(a.id)), ("title", .string(a.title)), ("description", .string(a.description)),
            ("readable_publish_date", .string(Self.readableDate(a.published))), ("slug", .string(slug)), ("path", .string(path)),
            ("url", .string("https://dev.to\(path)")), ("comments_count", .int(a.comments)),
            ("public_reactions_count", .int(a.reactions)), ("collection_id", .null), ("published_timestamp", .string(published)),
            ("language", "en"), ("subforem_id", 1), ("positive_reactions_count", .int(a.reactions)),
            ("cover_image", a.hasCover ? .string("\(sprites)/covers/devto-\(a.id).jpg") : .null),
            ("social_image", .string("\(sprites)/covers/devto-social-\(a.id).jpg")),
            ("canonical_url", .string("https://dev.to\(path)")), ("created_at", .string(published)), ("edited_at", .null),
            ("crossposted_at", .null), ("published_at", .string(published)), ("last_comment_at", .string(published)),
            ("reading_time_minutes", .int(1 + a.description.count / 20)),
        ]
        // The list has `tag_list` as an array and `tags` as a string; the detail swaps them (forem#4206).
        if detail {
            let body = body(of: a)
            fields += [("tag_list", .string(tagString)), ("tags", .array(a.tags.map(JSONValue.string))),
                       ("body_html", .string(body.html)), ("body_markdown", .string(body.markdown))]
        } else {
            fields += [("tag_list", .array(a.tags.map(JSONValue.string))), ("tags", .string(tagString))]
        }
        fields.append(("user", .object([
            ("name", .string(a.displayName)), ("username", .string(a.username)), ("twitter_username", .null),
            ("github_username", .string(a.username)), ("user_id", .int(1000 + Int(SeededRandom.hash(a.username) % 900_000))),
            ("website_url", .null), ("profile_image", .string("https://media2.dev.to/profile/\(a.username).png")),
            ("profile_image_90", .string("https://media2.dev.to/profile/\(a.username)-90.png")),
        ])))
        if let org = a.organization {
            fields.append(("organization", ["name": "Forem Org", "username": .string(org), "slug": .string(org),
                                            "profile_image": "https://media2.dev.to/org.png", "profile_image_90": "https://media2.dev.to/org-90.png"]))
        }
        return .object(fields)
    }

    static func readableDate(_ time: Int64) -> String {
        let iso = isoTimestamp(time)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = Int(iso.dropFirst(5).prefix(2)) ?? 1
        let day = Int(iso.dropFirst(8).prefix(2)) ?? 1
        return "\(months[month - 1]) \(day)"
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        if path == "articles" { return "articles" }
        if path == "articles/latest" { return "articles/latest" }
        if path.hasPrefix("articles/") { return "articles/{id}" }
        if path == "comments" { return "comments" }
        return nil
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        let headers = [("Access-Control-Allow-Origin", "*")]
        if request.path == "comments" { return comments(request, headers: headers) }
        if request.path.hasPrefix("articles/"), request.path != "articles/latest" {
            let id = Int(request.path.dropFirst(9)) ?? -1
            let seq = (id - 700_000) / 7
            guard id >= 700_000, (id - 700_000) % 7 == 0, seq < timeline.count(at: request.now) else {
                return .json(["error": "not found", "status": 404], status: 404, headers: headers)
            }
            return .json(articleJSON(article(seq), detail: true, sprites: request.origin + "/sprites"), headers: headers)
        }
        guard request.path == "articles" || request.path == "articles/latest" else {
            return .json(["error": "not found", "status": 404], status: 404, headers: headers)
        }
        let requested = Int(request["per_page"] ?? "") ?? 30
        let perPage = requested < 1 ? 30 : min(requested, 1000)
        let page = max(Int(request["page"] ?? "") ?? 1, 1)
        let driftCount = timeline.clock.driftCount(at: request.now)
        let drifted = (0..<driftCount).reversed().map { timeline.baseCount + $0 }
        var seqs = request.path == "articles/latest" ? timeline.newestFirst(at: request.now) : drifted + popularOrder
        var articles: [Article]? = nil
        let tag = request["tag"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let username = request["username"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        if tag != nil || username != nil {
            let all = seqs.map(article).filter { a in
                (tag.map { a.tags.contains($0) } ?? true) && (username.map { a.username.lowercased() == $0 } ?? true)
            }
            seqs = all.map(\.seq)
            articles = all
        }
        let start = min((page - 1) * perPage, seqs.count)
        let end = min(start + perPage, seqs.count)
        let pageArticles = articles.map { Array($0[start..<end]) } ?? seqs[start..<end].map(article)
        return .json(.array(pageArticles.map { articleJSON($0, detail: false, sprites: request.origin + "/sprites") }), headers: headers)
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        .json(["error": .string("Rate limit reached, try again in \(window.secondsToReset(from: request.now)) seconds"), "status": 429],
              status: 429, headers: [("Retry-After", String(window.secondsToReset(from: request.now)))])
    }
}
