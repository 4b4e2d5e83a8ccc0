import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// A Stack Exchange question's conversation: payloads in the shapes the API sends
/// (THREADS-AND-FEEDS.md T4, from api.stackexchange.com's documentation of `withbody`).
struct StackExchangeThreadSourceTests {
    static let base = "http://127.0.0.1:8080/stackexchange/2.3"
    static let question = #"""
        {"items":[{"tags":["swift"],"owner":{"reputation":1043,"user_id":2,"user_type":"registered","display_name":"Jon &amp; Co"},
          "is_answered":true,"view_count":120,"accepted_answer_id":112,"answer_count":4,"score":5,"last_activity_date":1600000000,
          "creation_date":1500000000,"question_id":100,"content_license":"CC BY-SA 4.0",
          "link":"https://stackoverflow.com/questions/100/why","title":"Why does &lt;T&gt; fail?",
          "body":"<p>It fails with <code>T</code>.</p>\n"}],"has_more":false,"quota_max":300,"quota_remaining":299}
        """#
    static let questionComments = #"""
        {"items":[{"owner":{"display_name":"Ann","user_id":9,"user_type":"registered"},"edited":false,"score":3,
          "creation_date":1500000100,"post_id":100,"comment_id":555,"content_license":"CC BY-SA 4.0",
          "body":"Which version? Doesn&#39;t work on <code>v2</code>"}],"has_more":false,"quota_max":300,"quota_remaining":298}
        """#
    static func answer(_ id: Int, score: Int, accepted: Bool) -> String {
        #"{"owner":{"display_name":"A\#(id)","user_type":"registered"},"is_accepted":\#(accepted),"score":\#(score),"#
            + #""last_activity_date":1600000000,"creation_date":1500000200,"answer_id":\#(id),"question_id":100,"#
            + #""content_license":"CC BY-SA 4.0","body":"<p>Use <code>foo()</code> \#(id).</p>\n"}"#
    }
    static func wrapper(_ items: [String], hasMore: Bool) -> String {
        #"{"items":[\#(items.joined(separator: ","))],"has_more":\#(hasMore),"quota_max":300,"quota_remaining":290}"#
    }
    static func comment(_ id: Int, post: Int) -> String {
        #"{"owner":{"display_name":"C\#(id)"},"edited":false,"score":0,"creation_date":1500000300,"post_id":\#(post),"#
            + #""comment_id":\#(id),"body":"comment \#(id) on \#(post)"}"#
    }

    func source(_ transport: FakeTransport) -> StackExchangeThreadSource {
        StackExchangeThreadSource(questionID: 100, baseURL: URL(string: Self.base)!, transport: transport)
    }

    func serve(_ transport: FakeTransport, _ path: String, _ query: String, _ body: String) {
        transport.serve("\(Self.base)/\(path)?site=stackoverflow&\(query)", body: body)
    }

    @Test func theQuestionItsCommentsThenAnswersAcceptedFirstEachWithItsComments() async throws {
        let transport = FakeTransport()
        serve(transport, "questions/100", "filter=withbody", Self.question)
        serve(transport, "questions/100/comments", "filter=withbody&sort=creation&order=asc&page=1&pagesize=100", Self.questionComments)
        serve(transport, "questions/100/answers", "filter=withbody&sort=votes&order=desc&page=1&pagesize=2",
              Self.wrapper([Self.answer(111, score: 42, accepted: false), Self.answer(113, score: 10, accepted: false)], hasMore: true))
        // Votes put the accepted answer on page 2: the first page asks for it and pins it.
        serve(transport, "answers/112", "filter=withbody", Self.wrapper([Self.answer(112, score: 5, accepted: true)], hasMore: false))
        serve(transport, "answers/112;111;113/comments", "filter=withbody&sort=creation&order=asc&page=1&pagesize=100",
              Self.wrapper([Self.comment(701, post: 111), Self.comment(702, post: 112), Self.comment(703, post: 111)], hasMore: false))
        serve(transport, "questions/100/answers", "filter=withbody&sort=votes&order=desc&page=2&pagesize=2",
              Self.wrapper([Self.answer(112, score: 5, accepted: true), Self.answer(114, score: 1, accepted: false)], hasMore: false))
        serve(transport, "answers/114/comments", "filter=withbody&sort=creation&order=asc&page=1&pagesize=100",
              Self.wrapper([], hasMore: false))

        let source = source(transport)
        let first = try await source.load(source.firstKey, pageSize: 2)
        #expect(first.items.map(\.id) == [
            "stackexchange:c/555", "stackexchange:a/112", "stackexchange:c/702",
            "stackexchange:a/111", "stackexchange:c/701", "stackexchange:c/703", "stackexchange:a/113",
        ])
        #expect(first.items.map(\.depth) == [0, 0, 1, 0, 1, 1, 0])
        #expect(first.items.map(\.parentID) == [
            "stackexchange:100", "stackexchange:100", "stackexchange:a/112",
            "stackexchange:100", "stackexchange:a/111", "stackexchange:a/111", "stackexchange:100",
        ])
        #expect(first.items[0].title == "Which version? Doesn't work on v2", "entities decoded once, tags dropped from the line")
        #expect(first.items[1].facts.contains(where: { $0.name == "accepted" }))
        #expect(first.items[1].bodyHTML?.contains("<code>foo()</code>") == true)
        let subject = try #require(first.subject)
        #expect(subject.id == "stackexchange:100")
        #expect(subject.title == "Why does <T> fail?")
        #expect(subject.author == "Jon & Co")
        #expect(subject.bodyHTML?.contains("<code>T</code>") == true)
        #expect(first.next == .cursor("2"))

        let second = try await source.load(.cursor("2"), pageSize: 2)
        #expect(second.items.map(\.id) == ["stackexchange:a/114"], "the accepted answer is not shown twice")
        #expect(second.next == nil)
        #expect(transport.requestedURLs.count == 7, "each call once; page 2 needs no second look at the question")
    }

    @Test func questionIDsAreReadFromWhatUsersPaste() {
        #expect(StackExchangeThreadSource.questionID("100") == 100)
        #expect(StackExchangeThreadSource.questionID("stackexchange:100") == 100)
        #expect(StackExchangeThreadSource.questionID("https://stackoverflow.com/questions/100/why-does-t-fail") == 100)
        #expect(StackExchangeThreadSource.questionID("https://superuser.com/q/100") == 100)
        #expect(StackExchangeThreadSource.questionID("https://stackoverflow.com/users/2/jon") == nil)
        #expect(StackExchangeThreadSource.questionID("stackexchange:a/5") == nil)
        #expect(StackExchangeThreadSource.forItem("reddit:t3_x", site: "stackoverflow", baseURL: URL(string: Self.base)!, transport: FakeTransport()) == nil)
    }

    @Test func aMissingQuestionIsOneClearError() async throws {
        let transport = FakeTransport()
        serve(transport, "questions/100", "filter=withbody", Self.wrapper([], hasMore: false))
        await #expect(throws: FeedError.self) { try await source(transport).load(.cursor(nil), pageSize: 2) }
        do {
            _ = try await source(transport).load(.cursor(nil), pageSize: 2)
        } catch {
            #expect(error.message == "stackexchange: no question 100 on stackoverflow")
        }
    }
}
