import FeedModel
import Foundation
import Synchronization

/// A Stack Exchange site's newest questions: `/questions?sort=creation&order=desc`, 1-based pages.
///
/// - `has_more: false` ends the feed.
/// - Anonymous callers hit a wall past page 25 (HTTP 400, `error_id` 403): the feed ends there
///   cleanly with a note in the log, not an error.
/// - `backoff: N` may come on any 200: the page still succeeds, and the adapter records the
///   instant N seconds later; its next `load` sleeps until then before sending (Page has no
///   field for it, and the API bans clients that ignore it).
/// - `throttle_violation` (`error_id` 502) is `.rateLimited`, retryable after the seconds the
///   message names. Other errors carry `error_message`.
public struct StackExchangeSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://api.stackexchange.com/2.3")!

    public let site: String
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let key: String?
    private let clock: SourceClock
    private let log: SourceLog?
    private let gate = BackoffGate()

    public var name: String { "stackexchange \(site)" }
    public var firstKey: PageKey { .page(1) }
    public var defaultPageSize: Int { 30 }
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - site: the site parameter (`stackoverflow`, `superuser`, `math`, …).
    ///   - baseURL: the API root, `https://api.stackexchange.com/2.3` or a replica's.
    ///   - transport: the network.
    ///   - key: an app key: a larger quota and no page-25 wall.
    ///   - clock: the clock and sleep used to honour `backoff`.
    ///   - log: receives notes (the page-25 wall, a backoff).
    public init(
        site: String = "stackoverflow", baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport,
        key: String? = nil, clock: SourceClock = .system, log: SourceLog? = nil
    ) {
        self.site = site
        self.baseURL = baseURL
        self.transport = transport
        self.key = key
        self.clock = clock
        self.log = log
    }

    public func load(_ pageKey: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .page(number) = pageKey, number >= 1 else {
            throw FeedError(.invalidRequest, "stackexchange: unsupported page key \(pageKey)")
        }
        if let notBefore = gate.notBefore.withLock({ $0 }) {
            let wait = notBefore.timeIntervalSince(clock.now())
            if wait > 0 { try await clock.sleep(wait) }
        }
        var query: [(String, String)] = [
            ("site", site), ("pagesize", String(pageSize.clampedPageSize(maximum: maxPageSize))), ("page", String(number)),
            ("order", "desc"), ("sort", "creation"),
        ]
        if let key { query.append(("key", key)) }
        let url = APIEndpoint.url(base: baseURL, path: "questions", query: query)
        // Checked and decoded inside the exchange: a garbled or truncated body is retried like a 5xx,
        // and a throttle (error 502) waits out its seconds in the transport, pausing the host.
        return try await transport.exchange(HTTPRequest(url: url, context: context)) { response throws(FeedError) in
            if !(200..<300).contains(response.status) {
                if let error = try? JSONBody.decode(ErrorDTO.self, from: response, api: "stackexchange"), let id = error.error_id {
                    let message = ResponseCheck.oneLine(HTMLEntities.decodeAll(error.error_message ?? error.error_name ?? "error \(id)"))
                    switch id {
                    case 403 where number > 25 || message.localizedCaseInsensitiveContains("page above 25"):
                        log?("stackexchange: \(message); the feed ends at page 25 without an app key")
                        // The API stops here, not the feed: the pages before this one are all it hands out.
                        let handedOut = (number - 1) * pageSize.clampedPageSize(maximum: maxPageSize)
                        return Page(key: pageKey, items: [], next: nil, cap: handedOut)
                    case 502:
                        throw FeedError(.rateLimited, "stackexchange: \(message)", isRetryable: true,
                                        retryAfter: Self.secondsNamed(in: message) ?? RetryAfter.seconds(headers: response.headers, isThrottled: true, now: clock.now()))
                    case 400:
                        throw FeedError(.invalidRequest, "stackexchange: \(message)")
                    default:
                        let status = response.status
                        throw FeedError(.http(status: status), "stackexchange: \(message) (HTTP \(status))")
                    }
                }
                try ResponseCheck.requireSuccess(response, api: "stackexchange", now: clock.now())
            }
            let wrapper = try JSONBody.decode(WrapperDTO.self, from: response, api: "stackexchange")
            if let backoff = wrapper.backoff, backoff > 0 {
                gate.notBefore.withLock { $0 = clock.now().addingTimeInterval(Double(backoff)) }
                log?("stackexchange: backoff \(backoff) s requested; the next page waits")
            } else {
                gate.notBefore.withLock { $0 = nil }
            }
            let items = wrapper.items.map(\.feedItem)
            if wrapper.has_more && items.isEmpty { throw FeedError.unexpectedResponse("stackexchange", "has_more with no items") }
            let next: PageKey? = wrapper.has_more ? .page(number + 1) : nil
            return Page(key: pageKey, items: items, next: next, total: wrapper.total)
        }
    }

    /// "more requests available in 82489 seconds" → 82489.
    static func secondsNamed(in message: String) -> Double? {
        let words = message.split(separator: " ")
        guard let index = words.firstIndex(where: { $0.hasPrefix("second") }), index > 0 else { return nil }
        return Double(words[index - 1])
    }

    private final class BackoffGate: Sendable {
        let notBefore = Mutex<Date?>(nil)
    }
}

// MARK: - Wire format

private struct ErrorDTO: Decodable {
    var error_id: Int?
    var error_message: String?
    var error_name: String?
}

private struct WrapperDTO: Decodable {
    // Required (RequiredField.swift).
    var items: [QuestionDTO]
    var has_more: Bool
    var backoff: Int?
    var total: Int?
}

private struct QuestionDTO: Decodable {
    struct Owner: Decodable { var display_name: String? }

    var question_id: Int64
    var title: String?
    var link: String?
    var owner: Owner?
    var score: Int?
    var answer_count: Int?
    var creation_date: Int64?
    var tags: [String]?
    var is_answered: Bool?
    var view_count: Int?
    var accepted_answer_id: Int64?

    var feedItem: FeedItem {
        // Titles and display names are HTML-escaped plain text (`&#39;`, `&lt;`): decoded once.
        let tagLine = (tags ?? []).map { "[\($0)]" }.joined(separator: " ")
        let author = owner?.display_name.map(FieldText.escapedLine)
        return FeedItem(
            id: "stackexchange:\(question_id)",
            title: nonEmptyTitle(title.map(FieldText.escapedLine) ?? ""),
            url: link,
            author: author,
            score: score,
            time: creation_date,
            body: tagLine.isEmpty ? nil : tagLine,
            discussionURL: link,
            facts: facts(author: author, tagLine: tagLine)
        )
    }

    /// `5 votes · 2 answers (accepted) · 120 views · [swift] [ios] · alice · 3h`.
    private func facts(author: String?, tagLine: String) -> [ItemFact] {
        var facts: [ItemFact] = []
        if let score { facts.append(.count("score", score, "vote")) }
        if let answer_count {
            var answers = ItemFact.count("answers", answer_count, "answer")
            if accepted_answer_id != nil { answers.label = .text(answers.labelText + " (accepted)") }
            facts.append(answers)
        }
        facts.append(ItemFact("accepted", .flag(accepted_answer_id != nil), label: .hidden))
        if let view_count { facts.append(.count("views", view_count, "view")) }
        if let tags, !tags.isEmpty { facts.append(ItemFact("tags", .list(tags), label: .text(tagLine))) }
        if let author { facts.append(.author(author)) }
        if let creation_date { facts.append(.age(creation_date)) }
        return facts
    }
}
