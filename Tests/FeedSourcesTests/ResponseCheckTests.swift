import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct ResponseCheckTests {
    static let now = Date(timeIntervalSince1970: 1_704_110_400)

    private func response(_ status: Int, _ headers: [String: String] = [:], _ body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8), url: URL(string: "http://127.0.0.1/x")!)
    }

    @Test(arguments: [200, 201, 204, 299])
    func successIsNoError(status: Int) {
        #expect(ResponseCheck.error(for: response(status), api: "t", now: Self.now) == nil)
    }

    @Test func tooManyRequestsIsRateLimitedWithRetryAfter() async throws {
        let error = try #require(ResponseCheck.error(for: response(429, ["retry-after": "30"], #"{"error":"Too many requests"}"#), api: "mastodon", now: Self.now))
        #expect(error == FeedError(.rateLimited, "mastodon: HTTP 429 (Too many requests)", isRetryable: true, retryAfter: 30))
    }

    @Test func gitHubPrimaryLimit403IsRateLimitedUntilReset() async throws {
        let body = #"{"message":"API rate limit exceeded for 1.2.3.4. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}"#
        let headers = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1704110490", "x-ratelimit-resource": "search"]
        let error = try #require(ResponseCheck.error(for: response(403, headers, body), api: "github", now: Self.now))
        #expect(error.kind == .rateLimited)
        #expect(error.isRetryable)
        #expect(error.retryAfter == 90)
        #expect(error.message.hasPrefix("github: HTTP 403 (API rate limit exceeded for 1.2.3.4."))
        #expect(error.message.count <= 200)
    }

    @Test func gitHubSecondaryLimitWaitsAMinute() async throws {
        let headers = ["x-ratelimit-remaining": "20", "x-ratelimit-reset": "1704110490", "x-ratelimit-resource": "core"]
        let body = #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#
        let error = try #require(ResponseCheck.error(for: response(403, headers, body), api: "github", now: Self.now))
        #expect(error.kind == .rateLimited)
        #expect(error.retryAfter == 60)
    }

    @Test func plain403IsFinal() async throws {
        let error = try #require(ResponseCheck.error(for: response(403, [:], #"{"message":"Forbidden"}"#), api: "reddit", now: Self.now))
        #expect(error == FeedError(.http(status: 403), "reddit: HTTP 403 (Forbidden)", isRetryable: false))
    }

    @Test(arguments: [
        (500, true), (502, true), (503, true), (599, true), (408, true), (400, false), (401, false), (404, false), (410, false), (422, false), (301, false),
        // Past 599 is no server error to wait out (issue 24: LinkedIn's 999 was retried like a 503).
        (600, false), (999, false),
    ])
    func statusRetryability(status: Int, retryable: Bool) throws {
        let error = try #require(ResponseCheck.error(for: response(status), api: "t", now: Self.now))
        #expect(error.kind == .http(status: status))
        #expect(error.isRetryable == retryable)
    }

    @Test func serviceUnavailableHonoursRetryAfter() async throws {
        let error = try #require(ResponseCheck.error(for: response(503, ["retry-after": "12"]), api: "t", now: Self.now))
        #expect(error.retryAfter == 12)
        #expect(error.message == "t: HTTP 503 (Service Unavailable)")
    }

    @Test(arguments: [
        (#"{"message":"Not Found","documentation_url":"x"}"#, "Not Found"),
        (#"{"error":"The access token is invalid"}"#, "The access token is invalid"),
        (#"{"error_id":400,"error_message":"pagesize","error_name":"bad_parameter"}"#, "pagesize"),
        (#"{"error":{"code":"badvalue","info":"Unrecognized value for parameter \"list\"."}}"#, #"Unrecognized value for parameter "list"."#),
        ("Throttled, sleep(1) between hits; see https://lobste.rs/about\nmore", "Throttled, sleep(1) between hits; see https://lobste.rs/about"),
        (BadResponses.htmlPage, "502 Bad Gateway"),
        ("<html><body><p>nothing useful</p></body></html>", "an HTML error page"),
        ("", "Not Found"),
        ("[1,2]", "Not Found"),
    ])
    func extractsTheAPIsOwnMessage(body: String, detail: String) throws {
        let error = try #require(ResponseCheck.error(for: response(404, [:], body), api: "t", now: Self.now))
        #expect(error.message == "t: HTTP 404 (\(detail))")
    }

    @Test func longMessagesAreCapped() async throws {
        let body = "{\"message\":\"\(String(repeating: "very long ", count: 100))\"}"
        let error = try #require(ResponseCheck.error(for: response(400, [:], body), api: "t", now: Self.now))
        #expect(error.message.count < 200)
        #expect(error.message.hasSuffix("…)"))
    }
}

struct JSONBodyTests {
    private struct DTO: Decodable { var id: Int; var title: String? }

    private func decodeError<T: Decodable>(_ type: T.Type, _ body: String) -> FeedError? {
        do {
            _ = try JSONBody.decode(type, from: Data(body.utf8), api: "t")
            return nil
        } catch {
            return error
        }
    }

    @Test func topLevelNullDecodesAsNil() async throws {
        let value = try JSONBody.decode(DTO?.self, from: Data("null".utf8), api: "t")
        #expect(value == nil)
    }

    @Test(arguments: [
        ("{\"id\":1,\"title\":", "t: unexpected response (not valid JSON)"),
        ("", "t: unexpected response (empty body)"),
        ("{\"id\":\"1\"}", "t: unexpected response (id: expected a number)"),
        ("{\"title\":\"x\"}", "t: unexpected response (id: missing)"),
        ("[1]", "t: unexpected response (top level: expected an object)"),
        ("<!DOCTYPE html><html></html>", "t: unexpected response (an HTML page, not JSON)"),
    ])
    func reportsShortReasons(body: String, message: String) throws {
        let error = try #require(decodeError(DTO.self, body))
        #expect(error.kind == .decoding)
        #expect(error.message == message)
        #expect(!error.isRetryable)
    }

    @Test func nestedPathsAreNamed() async throws {
        let error = try #require(decodeError([DTO].self, #"[{"id":1},{"id":null}]"#))
        #expect(error.message == "t: unexpected response ([1].id: expected a number, found null)")
    }
}

struct APIEndpointTests {
    @Test(arguments: [
        ("https://hacker-news.firebaseio.com/v0", "item/1.json", "https://hacker-news.firebaseio.com/v0/item/1.json"),
        ("https://hacker-news.firebaseio.com/v0/", "item/1.json", "https://hacker-news.firebaseio.com/v0/item/1.json"),
        ("http://127.0.0.1:8080/hn/v0", "/topstories.json", "http://127.0.0.1:8080/hn/v0/topstories.json"),
        ("https://lobste.rs", "hottest.json", "https://lobste.rs/hottest.json"),
        ("https://en.wikipedia.org/w", "api.php", "https://en.wikipedia.org/w/api.php"),
    ])
    func appendsPaths(base: String, path: String, expected: String) {
        #expect(APIEndpoint.url(base: URL(string: base)!, path: path).absoluteString == expected)
    }

    @Test func encodesQueryValues() async {
        let url = APIEndpoint.url(
            base: URL(string: "http://h/p")!, path: "s",
            query: [("q", "a b&c=d+é"), ("f", "created_at_i<=17"), ("p", "title|ids")])
        #expect(url.absoluteString == "http://h/p/s?q=a%20b%26c%3Dd%2B%C3%A9&f=created_at_i%3C%3D17&p=title%7Cids")
        #expect(APIEndpoint.queryValue("q", in: url.absoluteString) == "a b&c=d+é")
    }

    @Test func keepsABaseURLsOwnQuery() async {
        let url = APIEndpoint.url(base: URL(string: "http://h/p?token=x")!, path: "s", query: [("a", "1")])
        #expect(url.absoluteString == "http://h/p/s?token=x&a=1")
    }

    @Test func queryPairsRoundTrip() async {
        let pairs = APIEndpoint.queryPairs("continue=-%7C%7C&rccontinue=20180330090522%7C1041353210")
        #expect(pairs.map(\.0) == ["continue", "rccontinue"])
        #expect(pairs.map(\.1) == ["-||", "20180330090522|1041353210"])
    }
}
