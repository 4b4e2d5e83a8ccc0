import FeedModel
import Foundation

/// A question's conversation: `/questions/{id}` with its body (`filter=withbody`), its answers
/// (`/questions/{id}/answers`, paged, by votes, creation or activity), `/answers/{ids}` and the
/// comments on posts (`/questions/{id}/comments`, `/answers/{ids}/comments`, flat per post).
///
/// Every question has `answers` answers (0 to 5, or 30 on every seventh question that has any,
/// so answers page) and each post 0 to 3 comments; the accepted answer (when there is one) is not the
/// top-voted one on purpose, so a client has to pin it. Bodies are HTML with paragraphs, code
/// and quotes, as the API sends them.
extension StackExchangeReplica {
    struct Answer {
        var id: Int
        var questionID: Int
        var score: Int
        var isAccepted: Bool
        var created: Int64
        var owner: String
        var body: String
    }

    struct Comment {
        var id: Int
        var postID: Int
        var score: Int
        var created: Int64
        var owner: String
        var body: String
    }

    /// Answer ids: 70,000,000 + 64 × the question's seq + k.
    static func answerID(seq: Int, k: Int) -> Int { 70_000_000 + seq * 64 + k }

    func answerCount(_ q: Question) -> Int { q.answers }

    func answers(of q: Question) -> [Answer] {
        (0..<answerCount(q)).map { k in
            var rng = SeededRandom(seed: seed, salt: "stackexchange-answer", index: q.seq * 64 + k)
            let id = Self.answerID(seq: q.seq, k: k)
            return Answer(
                id: id, questionID: q.id, score: 40 - k * 3 + rng.below(3), isAccepted: q.accepted == id,
                created: q.created + Int64(600 * (k + 1) + rng.below(300)), owner: TextGenerator.author(&rng),
                body: Self.bodyHTML(&rng, code: k % 2 == 0))
        }
    }

    /// The answer with an id, if the question it belongs to exists.
    func answer(id: Int) -> Answer? {
        let offset = id - 70_000_000
        guard offset >= 0 else { return nil }
        let seq = offset / 64, k = offset % 64
        let q = question(seq)
        return k < answerCount(q) ? answers(of: q)[k] : nil
    }

    /// The comments on a post (a question id or an answer id), oldest first.
    func comments(onPost postID: Int) -> [Comment] {
        var rng = SeededRandom(seed: seed, salt: "stackexchange-comments", index: postID)
        let count = rng.below(4)
        let base: Int64 = answer(id: postID)?.created ?? questionSeq(id: postID).map { question($0).created } ?? 0
        return (0..<count).map { j in
            Comment(id: 90_000_000 + (postID % 1_000_000) * 8 + j, postID: postID, score: rng.below(12),
                    created: base + Int64(120 * (j + 1)), owner: TextGenerator.author(&rng),
                    body: TextGenerator.htmlEscapeSE(TextGenerator.lorem(&rng, words: 8 + rng.below(20))) + (j == 1 ? " <code>--verbose</code>" : ""))
        }
    }

    func questionSeq(id: Int) -> Int? {
        let offset = id - 64_000_000
        guard offset >= 0, offset % 3 == 0 else { return nil }
        return offset / 3
    }

    static func bodyHTML(_ rng: inout SeededRandom, code: Bool) -> String {
        var html = "<p>" + TextGenerator.htmlEscapeSE(TextGenerator.body(&rng)) + "</p>\n"
        if code {
            html += "<pre><code>let items = try await source.load(.page(1))\nprint(items.count)\n</code></pre>\n"
        }
        if rng.chance(0.5) {
            html += "<blockquote><p>" + TextGenerator.htmlEscapeSE(TextGenerator.lorem(&rng, words: 12)) + "</p></blockquote>\n"
        }
        html += "<p>" + TextGenerator.htmlEscapeSE(TextGenerator.lorem(&rng, words: 20)) + "</p>\n"
        return html
    }

    func owner(_ name: String) -> JSONValue {
        ["user_type": "registered", "display_name": .string(TextGenerator.htmlEscapeSE(name)), "reputation": .int(1 + Int(SeededRandom.hash(name) % 50_000))]
    }

    func answerJSON(_ a: Answer, withBody: Bool) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("owner", owner(a.owner)), ("is_accepted", .bool(a.isAccepted)), ("score", .int(a.score)),
            ("last_activity_date", .int(Int(a.created))), ("creation_date", .int(Int(a.created))),
            ("answer_id", .int(a.id)), ("question_id", .int(a.questionID)), ("content_license", "CC BY-SA 4.0"),
        ]
        if withBody { fields.append(("body", .string(a.body))) }
        return .object(fields)
    }

    func commentJSON(_ c: Comment, withBody: Bool) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("owner", owner(c.owner)), ("edited", false), ("score", .int(c.score)), ("creation_date", .int(Int(c.created))),
            ("post_id", .int(c.postID)), ("comment_id", .int(c.id)), ("content_license", "CC BY-SA 4.0"),
        ]
        if withBody { fields.append(("body", .string(c.body))) }
        return .object(fields)
    }

    /// The question's body, for `filter=withbody`.
    func questionBody(_ q: Question) -> String {
        var rng = SeededRandom(seed: seed, salt: "stackexchange-body", index: q.seq)
        return Self.bodyHTML(&rng, code: true)
    }

    /// Answers for the thread routes, or nil when the path is not one of them.
    func respondToThread(_ request: ReplicaRequest, site: String, page: Int, pageSize: Int, wrap: ([JSONValue], Bool) -> ReplicaResponse) -> ReplicaResponse? {
        let parts = request.path.split(separator: "/").map(String.init)
        guard parts.count >= 2, parts[0] == "questions" || parts[0] == "answers" else { return nil }
        let ids = parts[1].split(separator: ";").compactMap { Int($0) }
        guard !ids.isEmpty, ids.count <= 100 else { return Self.error(400, "ids", "bad_parameter") }
        let withBody = request["filter"] == "withbody"
        let sort = request["sort"] ?? "activity"
        let isAscending = request["order"] == "asc"
        func paged(_ all: [JSONValue]) -> ReplicaResponse {
            let start = min((page - 1) * pageSize, all.count)
            let end = min(start + pageSize, all.count)
            return wrap(Array(all[start..<end]), end < all.count)
        }
        switch (parts[0], parts.count > 2 ? parts[2] : nil) {
        case ("questions", nil):
            let found = ids.compactMap(questionSeq(id:)).map(question).filter { ids.contains($0.id) }
            return paged(found.map { q in
                guard withBody, case var .object(fields) = questionJSON(q, site: site) else { return questionJSON(q, site: site) }
                fields.append(("body", .string(questionBody(q))))
                return .object(fields)
            })
        case ("questions", "answers"?):
            var all = ids.compactMap(questionSeq(id:)).map(question).flatMap(answers(of:))
            all.sort { a, b in
                let (x, y) = sort == "votes" ? (Int64(a.score), Int64(b.score)) : (a.created, b.created)
                return isAscending ? (x, a.id) < (y, b.id) : (x, a.id) > (y, b.id)
            }
            return paged(all.map { answerJSON($0, withBody: withBody) })
        case ("answers", nil):
            return paged(ids.compactMap(answer(id:)).map { answerJSON($0, withBody: withBody) })
        case ("questions", "comments"?), ("answers", "comments"?):
            var all = ids.flatMap(comments(onPost:))
            all.sort { a, b in
                let (x, y) = sort == "votes" ? (Int64(a.score), Int64(b.score)) : (a.created, b.created)
                return isAscending ? (x, a.id) < (y, b.id) : (x, a.id) > (y, b.id)
            }
            return paged(all.map { commentJSON($0, withBody: withBody) })
        default:
            return Self.error(404, "no method found with this name", "no_method")
        }
    }
}
