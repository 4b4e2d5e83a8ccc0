import Foundation
import Testing
@testable import FeedReplica

/// Cursor paging in both directions, checked on the pure replicas (no network).
@Suite struct CursorTests {
    static let clock = FeedClock(startedAt: 0, anchor: 1_760_000_000, drift: 0)

    static func request(_ path: String, _ query: String?) -> ReplicaRequest {
        ReplicaRequest(path: path, fullPath: "/x/" + path, rawQuery: query, origin: "http://127.0.0.1:1", now: 0)
    }

    static func ids(_ response: ReplicaResponse) -> [String] {
        let array = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]] ?? []
        return array.compactMap { $0["id"] as? String }
    }

    @Test func mastodonMinIDPagesUpWithoutGapsAndSinceIDFromTheTop() {
        let mastodon = MastodonReplica(seed: 1, clock: Self.clock, count: 100)
        let top = Self.ids(mastodon.respond(to: Self.request("api/v1/timelines/public", "limit=40"), window: nil))
        let anchor = top[30]
        let up = Self.ids(mastodon.respond(to: Self.request("api/v1/timelines/public", "limit=5&min_id=\(anchor)"), window: nil))
        #expect(up == Array(top[25..<30]))
        let since = Self.ids(mastodon.respond(to: Self.request("api/v1/timelines/public", "limit=5&since_id=\(anchor)"), window: nil))
        #expect(since == Array(top[0..<5]))
        let down = Self.ids(mastodon.respond(to: Self.request("api/v1/timelines/public", "limit=5&max_id=\(anchor)"), window: nil))
        #expect(down == Array(top[31..<36]))
        let huge = Self.ids(mastodon.respond(to: Self.request("api/v1/timelines/public", "limit=400"), window: nil))
        #expect(huge.count == 40)
    }

    @Test func redditBeforeReturnsTheNewerPage() throws {
        let reddit = RedditReplica(seed: 1, clock: Self.clock, count: 100)
        func names(_ query: String) -> (names: [String], after: String?, before: String?) {
            let response = reddit.respond(to: Self.request("r/swift/new.json", query), window: nil)
            let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
            let data = object["data"] as? [String: Any] ?? [:]
            let children = (data["children"] as? [[String: Any]] ?? []).compactMap { ($0["data"] as? [String: Any])?["name"] as? String }
            return (children, data["after"] as? String, data["before"] as? String)
        }
        let first = names("limit=10")
        #expect(first.names.count == 10 && first.after == first.names.last && first.before == nil)
        let second = names("limit=10&after=\(first.after!)&count=10")
        #expect(second.before == second.names.first)
        let back = names("limit=10&before=\(second.names.first!)")
        #expect(back.names == first.names)
    }

    @Test func hackerNewsListsHoldTheirKinds() {
        let hn = HackerNewsReplica(seed: 3, clock: Self.clock, count: 600)
        let jobs = hn.list("jobstories", now: 0)
        #expect(!jobs.isEmpty && jobs.allSatisfy { hn.story(($0 - HackerNewsReplica.firstID) / 3).kind == .job })
        let ask = hn.list("askstories", now: 0)
        #expect(ask.allSatisfy { hn.story(($0 - HackerNewsReplica.firstID) / 3).title.hasPrefix("Ask HN:") })
        let new = hn.list("newstories", now: 0)
        #expect(new == new.sorted(by: >))
        #expect(Set(hn.list("topstories", now: 0)).count == 500)
    }

    @Test func mediaWikiLegacyFormatUsesEmptyStringFlags() {
        let wiki = WikipediaReplica(seed: 1, clock: Self.clock, count: 50)
        let response = wiki.respond(to: Self.request("api.php", "action=query&list=recentchanges&format=json&rcprop=flags%7Cids&rclimit=50"), window: nil)
        #expect(response.bodyText.hasPrefix(#"{"batchcomplete":"""#))
        #expect(!response.bodyText.contains("\"minor\":false"))
        #expect(!response.bodyText.contains("\"continue\""))
    }
}

@Suite struct ExtraParameterTests {
    @Test func jsonServerKeysetEmulation() {
        let posts = JSONPlaceholderReplica(seed: 1, count: 100)
        let response = posts.respond(to: CursorTests.request("posts", "_sort=id&_order=desc&id_lte=42&_limit=5"), window: nil)
        let ids = ((try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids == [42, 41, 40, 39, 38])
        #expect(response.header("X-Total-Count") == "42")
    }

    @Test func redditRawJSONLeavesAmpersandsAlone() {
        let reddit = RedditReplica(seed: 1, clock: CursorTests.clock, count: 50)
        let escaped = reddit.respond(to: CursorTests.request("r/pics/new.json", "limit=50"), window: nil).bodyText
        let raw = reddit.respond(to: CursorTests.request("r/pics/new.json", "limit=50&raw_json=1"), window: nil).bodyText
        #expect(escaped.contains("&amp;crop=smart") && !escaped.contains("&crop=smart"))
        // Only the HTML inside `selftext_html` keeps its entities.
        #expect(raw.contains("&crop=smart") && !raw.contains("&amp;crop=smart") && !raw.contains("&lt;div"))
    }

    @Test func stackExchangeTotalFilter() {
        let se = StackExchangeReplica(seed: 1, clock: CursorTests.clock, count: 77)
        let response = se.respond(to: CursorTests.request("questions", "site=stackoverflow&filter=total"), window: nil)
        #expect(response.bodyText == #"{"total":77}"#)
    }
}

@Suite struct MastodonFilterTests {
    @Test func localAndRemoteSplitTheTimeline() {
        let mastodon = MastodonReplica(seed: 1, clock: CursorTests.clock, count: 100)
        func accts(_ query: String) -> [String] {
            let response = mastodon.respond(to: CursorTests.request("api/v1/timelines/public", query), window: nil)
            let array = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]] ?? []
            return array.compactMap { ($0["account"] as? [String: Any])?["acct"] as? String }
        }
        let local = accts("limit=40&local=true")
        let remote = accts("limit=40&remote=true")
        #expect(local.count == 40 && local.allSatisfy { !$0.contains("@") })
        #expect(remote.count == 40 && remote.allSatisfy { $0.contains("@") })
    }
}

@Suite struct MediaWikiFilterTests {
    @Test func rctypeKeepsOnlyThoseTypes() {
        let wiki = WikipediaReplica(seed: 1, clock: CursorTests.clock, count: 200)
        let response = wiki.respond(to: CursorTests.request("api.php", "action=query&list=recentchanges&format=json&formatversion=2&rctype=new&rclimit=500"), window: nil)
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        let changes = (object["query"] as? [String: Any])?["recentchanges"] as? [[String: Any]] ?? []
        #expect(!changes.isEmpty && changes.allSatisfy { $0["type"] as? String == "new" })
        let bad = wiki.respond(to: CursorTests.request("api.php", "action=query&list=recentchanges&rctype=nope"), window: nil)
        #expect(bad.header("MediaWiki-API-Error") == "badvalue")
    }
}
