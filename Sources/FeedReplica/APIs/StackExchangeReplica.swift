import FeedModel
import Foundation
import Synchronization

/// Stack Exchange API 2.3 `/questions`: the wrapper, page/pagesize, the page-25 wall, quota and `backoff`.
struct StackExchangeReplica: ReplicaAPI {
    let name = "stackexchange"
    let prefix = "/stackexchange/2.3"
    let seed: UInt64
    let timeline: FeedTimeline
    private let questions: [Question]
    private let quota = Quota()
    let compressesResponses = true

    static let sites = ["stackoverflow", "superuser", "serverfault", "askubuntu", "math", "unix", "softwareengineering",
                        "codereview", "english", "ja.stackoverflow", "ru.stackoverflow"]
    static let tagPool = ["swift", "linux", "ncurses", "python", "rust", "json", "http", "unicode", "terminal", "git",
                          "memory", "cpu", "concurrency", "sql"]

    struct Question {
        var seq: Int
        var id: Int
        var title: String
        var tags: [String]
        var score: Int
        var views: Int
        var answers: Int
        var accepted: Int?
        var created: Int64
        var activity: Int64
        var edited: Int64?
        var closed: Int64?
        var owner: (name: String, userID: Int?, reputation: Int, acceptRate: Int?)
    }

    /// Requests made against the daily quota; 300 a day without a key, as the real API counts.
    private final class Quota: Sendable {
        let used = Mutex(0)
        func next() -> Int { used.withLock { $0 += 1; return $0 } }
    }

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        let timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "stackexchange", meanGap: 200)
        self.timeline = timeline
        questions = (0..<count).map { Self.makeQuestion($0, seed: seed, timeline: timeline) }
    }

    func question(_ seq: Int) -> Question {
        seq < questions.count ? questions[seq] : Self.makeQuestion(seq, seed: seed, timeline: timeline)
    }

    private static func makeQuestion(_ seq: Int, seed: UInt64, timeline: FeedTimeline) -> Question {
        var rng = SeededRandom(seed: seed, salt: "stackexchange", index: seq)
        let created = timeline.time(seq)
        let isDrift = seq >= timeline.baseCount
        // Every seventh question with answers has thirty, so its answers page (twenty to a page in a detail).
        let drawn = isDrift ? 0 : rng.below(6)
        let answers = drawn > 0 && seq % 7 == 3 ? 30 : drawn
        let activity = isDrift ? created : min(timeline.clock.anchor, created + Int64(rng.below(3 * 86_400)))
        let hasOwner = !rng.chance(0.03)
        let name = TextGenerator.author(&rng)
        return Question(
            seq: seq, id: 64_000_000 + seq * 3, title: TextGenerator.title(&rng),
            tags: Array(Set((0..<(1 + rng.below(4))).map { _ in rng.pick(tagPool) })).sorted(),
            score: isDrift ? 0 : Int(TextGenerator.score(&rng, max: 400)) - 3, views: rng.below(5000), answers: answers,
            accepted: answers > 0 && rng.chance(0.4) ? Self.answerID(seq: seq, k: answers - 1) : nil, created: created, activity: activity,
            edited: rng.chance(0.3) ? min(activity, created + 600) : nil, closed: rng.chance(0.05) ? activity : nil,
            owner: (name: name, userID: hasOwner ? 100_000 + rng.below(20_000_000) : nil, reputation: 1 + rng.below(90_000),
                    acceptRate: rng.chance(0.3) ? rng.below(101) : nil)
        )
    }

    func questionJSON(_ q: Question, site: String) -> JSONValue {
        let host = site.contains(".") ? site + ".com" : site + ".com"
        let owner: JSONValue
        if let userID = q.owner.userID {
            var fields: [(String, JSONValue)] = [("account_id", .int(userID + 7)), ("reputation", .int(q.owner.reputation)),
                                                 ("user_id", .int(userID)), ("user_type", "registered")]
            if let rate = q.owner.acceptRate { fields.append(("accept_rate", .int(rate))) }
            fields += [("profile_image", .string("https://www.gravatar.com/avatar/\(String(SeededRandom.hash(q.owner.name), radix: 16))?s=256&d=identicon&r=PG")),
                       ("display_name", .string(TextGenerator.htmlEscapeSE(q.owner.name))),
                       ("link", .string("https://\(host)/users/\(userID)/\(TextGenerator.slug(q.owner.name))"))]
            owner = .object(fields)
        } else {
            owner = ["user_type": "does_not_exist", "display_name": .string(TextGenerator.htmlEscapeSE(q.owner.name))]
        }
        var fields: [(String, JSONValue)] = [("tags", .array(q.tags.map(JSONValue.string))), ("owner", owner),
                                             ("is_answered", .bool(q.accepted != nil || q.answers > 1)), ("view_count", .int(q.views))]
        if let closed = q.closed { fields.append(("closed_date", .int(closed))) }
        if let accepted = q.accepted { fields.append(("accepted_answer_id", .int(accepted))) }
        fields += [("answer_count", .int(q.answers)), ("score", .int(q.score)), ("last_activity_date", .int(q.activity)),
                   ("creation_date", .int(q.created))]
        if let edited = q.edited { fields.append(("last_edit_date", .int(edited))) }
        fields.append(("question_id", .int(q.id)))
        if q.closed != nil { fields.append(("closed_reason", "Duplicate")) }
        fields += [("content_license", "CC BY-SA 4.0"),
                   ("link", .string("https://\(host)/questions/\(q.id)/\(TextGenerator.slug(q.title).replacingOccurrences(of: "_", with: "-"))")),
                   ("title", .string(TextGenerator.htmlEscapeSE(q.title)))]
        return .object(fields)
    }

    static func error(_ id: Int, _ message: String, _ name: String) -> ReplicaResponse {
        .json(["error_id": .int(id), "error_message": .string(message), "error_name": .string(name)], status: 400)
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        let parts = path.split(separator: "/")
        switch (parts.first, parts.count) {
        case ("questions", 1): return "questions"
        case ("questions", 2): return "questions/{ids}"
        case ("answers", 2): return "answers/{ids}"
        case (let kind?, 3) where kind == "questions" || kind == "answers": return "\(kind)/{ids}/\(parts[2])"
        default: return nil
        }
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        guard let site = request["site"], !site.isEmpty else { return Self.error(400, "site is required", "bad_parameter") }
        guard Self.sites.contains(site.lowercased()) else { return Self.error(400, "No site found for name `\(site)`", "bad_parameter") }
        let hasKey = request["key"] != nil || request["access_token"] != nil
        guard let page = request["page"].map({ Int($0) }) ?? 1, page >= 1 else { return Self.error(400, "page", "bad_parameter") }
        guard let pageSize = request["pagesize"].map({ Int($0) }) ?? 30, (0...100).contains(pageSize) else {
            return Self.error(400, "pagesize", "bad_parameter")
        }
        let quotaMax = hasKey ? 10_000 : 300
        if let thread = respondToThread(request, site: site.lowercased(), page: page, pageSize: pageSize, wrap: { items, hasMore in
            let used = quota.next()
            return .json(.object([("items", .array(items)), ("has_more", .bool(hasMore)),
                                  ("quota_max", .int(quotaMax)), ("quota_remaining", .int(max(quotaMax - used, 1)))]))
        }) {
            return thread
        }
        guard request.path == "questions" else { return Self.error(404, "no method found with this name", "no_method") }
        let sort = request["sort"] ?? "activity"
        guard ["activity", "creation", "votes", "hot", "week", "month"].contains(sort) else { return Self.error(400, "sort", "bad_parameter") }
        let order = request["order"] ?? "desc"
        guard order == "desc" || order == "asc" else { return Self.error(400, "order", "bad_parameter") }
        if page > 25, !hasKey {
            return Self.error(403, "page above 25 requires access token or app key", "access_denied")
        }
        let used = quota.next()

        func sortValue(_ q: Question) -> Int64 {
            switch sort {
            case "creation": q.created
            case "votes": Int64(q.score)
            default: q.activity
            }
        }
        let minValue = request["min"].flatMap { Int64($0) }
        let maxValue = request["max"].flatMap { Int64($0) }
        let fromDate = request["fromdate"].flatMap { Int64($0) }
        let toDate = request["todate"].flatMap { Int64($0) }
        let tagged = request["tagged"].map { $0.split(separator: ";").map(String.init) } ?? []
        var matches = (0..<timeline.count(at: request.now)).map(question).filter { q in
            let value = sortValue(q)
            if let minValue, value < minValue { return false }
            if let maxValue, value > maxValue { return false }
            if let fromDate, q.created < fromDate { return false }
            if let toDate, q.created > toDate { return false }
            return tagged.allSatisfy(q.tags.contains)
        }
        matches.sort { (sortValue($0), $0.id) > (sortValue($1), $1.id) }
        if order == "asc" { matches.reverse() }
        // The built-in `total` filter answers with the count alone.
        if request["filter"] == "total" { return .json(["total": .int(matches.count)]) }
        let start = min((page - 1) * pageSize, matches.count)
        let end = min(start + pageSize, matches.count)
        var fields: [(String, JSONValue)] = [
            ("items", .array(matches[start..<end].map { questionJSON($0, site: site.lowercased()) })),
            ("has_more", .bool(pageSize == 0 ? !matches.isEmpty : end < matches.count)),
        ]
        if let window, window.isEnforced, window.remaining <= max(1, window.limit / 5) {
            fields.append(("backoff", .int(window.secondsToReset(from: request.now))))
        }
        // The daily quota is reported, not enforced (`rateLimitPerSecond` is the enforced limit), so it
        // never reads 0: a careful client would otherwise stop for a day.
        fields += [("quota_max", .int(quotaMax)), ("quota_remaining", .int(max(quotaMax - used, 1)))]
        return .json(.object(fields))
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        Self.error(502, "too many requests from this IP, more requests available in \(window.secondsToReset(from: request.now)) seconds",
                   "throttle_violation")
    }

    func serverError(_ request: ReplicaRequest, status: Int) -> ReplicaResponse {
        status == 503 ? ReplicaResponse.genericServerError(status: status)
            : .json(["error_id": 500, "error_message": "An unknown error occurred", "error_name": "internal_error"], status: status)
    }
}
