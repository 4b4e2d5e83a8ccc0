import FeedModel
import Foundation

/// Hacker News' Firebase API (`/v0`): ranked id lists, one item per request, alphabetical keys.
struct HackerNewsReplica: ReplicaAPI {
    let name = "hn"
    let prefix = "/hn/v0"
    let seed: UInt64
    let timeline: FeedTimeline
    /// Whether stories carry `HostileText` payloads (`serve --hostile`).
    var isHostile = false
    /// Whether stories carry `ScriptText` titles and texts (`serve --scripts`).
    var isScripts = false
    /// Comments added to every story that has some (`ReplicaConfiguration.extraComments`).
    var extraComments = 0

    static let firstID = 41_000_000
    static let listNames = ["topstories", "newstories", "beststories", "askstories", "showstories", "jobstories"]

    init(seed: UInt64, clock: FeedClock, count: Int, isHostile: Bool = false, isScripts: Bool = false, extraComments: Int = 0) {
        self.seed = seed
        self.isHostile = isHostile
        self.isScripts = isScripts
        self.extraComments = max(0, extraComments)
        timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "hn", meanGap: 90)
    }

    // MARK: - Items

    enum Kind: Equatable { case story, ask, show, job }
    enum Condition: Equatable { case normal, deleted, dead, missing }

    struct Story {
        var seq: Int
        var id: Int
        var kind: Kind
        var condition: Condition
        var title: String
        var author: String
        var score: Int
        var descendants: Int
        var time: Int64
        var url: String?
        var text: String?
    }

    func id(of seq: Int) -> Int { Self.firstID + 3 * seq }

    /// What the lists rank a story by, without generating its texts: the front page ranks 800
    /// stories per request, and their bodies were most of that request's time.
    struct Ranking {
        var id: Int
        var kind: Kind
        var score: Int
        var time: Int64
    }

    /// The first draws of a story's generator, in `story(_:)`'s order, up to its score.
    private func head(_ seq: Int, _ rng: inout SeededRandom) -> (kind: Kind, condition: Condition, title: String, author: String, score: Int) {
        let kindRoll = rng.below(100)
        let conditionRoll = rng.below(100)
        let kind: Kind = kindRoll < 6 ? .job : kindRoll < 20 ? .ask : kindRoll < 32 ? .show : .story
        let condition: Condition = conditionRoll < 2 ? .deleted : conditionRoll < 4 ? .dead : conditionRoll < 5 ? .missing : .normal
        let title = TextGenerator.title(&rng)
        let author = TextGenerator.author(&rng)
        let isDrift = seq >= timeline.baseCount
        let score = isDrift ? 1 + rng.below(5) : TextGenerator.score(&rng)
        return (kind, condition, title, author, score)
    }

    /// The story's kind, score and time as `story(_:)` has them.
    func ranking(_ seq: Int) -> Ranking {
        var rng = SeededRandom(seed: seed, salt: "hn", index: seq)
        let head = head(seq, &rng)
        return Ranking(id: id(of: seq), kind: isHostile || isScripts ? .story : head.kind, score: head.score, time: timeline.time(seq))
    }

    func story(_ seq: Int) -> Story {
        var rng = SeededRandom(seed: seed, salt: "hn", index: seq)
        let (kind, condition, generatedTitle, author, score) = head(seq, &rng)
        var title = generatedTitle
        let descendants = rng.chance(0.2) ? 0 : rng.below(max(score / 2, 1) + 1)
        var url: String? = TextGenerator.articleURL(&rng, slug: TextGenerator.slug(title, maxLength: 30))
        var text: String?
        switch kind {
        case .ask:
            title = "Ask HN: " + title
            url = nil
            text = Self.htmlParagraphs(TextGenerator.body(&rng), rng: &rng)
        case .show:
            title = "Show HN: " + title
            if rng.chance(0.4) { text = Self.htmlParagraphs(TextGenerator.body(&rng), rng: &rng) }
        case .job:
            title = "\(TextGenerator.author(&rng).capitalized) (YC S\(10 + rng.below(15))) is hiring \(rng.pick(TextGenerator.techWords)) engineers"
            if rng.chance(0.4) {
                url = ""
                text = Self.htmlParagraphs(TextGenerator.body(&rng), rng: &rng)
            }
        case .story:
            break
        }
        if isScripts {
            return Story(seq: seq, id: id(of: seq), kind: .story, condition: .normal, title: ScriptText.title(seq),
                         author: author, score: score, descendants: 0, time: timeline.time(seq),
                         url: url, text: ScriptText.body(seq))
        }
        if isHostile {
            return Story(seq: seq, id: id(of: seq), kind: .story, condition: .normal, title: HostileText.title(seq),
                         author: HostileText.author(seq), score: score, descendants: 0, time: timeline.time(seq),
                         url: url, text: HostileText.body(seq))
        }
        return Story(seq: seq, id: id(of: seq), kind: kind, condition: condition, title: title, author: author,
                     score: score, descendants: kind == .job ? 0 : descendants, time: timeline.time(seq), url: url, text: text)
    }

    static func htmlParagraphs(_ text: String, rng: inout SeededRandom) -> String {
        let escaped = TextGenerator.htmlEscapeHN(text)
        guard !escaped.isEmpty else { return "" }
        let link = "https://example.com/docs?a=1&b=\(rng.below(100))"
        return escaped + "<p>See <a href=\"\(TextGenerator.htmlEscapeHN(link))\" rel=\"nofollow\">"
            + TextGenerator.htmlEscapeHN(link) + "</a></p><p><i>Thoughts?</i></p>"
    }

    /// - Parameter origin: the replica's own address; a third of the stories link to its
    ///   `/articles` pages there (the reader's pages), the rest to the web.
    func itemJSON(id: Int, now: Double, origin: String? = nil) -> JSONValue {
        let count = timeline.count(at: now)
        if id >= CommentTree.firstID {
            return CommentTree.comment(id: id, replica: self, storyCount: count)
        }
        let offset = id - Self.firstID
        guard offset >= 0, offset / 3 < count else { return .null }
        let story = story(offset / 3)
        if offset % 3 != 0 {
            return commentJSON(id: id, story: story, index: offset % 3)
        }
        switch story.condition {
        case .missing: return .null
        case .deleted:
            return ["deleted": true, "id": .int(story.id), "time": .int(story.time), "type": story.kind == .job ? "job" : "story"]
        case .dead, .normal:
            var fields: [(String, JSONValue)] = [("by", .string(story.author)), ("id", .int(story.id)), ("score", .int(story.score + votes(story.seq, now: now))),
                                                 ("time", .int(story.time)), ("title", .string(TextGenerator.htmlEscapeHN(story.title)))]
            fields.append(("type", story.kind == .job ? "job" : "story"))
            if let url = story.url {
                let local = origin.flatMap { origin in
                    !url.isEmpty && !isHostile && story.seq % 3 == 0 ? "\(origin)/articles/\(story.seq % ReplicaArticles.count + 1)" : nil
                }
                fields.append(("url", .string(local ?? url)))
            }
            if story.condition == .dead {
                fields.append(("dead", true))
            } else if let text = story.text {
                fields.append(("text", .string(text)))
            }
            if story.kind != .job {
                let tree = CommentTree(replica: self, story: story)
                fields.append(("descendants", .int(tree.count)))
                if tree.count > 0 {
                    fields.append(("kids", .array(tree.kids(of: nil).map { .int(tree.id(of: $0)) })))
                }
            }
            return JSONValue.object(fields).sortedKeys()
        }
    }

    /// Votes a story has gathered since the replica started, when `--drift` makes the feed
    /// move: each story gains one every few seconds (its own pace), so live updates see scores
    /// change. Rankings keep the generated score, so the lists do not churn.
    func votes(_ seq: Int, now: Double) -> Int {
        let clock = timeline.clock
        guard clock.drift > 0 else { return 0 }
        return max(0, Int(((now - clock.startedAt) / Double(2 + seq % 4)).rounded(.down)))
    }

    private func commentJSON(id: Int, story: Story, index: Int) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "hn/comment", index: id)
        if rng.chance(0.05) {
            return ["deleted": true, "id": .int(id), "parent": .int(story.id), "time": .int(story.time + Int64(index)), "type": "comment"]
        }
        let text = Self.htmlParagraphs(TextGenerator.body(&rng), rng: &rng)
        return JSONValue.object([
            ("by", .string(TextGenerator.author(&rng))), ("id", .int(id)), ("parent", .int(story.id)),
            ("text", .string(text)), ("time", .int(story.time + Int64(index))), ("type", "comment"),
        ]).sortedKeys()
    }

    // MARK: - Lists

    func list(_ name: String, now: Double) -> [Int] {
        let newest = timeline.newestFirst(at: now)
        switch name {
        case "newstories":
            return newest.lazy.filter { ranking($0).kind != .job }.prefix(500).map(id(of:))
        case "askstories", "showstories", "jobstories":
            let kind: Kind = name == "askstories" ? .ask : name == "showstories" ? .show : .job
            return newest.lazy.filter { ranking($0).kind == kind }.prefix(200).map(id(of:))
        case "beststories":
            let stories = newest.map(ranking).filter { $0.kind != .job }
            return stories.sorted { ($0.score, $0.id) > ($1.score, $1.id) }.prefix(200).map(\.id)
        default:
            // Rank as HN's front page does: score decays with age. Time is quantised to the minute so
            // repeated requests in a test see one order.
            let rankNow = Double(timeline.clock.anchor) + ((now - timeline.clock.startedAt) / 60).rounded(.down) * 60
            func rank(_ s: Ranking) -> Double {
                let hours = max(rankNow - Double(s.time), 0) / 3600
                return Double(s.score + 1) / pow(hours + 2, 1.8)
            }
            let ranked = newest.prefix(800).map { seq in let r = ranking(seq); return (rank: rank(r), id: r.id) }
            return ranked.sorted { ($0.rank, $0.id) > ($1.rank, $1.id) }.prefix(500).map(\.id)
        }
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        let stem = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        if Self.listNames.contains(stem) || stem == "maxitem" || stem == "updates" { return stem }
        if stem.hasPrefix("item/") { return "item" }
        if stem.hasPrefix("user/") { return "user" }
        return nil
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        let pretty = request["print"] == "pretty"
        let headers = [("Access-Control-Allow-Origin", "*"), ("Cache-Control", "no-cache")]
        guard request.path.hasSuffix(".json") else {
            return ReplicaResponse(status: 404, text: "Not Found")
        }
        let stem = String(request.path.dropLast(5))
        let value: JSONValue
        if Self.listNames.contains(stem) {
            value = .array(list(stem, now: request.now).map { .int($0) })
        } else if stem == "maxitem" {
            value = .int(Self.firstID + 3 * (timeline.count(at: request.now) - 1) + 2)
        } else if stem == "updates" {
            let ids = timeline.newestFirst(at: request.now).prefix(10).map { JSONValue.int(id(of: $0)) }
            let names = timeline.newestFirst(at: request.now).prefix(5).map { JSONValue.string(story($0).author) }
            value = ["items": .array(ids), "profiles": .array(names)]
        } else if stem.hasPrefix("item/"), let id = Int(stem.dropFirst(5)) {
            value = itemJSON(id: id, now: request.now, origin: request.origin)
        } else if stem.hasPrefix("user/") {
            let user = String(stem.dropFirst(5))
            let h = SeededRandom.hash(user)
            value = user.isEmpty ? .null : JSONValue.object([
                ("created", .int(1_200_000_000 + Int64(h % 500_000_000))), ("id", .string(user)), ("karma", .int(Int(h % 50000))),
            ])
        } else {
            // Firebase answers any other key with `null`.
            value = .null
        }
        return .json(value, headers: headers, pretty: pretty)
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        .json(["error": "Too many requests"], status: 429, headers: [("Retry-After", String(window.secondsToReset(from: request.now)))], pretty: true)
    }
}
