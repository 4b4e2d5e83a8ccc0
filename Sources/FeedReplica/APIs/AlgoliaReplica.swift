import FeedModel
import Foundation

/// HN Search by Algolia (`/api/v1`): `search` and `search_by_date`, the 1000-hit cap, 2024 key style.
struct AlgoliaReplica: ReplicaAPI {
    let name = "algolia"
    let prefix = "/algolia/api/v1"
    let seed: UInt64
    let timeline: FeedTimeline
    /// Base hits and their lowercased searchable text, built once: every search scans them.
    private let baseHits: [Hit]
    private let searchText: [String]

    static let firstID = 38_000_000
    static let paginationLimit = 1000
    static let capMessage = "you can only fetch the 1000 hits for this query. You can extend the number of hits returned via the paginationLimitedTo index parameter or use the browse method. You can read our FAQ for more details about browse and pagination"

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        // Many items share a second, so a `created_at_i<=` keyset has to de-duplicate.
        timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "algolia", meanGap: 40, tieRate: 0.3)
        let timeline = self.timeline
        baseHits = (0..<count).map { Self.makeHit($0, seed: seed, timeline: timeline) }
        searchText = baseHits.map { hit in
            (hit.title + " " + hit.author + " " + (hit.text ?? "") + " " + (hit.url ?? "")).lowercased()
        }
    }

    // MARK: - Hits

    enum Kind { case story, ask, show, comment }

    struct Hit {
        var seq: Int
        var id: Int
        var kind: Kind
        var title: String
        var author: String
        var points: Int
        var comments: Int
        var time: Int64
        var url: String?
        var text: String?
        var storyID: Int
    }

    func hit(_ seq: Int) -> Hit {
        seq < baseHits.count ? baseHits[seq] : Self.makeHit(seq, seed: seed, timeline: timeline)
    }

    private static func makeHit(_ seq: Int, seed: UInt64, timeline: FeedTimeline) -> Hit {
        var rng = SeededRandom(seed: seed, salt: "algolia", index: seq)
        let roll = rng.below(100)
        let kind: Kind = roll < 12 ? .comment : roll < 22 ? .ask : roll < 30 ? .show : .story
        var title = TextGenerator.title(&rng)
        let author = TextGenerator.author(&rng)
        let isDrift = seq >= timeline.baseCount
        let points = isDrift ? 1 : TextGenerator.score(&rng)
        let comments = rng.below(points / 3 + 1)
        var url: String? = TextGenerator.articleURL(&rng, slug: TextGenerator.slug(title, maxLength: 30))
        var text: String?
        let id = Self.firstID + 2 * seq
        var storyID = id
        switch kind {
        case .ask:
            title = "Ask HN: " + title
            url = nil
            text = TextGenerator.htmlEscapeHN(TextGenerator.body(&rng))
        case .show:
            title = "Show HN: " + title
        case .comment:
            text = TextGenerator.htmlEscapeHN(TextGenerator.body(&rng))
            storyID = max(Self.firstID, id - 2 * (1 + rng.below(50)))
        case .story:
            if rng.chance(0.05) { url = nil; text = "" }
        }
        return Hit(seq: seq, id: id, kind: kind, title: title, author: author, points: points, comments: comments,
                   time: timeline.time(seq), url: url, text: text, storyID: storyID)
    }

    func tags(_ hit: Hit) -> [String] {
        var tags = [hit.kind == .comment ? "comment" : "story", "author_" + hit.author, "story_\(hit.storyID)"]
        if hit.kind == .ask { tags.append("ask_hn") }
        if hit.kind == .show { tags.append("show_hn") }
        if hit.kind != .comment, hit.points > 300 { tags.insert("front_page", at: 1) }
        return tags
    }

    func hitJSON(_ hit: Hit, query: [String]) -> JSONValue {
        func highlight(_ value: String) -> JSONValue {
            let lower = value.lowercased()
            let matched = query.filter { lower.contains($0) }
            let level = matched.isEmpty ? "none" : matched.count == query.count ? "full" : "partial"
            var fields: [(String, JSONValue)] = [("matchLevel", .string(level)), ("matchedWords", .array(matched.map(JSONValue.string)))]
            if level == "full" { fields.append(("fullyHighlighted", false)) }
            fields.append(("value", .string(Self.emphasize(value, words: matched))))
            return .object(fields)
        }
        var fields: [(String, JSONValue)] = [
            ("_tags", .array(tags(hit).map(JSONValue.string))), ("author", .string(hit.author)),
            ("created_at", .string(isoTimestamp(hit.time))), ("created_at_i", .int(hit.time)),
            ("objectID", .string(String(hit.id))), ("story_id", .int(hit.storyID)),
            ("updated_at", .string(isoTimestamp(hit.time + 120))),
        ]
        var highlights: [(String, JSONValue)] = [("author", highlight(hit.author))]
        if hit.kind == .comment {
            let story = self.hit(max(0, (hit.storyID - Self.firstID) / 2))
            fields.append(("comment_text", .string(hit.text ?? "")))
            fields.append(("parent_id", .int(hit.storyID)))
            fields.append(("story_title", .string(story.title)))
            if let url = story.url { fields.append(("story_url", .string(url))) }
            highlights.append(("comment_text", highlight(hit.text ?? "")))
            highlights.append(("story_title", highlight(story.title)))
        } else {
            fields.append(("children", .array((0..<min(hit.comments, 3)).map { .int(hit.id + 1 + $0 * 7) })))
            fields.append(("num_comments", .int(hit.comments)))
            fields.append(("points", .int(hit.points)))
            fields.append(("title", .string(hit.title)))
            highlights.append(("title", highlight(hit.title)))
            if let url = hit.url {
                fields.append(("url", .string(url)))
                highlights.append(("url", highlight(url)))
            }
            if let text = hit.text {
                fields.append(("story_text", .string(text)))
                highlights.append(("story_text", highlight(text)))
            }
        }
        fields.append(("_highlightResult", JSONValue.object(highlights).sortedKeys()))
        return JSONValue.object(fields).sortedKeys()
    }

    /// Wraps each case-insensitive occurrence of the matched words in `<em>…</em>`, as Algolia highlights.
    static func emphasize(_ value: String, words: [String]) -> String {
        guard !words.isEmpty else { return value }
        var out = ""
        var rest = value[...]
        while !rest.isEmpty {
            let match = words.compactMap { word in rest.range(of: word, options: .caseInsensitive) }
                .min { $0.lowerBound < $1.lowerBound }
            guard let match else { break }
            out += rest[..<match.lowerBound] + "<em>" + rest[match] + "</em>"
            rest = rest[match.upperBound...]
        }
        return out + rest
    }

    // MARK: - Filters

    /// `tags`: comma = AND, parentheses = OR.
    static func parseTags(_ raw: String?) -> [[String]] {
        guard let raw, !raw.isEmpty else { return [] }
        var groups: [[String]] = []
        var current = ""
        var inGroup = false
        var group: [String] = []
        for ch in raw {
            switch ch {
            case "(": inGroup = true; group = []
            case ")":
                if !current.isEmpty { group.append(current); current = "" }
                groups.append(group); inGroup = false
            case ",":
                if inGroup { if !current.isEmpty { group.append(current) } } else if !current.isEmpty { groups.append([current]) }
                current = ""
            default: current.append(ch)
            }
        }
        if !current.isEmpty { groups.append([current]) }
        return groups.map { $0.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    struct NumericFilter {
        var field: String
        var op: String
        var value: Int64

        func matches(_ actual: Int64) -> Bool {
            switch op {
            case "<": actual < value
            case "<=": actual <= value
            case ">": actual > value
            case ">=": actual >= value
            case "=": actual == value
            default: actual != value
            }
        }
    }

    static func parseNumericFilters(_ raw: String?) -> [NumericFilter]? {
        guard let raw, !raw.isEmpty else { return [] }
        var filters: [NumericFilter] = []
        for part in raw.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let opStart = text.firstIndex(where: { "<>=!".contains($0) }) else { return nil }
            let field = String(text[..<opStart]).trimmingCharacters(in: .whitespaces)
            let rest = text[opStart...]
            let op = String(rest.prefix { "<>=!".contains($0) })
            guard ["<", "<=", ">", ">=", "=", "!="].contains(op),
                  let value = Int64(rest.dropFirst(op.count).trimmingCharacters(in: .whitespaces)),
                  ["created_at_i", "points", "num_comments"].contains(field)
            else { return nil }
            filters.append(NumericFilter(field: field, op: op, value: value))
        }
        return filters
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        switch path {
        case "search", "search_by_date": path
        default: path.hasPrefix("items/") ? "items" : nil
        }
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        let headers = [("Access-Control-Allow-Origin", "*")]
        if request.path.hasPrefix("items/") {
            guard let id = Int(request.path.dropFirst(6)), let item = itemJSON(id: id, now: request.now) else {
                return .json(["error": "Not Found", "status": 404], status: 404, headers: headers)
            }
            return .json(item, headers: headers)
        }
        guard request.path == "search" || request.path == "search_by_date" else {
            return .json(["message": "Not Found", "status": 404], status: 404, headers: headers)
        }
        let queryText = request["query"] ?? ""
        let words = queryText.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let tagGroups = Self.parseTags(request["tags"])
        guard let numeric = Self.parseNumericFilters(request["numericFilters"]) else {
            return .json(["message": .string("invalid numericFilters: \(request["numericFilters"] ?? "")"), "status": 400],
                         status: 400, headers: headers)
        }
        let hitsPerPage = min(max(Int(request["hitsPerPage"] ?? "") ?? 20, 0), Self.paginationLimit)
        let page = max(Int(request["page"] ?? "") ?? 0, 0)

        if hitsPerPage > 0, page * hitsPerPage >= Self.paginationLimit {
            return .json([
                "hits": [], "page": .int(page), "nbHits": 0, "nbPages": 0, "hitsPerPage": .int(hitsPerPage),
                "exhaustiveNbHits": true, "exhaustiveTypo": true, "exhaustive": ["nbHits": true, "typo": true],
                "processingTimeMS": 1, "message": .string(Self.capMessage),
            ], headers: headers)
        }

        var matches: [Hit] = []
        for seq in timeline.newestFirst(at: request.now) {
            if !words.isEmpty {
                let text = seq < searchText.count ? searchText[seq] : {
                    let h = hit(seq)
                    return (h.title + " " + h.author).lowercased()
                }()
                guard words.allSatisfy({ text.contains($0) }) else { continue }
            }
            let candidate = hit(seq)
            if !tagGroups.isEmpty {
                let itemTags = Set(tags(candidate))
                guard tagGroups.allSatisfy({ group in group.contains { itemTags.contains($0) } }) else { continue }
            }
            let numericOK = numeric.allSatisfy { filter in
                switch filter.field {
                case "created_at_i": filter.matches(candidate.time)
                case "points": filter.matches(Int64(candidate.kind == .comment ? 0 : candidate.points))
                default: filter.matches(Int64(candidate.comments))
                }
            }
            if numericOK { matches.append(candidate) }
        }
        if request.path == "search" {
            matches.sort { ($0.points, $0.time, $0.id) > ($1.points, $1.time, $1.id) }
        } else {
            matches.sort { ($0.time, $0.id) > ($1.time, $1.id) }
        }
        let reachable = min(matches.count, Self.paginationLimit)
        let nbPages = hitsPerPage == 0 ? 0 : (reachable + hitsPerPage - 1) / hitsPerPage
        let start = min(page * hitsPerPage, reachable)
        let end = min(start + hitsPerPage, reachable)
        let hits = matches[start..<end].map { hitJSON($0, query: words) }
        let exhaustive = matches.count <= Self.paginationLimit
        let params = request.rawQuery.map { $0 + "&advancedSyntax=true&analyticsTags=backend" } ?? "advancedSyntax=true&analyticsTags=backend"
        return .json(JSONValue.object([
            ("exhaustive", ["nbHits": .bool(exhaustive), "typo": true]), ("exhaustiveNbHits", .bool(exhaustive)),
            ("exhaustiveTypo", true), ("hits", .array(hits)), ("hitsPerPage", .int(hitsPerPage)),
            ("nbHits", .int(matches.count)), ("nbPages", .int(nbPages)), ("page", .int(page)), ("params", .string(params)),
            ("processingTimeMS", 3), ("processingTimingsMS", ["_request": ["roundTrip": 4], "total": 3]),
            ("query", .string(queryText)), ("serverTimeMS", 4),
        ]), headers: headers)
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        .json(["message": "Too many requests", "status": 429], status: 429,
              headers: [("Retry-After", String(window.secondsToReset(from: request.now)))])
    }
}
