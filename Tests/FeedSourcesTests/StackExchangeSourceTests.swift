import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

struct StackExchangeSourceTests {
    static let base = "http://127.0.0.1:8080/stackexchange/2.3"

    static let question = #"""
        {"tags":["memory","cpu"],"owner":{"account_id":25871006,"reputation":55,"user_id":12320997,"user_type":"registered",
           "profile_image":"https://lh6.googleusercontent.com/x","display_name":"Anton Tretyakov","link":"https://stackoverflow.com/users/12320997/anton-tretyakov"},
         "is_answered":false,"view_count":1,"answer_count":0,"score":0,"last_activity_date":1603034693,"creation_date":1603034693,
         "question_id":64415023,"content_license":"CC BY-SA 4.0","link":"https://stackoverflow.com/questions/64415023/why-cpu-accesses-aligned-memory",
         "title":"Why CPU accesses &#39;aligned&#39; memory"}
        """#
    static let deletedOwner = #"{"tags":[],"owner":{"user_type":"does_not_exist","display_name":"user123"},"answer_count":2,"score":-1,"creation_date":1603030000,"question_id":1,"link":"https://stackoverflow.com/questions/1","title":"Q"}"#

    /// A fake clock: `now` advances only when `sleep` is called, and every sleep is recorded.
    final class FakeClock: Sendable {
        let state = Mutex<(now: Double, sleeps: [Double])>((1_704_110_400, []))
        var clock: SourceClock {
            SourceClock(
                now: { Date(timeIntervalSince1970: self.state.withLock { $0.now }) },
                sleep: { seconds in self.state.withLock { $0.now += seconds; $0.sleeps.append(seconds) } })
        }
        var sleeps: [Double] { state.withLock { $0.sleeps } }
    }

    private func url(page: Int, size: Int = 30) -> String {
        "\(Self.base)/questions?site=stackoverflow&pagesize=\(size)&page=\(page)&order=desc&sort=creation"
    }

    private func source(_ transport: FakeTransport, clock: FakeClock = FakeClock(), log: SourceLog? = nil) -> StackExchangeSource {
        StackExchangeSource(baseURL: URL(string: Self.base)!, transport: transport, clock: clock.clock, log: log)
    }

    @Test func pageDecodesAndHasMoreContinues() async throws {
        let transport = FakeTransport()
        transport.serve(url(page: 1), body: #"{"items":[\#(Self.question),\#(Self.deletedOwner)],"has_more":true,"quota_max":300,"quota_remaining":299}"#)
        let s = source(transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 30)
        #expect(transport.requestedURLs == [url(page: 1)])
        #expect(page.next == .page(2))
        #expect(page.items[0].factLines == [
            "score=0 0 votes", "answers=0 0 answers", "accepted=false (hidden)", "views=1 1 view",
            "tags=[memory,cpu] [memory] [cpu]", "author=Anton Tretyakov Anton Tretyakov", "time=@1603034693 (age)",
        ])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "stackexchange:64415023", title: "Why CPU accesses 'aligned' memory",
            url: "https://stackoverflow.com/questions/64415023/why-cpu-accesses-aligned-memory", author: "Anton Tretyakov",
            score: 0, time: 1_603_034_693, body: "[memory] [cpu]",
            discussionURL: "https://stackoverflow.com/questions/64415023/why-cpu-accesses-aligned-memory"))
        #expect(page.items[1].author == "user123")
        #expect(page.items[1].body == nil)
    }

    @Test func hasMoreFalseEnds() async throws {
        let transport = FakeTransport()
        transport.serve(url(page: 3, size: 100), body: #"{"items":[\#(Self.question)],"has_more":false}"#)
        let page = try await loadPage(source(transport), .page(3), pageSize: 1000)
        #expect(page.next == nil)
    }

    @Test func backoffDelaysTheNextLoadNotThisOne() async throws {
        let transport = FakeTransport()
        let clock = FakeClock()
        let s = source(transport, clock: clock)
        transport.serve(url(page: 1), body: #"{"items":[\#(Self.question)],"has_more":true,"backoff":10}"#)
        transport.serve(url(page: 2), body: #"{"items":[\#(Self.question)],"has_more":true}"#)
        transport.serve(url(page: 3), body: #"{"items":[\#(Self.question)],"has_more":false}"#)
        let first = try await loadPage(s, .page(1), pageSize: 30)
        #expect(first.items.count == 1)
        #expect(clock.sleeps == [])
        _ = try await loadPage(s, .page(2), pageSize: 30)
        #expect(clock.sleeps == [10])
        _ = try await loadPage(s, .page(3), pageSize: 30)
        #expect(clock.sleeps == [10])
    }

    @Test func pageAbove25EndsCleanlyWithANote() async throws {
        let transport = FakeTransport()
        transport.serve(
            url(page: 26), status: 400,
            body: #"{"error_id":403,"error_message":"page above 25 requires access token or app key","error_name":"access_denied"}"#)
        let notes = Mutex<[String]>([])
        let page = try await loadPage(source(transport, log: { n in notes.withLock { $0.append(n) } }), .page(26), pageSize: 30)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
        #expect(page.cap == 25 * 30)
        #expect(notes.withLock { $0.count } == 1)
    }

    @Test func throttleViolationIsRetryableAfterTheNamedSeconds() async throws {
        let transport = FakeTransport()
        transport.serve(
            url(page: 1), status: 400,
            body: #"{"error_id":502,"error_message":"too many requests from this IP, more requests available in 82489 seconds","error_name":"throttle_violation"}"#)
        let error = try #require(await loadError(source(transport), .page(1), pageSize: 30))
        #expect(error == FeedError(
            .rateLimited, "stackexchange: too many requests from this IP, more requests available in 82489 seconds",
            isRetryable: true, retryAfter: 82489))
    }

    @Test func badParameterIsAnInvalidRequest() async throws {
        let transport = FakeTransport()
        transport.serve(url(page: 1), status: 400, body: #"{"error_id":400,"error_message":"site is required","error_name":"bad_parameter"}"#)
        let error = try #require(await loadError(source(transport), .page(1), pageSize: 30))
        #expect(error == FeedError(.invalidRequest, "stackexchange: site is required"))
    }

    @Test func appKeyIsSent() async throws {
        let transport = FakeTransport()
        let s = StackExchangeSource(site: "superuser", baseURL: URL(string: Self.base)!, transport: transport, key: "k(1)")
        transport.serve(
            "\(Self.base)/questions?site=superuser&pagesize=30&page=30&order=desc&sort=creation&key=k%281%29",
            body: #"{"items":[],"has_more":false}"#)
        let page = try await loadPage(s, .page(30), pageSize: 30)
        #expect(page.next == nil)
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .page(1), url: url(page: 1, size: 10), transport: transport, api: "stackexchange",
            truncated: #"{"items":[{"question_id":"#, wrongType: #"{"items":[{"question_id":"x"}],"has_more":"yes"}"#)
    }
}
