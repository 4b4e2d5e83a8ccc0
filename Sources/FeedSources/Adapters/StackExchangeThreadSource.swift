import FeedModel
import Foundation
import Synchronization

/// A Stack Exchange question's conversation, as the site shows it: the question's body, the
/// comments on the question, then the answers, the accepted one first and the rest by votes,
/// each followed by its comments (oldest first).
///
/// Answers page as the API pages them (`/questions/{id}/answers?sort=votes&page=N`, `has_more`;
/// the key `.cursor(nil)`, then `.cursor("N")`);
/// each page asks for the comments on all its answers in one call (`/answers/{ids}/comments`,
/// grouped by `post_id`). The first page also brings the question (`filter=withbody`, its body
/// the detail's, as `subject`) and its comments, and pins the accepted answer: taken from the
/// page, or asked for (`/answers/{id}`) when votes put it later, then left out where it comes.
///
/// Answers sit at depth 0 under the question, their comments at depth 1 under them; the
/// question's own comments at depth 0 before the answers.
public struct StackExchangeThreadSource: FeedSource {
    public let questionID: Int64
    public let site: String
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let key: String?
    /// The accepted answer's id as the first page found it (`.some(nil)`: none), so later pages
    /// need not ask for the question again.
    private let accepted = AcceptedMemo()

    public var name: String { "stackexchange question \(questionID)" }
    /// `.cursor(nil)` for the first page of answers (as every conversation starts), `.cursor("N")` for page N.
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 10 }
    public var maxPageSize: Int { 100 }

    public init(questionID: Int64, site: String = "stackoverflow", baseURL: URL = StackExchangeSource.defaultBaseURL,
                transport: any HTTPTransport, key: String? = nil) {
        self.questionID = questionID
        self.site = site
        self.baseURL = baseURL
        self.transport = transport
        self.key = key
    }

    /// The conversation of a `StackExchangeSource` item (`stackexchange:123`), if it is one.
    public static func forItem(_ itemID: String, site: String, baseURL: URL, transport: any HTTPTransport, key: String? = nil) -> Self? {
        guard let id = questionID(itemID) else { return nil }
        return Self(questionID: id, site: site, baseURL: baseURL, transport: transport, key: key)
    }

    /// A question id as a user may give it: `123`, `stackexchange:123`, or the question's URL
    /// (`https://stackoverflow.com/questions/123/slug`).
    public static func questionID(_ text: String) -> Int64? {
        var digits = text.hasPrefix("stackexchange:") ? String(text.dropFirst(14)) : text
        if let url = URL(string: digits), url.scheme != nil {
            let parts = url.path.split(separator: "/")
            guard let index = parts.firstIndex(where: { $0 == "questions" || $0 == "q" }), index + 1 < parts.count else { return nil }
            digits = String(parts[index + 1])
        }
        guard let id = Int64(digits), id > 0 else { return nil }
        return id
    }

    public func load(_ pageKey: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = pageKey, let number = token.map({ Int($0) }) ?? 1, number >= 1 else {
            throw FeedError(.invalidRequest, "stackexchange: unsupported page key \(pageKey)")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        var subject: FeedItem?
        var items: [FeedItem] = []
        var accepted: Int64?
        if number == 1 {
            let questions: Wrapper<QuestionDTO> = try await get("questions/\(questionID)", [("filter", "withbody")], context: context)
            guard let question = questions.items.first else {
                throw FeedError(.http(status: 404), "stackexchange: no question \(questionID) on \(site)")
            }
            subject = question.feedItem
            accepted = question.accepted_answer_id
            self.accepted.value.withLock { $0 = .some(question.accepted_answer_id) }
            items += try await comments(on: [questionID], context: context).map { $0.feedItem(depth: 0, parent: "stackexchange:\(questionID)") }
        } else if let known = self.accepted.value.withLock({ $0 }) {
            // Later pages leave out the accepted answer, which the first page pinned.
            accepted = known
        } else {
            let questions: Wrapper<QuestionDTO> = try await get("questions/\(questionID)", [], context: context)
            accepted = questions.items.first?.accepted_answer_id
        }
        let page: Wrapper<AnswerDTO> = try await get(
            "questions/\(questionID)/answers",
            [("filter", "withbody"), ("sort", "votes"), ("order", "desc"), ("page", String(number)), ("pagesize", String(size))],
            context: context)
        var answers = page.items
        if let accepted {
            if number == 1 {
                if let index = answers.firstIndex(where: { $0.answer_id == accepted }) {
                    answers.insert(answers.remove(at: index), at: 0)
                } else {
                    let pinned: Wrapper<AnswerDTO> = try await get("answers/\(accepted)", [("filter", "withbody")], context: context)
                    answers.insert(contentsOf: pinned.items, at: 0)
                }
            } else {
                answers.removeAll { $0.answer_id == accepted }
            }
        }
        let answerComments = Dictionary(grouping: try await comments(on: answers.map(\.answer_id), context: context), by: \.post_id)
        for answer in answers {
            items.append(answer.feedItem(question: questionID))
            items += (answerComments[answer.answer_id] ?? []).map { $0.feedItem(depth: 1, parent: "stackexchange:a/\(answer.answer_id)") }
        }
        return Page(key: pageKey, items: items, next: page.has_more ? .cursor(String(number + 1)) : nil, subject: subject)
    }

    public func startOver() {
        accepted.value.withLock { $0 = nil }
    }

    // MARK: - Helpers

    private final class AcceptedMemo: Sendable {
        let value = Mutex<Int64??>(nil)
    }

    /// The comments on posts, oldest first, every page of them (at most ten of 100).
    private func comments(on posts: [Int64], context: FetchContext) async throws(FeedError) -> [CommentDTO] {
        guard !posts.isEmpty else { return [] }
        let kind = posts == [questionID] ? "questions" : "answers"
        let ids = posts.map(String.init).joined(separator: ";")
        var all: [CommentDTO] = []
        for number in 1...10 {
            let page: Wrapper<CommentDTO> = try await get(
                "\(kind)/\(ids)/comments",
                [("filter", "withbody"), ("sort", "creation"), ("order", "asc"), ("page", String(number)), ("pagesize", "100")],
                context: context)
            all += page.items
            if !page.has_more { break }
        }
        return all
    }

    private func get<T: Decodable & Sendable>(
        _ path: String, _ query: [(String, String)], context: FetchContext
    ) async throws(FeedError) -> Wrapper<T> {
        var query = [("site", site)] + query
        if let key { query.append(("key", key)) }
        let url = APIEndpoint.url(base: baseURL, path: path, query: query)
        return try await transport.fetchJSON(Wrapper<T>.self, from: url, api: "stackexchange", context: context).0
    }
}

// MARK: - Wire format

private struct Wrapper<Item: Decodable & Sendable>: Decodable, Sendable {
    // Required (RequiredField.swift).
    var items: [Item]
    var has_more: Bool
}

private struct OwnerDTO: Decodable, Sendable {
    var display_name: String?
}

private struct QuestionDTO: Decodable, Sendable {
    var question_id: Int64
    var title: String?
    var link: String?
    var owner: OwnerDTO?
    var score: Int?
    var creation_date: Int64?
    var accepted_answer_id: Int64?
    var answer_count: Int?
    /// HTML (`filter=withbody`).
    var body: String?

    var feedItem: FeedItem {
        let author = owner?.display_name.map(FieldText.escapedLine)
        var facts: [ItemFact] = []
        if let score { facts.append(.count("score", score, "vote")) }
        if let answer_count { facts.append(.count("answers", answer_count, "answer")) }
        if let author { facts.append(.author(author)) }
        if let creation_date { facts.append(.age(creation_date)) }
        return FeedItem(
            id: "stackexchange:\(question_id)",
            title: nonEmptyTitle(title.map(FieldText.escapedLine) ?? ""),
            url: link,
            author: author,
            score: score,
            time: creation_date,
            discussionURL: link,
            bodyHTML: body.flatMap(FieldText.nonEmpty),
            facts: facts
        )
    }
}

private struct AnswerDTO: Decodable, Sendable {
    var answer_id: Int64
    var owner: OwnerDTO?
    var score: Int?
    var is_accepted: Bool?
    var creation_date: Int64?
    var body: String?

    func feedItem(question: Int64) -> FeedItem {
        let author = owner?.display_name.map(FieldText.escapedLine)
        var facts: [ItemFact] = []
        if let score { facts.append(.count("score", score, "vote")) }
        if is_accepted == true { facts.append(.text("accepted", "accepted", shown: "✓ accepted")) }
        return FeedItem(
            id: "stackexchange:a/\(answer_id)",
            title: String(FieldText.htmlLine(body ?? "").prefix(200)),
            author: author,
            score: score,
            time: creation_date,
            bodyHTML: body.flatMap(FieldText.nonEmpty),
            depth: 0,
            parentID: "stackexchange:\(question)",
            facts: facts
        )
    }
}

private struct CommentDTO: Decodable, Sendable {
    var comment_id: Int64
    var post_id: Int64
    var owner: OwnerDTO?
    var score: Int?
    var creation_date: Int64?
    /// HTML-escaped text with a few inline tags (`<code>`, `<a>`, `<em>`).
    var body: String?

    func feedItem(depth: Int, parent: String) -> FeedItem {
        var facts: [ItemFact] = []
        if let score, score > 0 { facts.append(.count("score", score, "vote")) }
        return FeedItem(
            id: "stackexchange:c/\(comment_id)",
            title: String(FieldText.htmlLine(body ?? "").prefix(200)),
            author: owner?.display_name.map(FieldText.escapedLine),
            time: creation_date,
            bodyHTML: body.flatMap(FieldText.nonEmpty),
            depth: depth,
            parentID: parent,
            facts: facts
        )
    }
}
