import Foundation
import Testing
@testable import FeedReplica

/// The pagination quirks each adapter must survive, checked over loopback.
@Suite struct PagingQuirksTests {
    @Test func pokeAPINextIsClampedAndFollowableToTheEnd() async throws {
        try await withReplica { running in
            // 300 items here; with `items` unset the list has 1302 like the live API.
            var url: URL? = URL(string: running.baseURLs["pokeapi"]!.absoluteString + "/pokemon?offset=0&limit=100")
            var names: [String] = []
            var lastNext: String?
            while let current = url {
                let page = try await ReplicaClient.get(current)
                #expect(page.status == 200)
                #expect(page.header("Cache-Control") == "public, max-age=86400, s-maxage=86400")
                #expect(page.object["count"] as? Int == 300)
                names += (page.object["results"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                let next = page.object["next"] as? String
                if next != nil { lastNext = next }
                url = next.flatMap(URL.init(string:))
            }
            #expect(names.count == 300)
            #expect(Set(names).count == 300)
            #expect(lastNext?.hasSuffix("?offset=200&limit=100") == true)
            let clamped = try await ReplicaClient.get(running, "pokeapi", "/pokemon?offset=250&limit=40")
            #expect(clamped.object["next"] as? String == running.baseURLs["pokeapi"]!.absoluteString + "/pokemon?offset=290&limit=10")
            #expect(clamped.object["previous"] as? String == running.baseURLs["pokeapi"]!.absoluteString + "/pokemon?offset=210&limit=40")
            let zero = try await ReplicaClient.get(running, "pokeapi", "/pokemon?limit=0")
            #expect((zero.object["results"] as? [Any])?.count == 20)
            let missing = try await ReplicaClient.get(running, "pokeapi", "/pokemon/99999/")
            #expect(missing.status == 404 && missing.body.isEmpty)
            let detail = try await ReplicaClient.get(running, "pokeapi", "/pokemon/1/")
            #expect(detail.object["id"] as? Int == 1)
            #expect(detail.text.hasPrefix("{\"abilities\":"))
        }
    }

    @Test func githubLinkHeaderAndThe1000Cap() async throws {
        try await withReplica { running in
            let first = try await ReplicaClient.get(running, "github", "/search/repositories?q=swift&per_page=100")
            #expect(first.status == 200)
            #expect(first.object["total_count"] as? Int ?? 0 > 1000)
            #expect((first.object["items"] as? [Any])?.count == 100)
            let link = first.header("link") ?? ""
            #expect(link.contains("page=2>; rel=\"next\""))
            #expect(link.contains("page=10>; rel=\"last\""))
            #expect(!link.contains("rel=\"prev\""))
            #expect(first.header("x-ratelimit-remaining") != nil && first.header("x-ratelimit-resource") == "search")

            let last = try await ReplicaClient.get(running, "github", "/search/repositories?q=swift&per_page=100&page=10")
            let lastLink = last.header("link") ?? ""
            #expect(!lastLink.contains("rel=\"next\"") && lastLink.contains("rel=\"prev\"") && lastLink.contains("rel=\"first\""))

            let stillWorks = try await ReplicaClient.get(running, "github", "/search/repositories?q=swift&per_page=30&page=34")
            #expect(stillWorks.status == 200)
            let capped = try await ReplicaClient.get(running, "github", "/search/repositories?q=swift&per_page=30&page=35")
            #expect(capped.status == 422)
            #expect(capped.object["message"] as? String == "Only the first 1000 search results are available")

            // Following `next` works against the replica itself.
            let next = link.split(separator: ",").first { $0.contains("rel=\"next\"") }!
            let nextURL = next.drop { $0 != "<" }.dropFirst().prefix { $0 != ">" }
            let second = try await ReplicaClient.get(URL(string: String(nextURL))!)
            #expect(second.status == 200 && (second.object["items"] as? [Any])?.count == 100)
        }
    }

    @Test func mastodonLinkOnlyOnNonEmptyPagesAndMaxIDWalksToTheEnd() async throws {
        try await withReplica { running in
            var url: URL? = URL(string: running.baseURLs["mastodon"]!.absoluteString + "/api/v1/timelines/public?limit=40")
            var ids: [String] = []
            var emptyPageLink: String?? = .none
            while let current = url {
                let page = try await ReplicaClient.get(current)
                let statuses = page.array.compactMap { $0 as? [String: Any] }
                if statuses.isEmpty {
                    emptyPageLink = .some(page.header("Link"))
                    break
                }
                ids += statuses.compactMap { $0["id"] as? String }
                let link = page.header("Link") ?? ""
                #expect(link.contains("rel=\"prev\"") && link.contains("min_id=\(statuses.first!["id"] as! String)"))
                let next = link.split(separator: ",").first { $0.contains("rel=\"next\"") }
                url = next.map { URL(string: String($0.drop { $0 != "<" }.dropFirst().prefix { $0 != ">" }))! }
            }
            #expect(ids.count == 300)
            #expect(Set(ids).count == 300)
            #expect(ids == ids.sorted { UInt64($0)! > UInt64($1)! })
            #expect(emptyPageLink == .some(nil))
        }
    }

    @Test func jsonServerHeadersAndLinks() async throws {
        // `items` unset: 100 posts, like the real service.
        try await withReplica(ReplicaConfiguration(anchorTime: 1_760_000_000)) { running in
            let page = try await ReplicaClient.get(running, "jsonplaceholder", "/posts?_page=2&_limit=10")
            #expect(page.header("X-Total-Count") == "100")
            #expect(page.header("Access-Control-Expose-Headers") == "X-Total-Count, Link")
            let base = running.baseURLs["jsonplaceholder"]!.absoluteString
            #expect(page.header("Link") == "<\(base)/posts?_page=1&_limit=10>; rel=\"first\", <\(base)/posts?_page=1&_limit=10>; rel=\"prev\", <\(base)/posts?_page=3&_limit=10>; rel=\"next\", <\(base)/posts?_page=10&_limit=10>; rel=\"last\"")
            #expect((page.array.first as? [String: Any])?["id"] as? Int == 11)
            let last = try await ReplicaClient.get(running, "jsonplaceholder", "/posts?_page=10&_limit=10")
            #expect(!(last.header("Link") ?? "").contains("rel=\"next\""))
            let past = try await ReplicaClient.get(running, "jsonplaceholder", "/posts?_page=11&_limit=10")
            #expect(past.text == "[]")
            #expect(past.header("Link") == "")
            let sliced = try await ReplicaClient.get(running, "jsonplaceholder", "/posts?_start=5&_end=8")
            #expect(sliced.array.count == 3 && sliced.header("Access-Control-Expose-Headers") == "X-Total-Count")
            let all = try await ReplicaClient.get(running, "jsonplaceholder", "/posts")
            #expect(all.array.count == 100 && all.header("X-Total-Count") == nil)
        }
    }

    @Test func stackExchangeWrapperAndPage25Wall() async throws {
        try await withReplica { running in
            let page = try await ReplicaClient.get(running, "stackexchange", "/questions?site=stackoverflow&pagesize=100&sort=creation")
            #expect(page.object["has_more"] as? Bool == true)
            #expect(page.object["quota_max"] as? Int == 300)
            let dates = (page.object["items"] as? [[String: Any]] ?? []).compactMap { $0["creation_date"] as? Int }
            #expect(dates.count == 100 && dates == dates.sorted(by: >))
            let wall = try await ReplicaClient.get(running, "stackexchange", "/questions?site=stackoverflow&page=26")
            #expect(wall.status == 400)
            #expect(wall.text == #"{"error_id":403,"error_message":"page above 25 requires access token or app key","error_name":"access_denied"}"#)
            let withKey = try await ReplicaClient.get(running, "stackexchange", "/questions?site=stackoverflow&page=26&key=abc&pagesize=5")
            #expect(withKey.status == 200)
            let end = try await ReplicaClient.get(running, "stackexchange", "/questions?site=stackoverflow&page=3&pagesize=100")
            #expect(end.object["has_more"] as? Bool == false)
            let noSite = try await ReplicaClient.get(running, "stackexchange", "/questions")
            #expect(noSite.status == 400 && noSite.object["error_name"] as? String == "bad_parameter")
        }
    }

    @Test func algoliaCapMessageAndKeysetWithTies() async throws {
        try await withReplica { running in
            let capped = try await ReplicaClient.get(running, "algolia", "/search_by_date?tags=story&hitsPerPage=100&page=10")
            #expect(capped.status == 200)
            #expect((capped.object["message"] as? String)?.hasPrefix("you can only fetch the 1000 hits for this query.") == true)
            #expect(capped.object["nbHits"] as? Int == 0)

            let first = try await ReplicaClient.get(running, "algolia", "/search_by_date?tags=story&hitsPerPage=1000")
            #expect(first.object["nbHits"] as? Int ?? 0 > 1000)
            #expect(first.object["nbPages"] as? Int == 1)
            let hits = first.object["hits"] as? [[String: Any]] ?? []
            #expect(hits.count == 1000)
            #expect(hits.allSatisfy { $0["objectID"] is String })
            let times = hits.compactMap { $0["created_at_i"] as? Int }
            #expect(Set(times).count < times.count, "several hits share a second")
            // A `<=` keyset from the last second returns that second again: the client must de-dup.
            let keyset = try await ReplicaClient.get(running, "algolia", "/search_by_date?tags=story&hitsPerPage=50&numericFilters=created_at_i%3C%3D\(times.last!)")
            let again = (keyset.object["hits"] as? [[String: Any]] ?? []).compactMap { $0["objectID"] as? String }
            #expect(again.contains(hits.last!["objectID"] as! String))
            let strict = try await ReplicaClient.get(running, "algolia", "/search_by_date?tags=story&numericFilters=created_at_i<\(times.last!)")
            #expect((strict.object["hits"] as? [[String: Any]] ?? []).allSatisfy { ($0["created_at_i"] as? Int ?? 0) < times.last! })
            #expect(first.text.hasPrefix("{\"exhaustive\":"))
        }
    }

    @Test func mediaWikiContinueChainReachesTheEnd() async throws {
        try await withReplica { running in
            var continuation: [String: String]? = [:]
            var rcids: [Int] = []
            var requests = 0
            while let params = continuation {
                var query = "action=query&list=recentchanges&format=json&formatversion=2&rclimit=70&rcprop=title%7Cids%7Ctimestamp"
                for (key, value) in params.sorted(by: { $0.key < $1.key }) {
                    query += "&\(key)=\(ReplicaRequest.percentEncode(value))"
                }
                let page = try await ReplicaClient.get(running, "wikipedia", "/api.php?" + query)
                requests += 1
                #expect(page.object["batchcomplete"] as? Bool == true)
                let changes = (page.object["query"] as? [String: Any])?["recentchanges"] as? [[String: Any]] ?? []
                rcids += changes.compactMap { $0["rcid"] as? Int }
                continuation = page.object["continue"] as? [String: String]
                if let c = continuation { #expect(c["continue"] == "-||" && c["rccontinue"]?.contains("|") == true) }
            }
            #expect(requests == 5)
            #expect(rcids.count == 300 && Set(rcids).count == 300)
            let bad = try await ReplicaClient.get(running, "wikipedia", "/api.php?action=query&list=recentchanges&format=json&rclimit=abc")
            #expect(bad.status == 200 && bad.header("MediaWiki-API-Error") == "badinteger")
            #expect((bad.object["error"] as? [String: Any])?["code"] as? String == "badinteger")
        }
    }

    @Test func redditAfterChainEndsWithNull() async throws {
        try await withReplica(ReplicaConfiguration(items: 1200, anchorTime: 1_760_000_000)) { running in
            var after: String? = ""
            var names: [String] = []
            while let anchor = after {
                let page = try await ReplicaClient.get(running, "reddit", "/r/programming/new.json?limit=100&after=\(anchor)")
                let data = page.object["data"] as? [String: Any] ?? [:]
                let children = (data["children"] as? [[String: Any]] ?? []).compactMap { $0["data"] as? [String: Any] }
                names += children.compactMap { $0["name"] as? String }
                if let next = data["after"] as? String { #expect(next == names.last) }
                after = data["after"] as? String
                #expect(page.header("x-ratelimit-remaining")?.hasSuffix(".0") == true)
            }
            #expect(names.count == 1000 && Set(names).count == 1000)
            #expect(names.allSatisfy { $0.hasPrefix("t3_") })
            let unknown = try await ReplicaClient.get(running, "reddit", "/r/definitely_not_a_sub/new.json")
            let data = unknown.object["data"] as? [String: Any] ?? [:]
            #expect(data["dist"] as? Int == 0 && data["after"] is NSNull)
        }
    }

    @Test func lobstersAndDevShortLastPages() async throws {
        try await withReplica { running in
            // 300 + 13 stories: page 13 holds 13.
            let last = try await ReplicaClient.get(running, "lobsters", "/newest.json?page=13")
            #expect(last.array.count == 13)
            let alias = try await ReplicaClient.get(running, "lobsters", "/newest/page/13.json")
            #expect(alias.text == last.text)
            let past = try await ReplicaClient.get(running, "lobsters", "/hottest.json?page=14")
            #expect(past.text == "[]")
            let story = last.array.first as? [String: Any] ?? [:]
            #expect(story["submitter_user"] is String)
            #expect((story["created_at"] as? String).map { $0.hasSuffix("-05:00") || $0.hasSuffix("-06:00") } == true)

            let dev = try await ReplicaClient.get(running, "devto", "/articles?per_page=1000")
            #expect(dev.array.count == 307)
            let item = dev.array.first as? [String: Any] ?? [:]
            #expect(item["tag_list"] is [Any] && item["tags"] is String)
            let devPast = try await ReplicaClient.get(running, "devto", "/articles/latest?page=2&per_page=1000")
            #expect(devPast.text == "[]")
        }
    }
}
