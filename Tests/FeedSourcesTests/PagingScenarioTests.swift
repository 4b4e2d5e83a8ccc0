import FeedModel
import FeedPaging
import Foundation
import Testing

@testable import FeedSources

/// The pagination scenarios of issue 24 against every paged API adapter, read the way a pipe
/// reads (the pager asks, the adapter loads through a scripted transport): a cycle of links, a
/// page that links to itself, the same page again under new keys, empty pages that link onward,
/// a huge total over pages the API does not fill. Each ends within a handful of requests,
/// keeps the items it was given, and, where the API's links are what goes round, says why.
@Suite struct PagingScenarioTests {
    /// What a scripted API answers for the page at `position` (0 for the first).
    struct Answer {
        var ids: [Int]
        /// The position the page links to; nil ends the feed.
        var link: Int?
        var total: Int?
    }

    enum Scenario: String, CaseIterable, CustomTestStringConvertible {
        case cycle, selfLoop, repeated, emptyWithNext, hugeTotal

        var testDescription: String { rawValue }

        /// The API's answer at `position`, with `size` items a page.
        func answer(_ position: Int, size: Int) -> Answer {
            let own = Array((position * size)..<((position + 1) * size))
            switch self {
            case .cycle:  // 0 → 1 → 2 → 1
                return Answer(ids: own, link: position == 2 ? 1 : position + 1)
            case .selfLoop:  // 0 → 1 → 1
                return Answer(ids: own, link: 1)
            case .repeated:  // the first page at every position, each linking onward
                return Answer(ids: Array(0..<size), link: position + 1)
            case .emptyWithNext:  // one page, then empty ones that link onward
                return Answer(ids: position == 0 ? own : [], link: position + 1)
            case .hugeTotal:  // a billion promised; from the third page on, the third again
                return Answer(ids: Self.cycle.answer(min(position, 2), size: size).ids, link: position + 1, total: 1_000_000_000)
            }
        }
    }

    /// One API: how to build its adapter, which page a request asks for, how it answers.
    struct API: Sendable, CustomTestStringConvertible {
        var name: String
        var pageSize: Int
        /// Whether the API names the next page itself (a cursor, a link): else the adapter
        /// counts pages on, and a cycle or a self-loop cannot be said.
        var linksItself: Bool
        var make: @Sendable (ScriptedTransport) -> any FeedSource
        var position: @Sendable (URLComponents) -> Int
        var respond: @Sendable (Answer, _ position: Int) -> (body: String, headers: [String: String])

        var testDescription: String { name }
    }

    static let base = "http://127.0.0.1:9/api"

    static func query(_ url: URLComponents, _ name: String) -> String? {
        url.queryItems?.first { $0.name == name }?.value
    }

    static func number(_ url: URLComponents, _ name: String, prefix: String = "") -> Int? {
        query(url, name).flatMap { Int($0.dropFirst(prefix.count)) }
    }

    static func list(_ ids: [Int], _ item: (Int) -> String) -> String { "[" + ids.map(item).joined(separator: ",") + "]" }

    static let apis: [API] = [
        API(
            name: "reddit", pageSize: 10, linksItself: true,
            make: { RedditSource(subreddit: "x", baseURL: URL(string: base)!, transport: $0) },
            position: { number($0, "after", prefix: "c") ?? 0 },
            respond: { answer, _ in
                let after = answer.link.map { "\"c\($0)\"" } ?? "null"
                let children = list(answer.ids) { #"{"kind":"t3","data":{"name":"t3_\#($0)","title":"t","permalink":"/r/x/comments/\#($0)/t/"}}"# }
                return (#"{"kind":"Listing","data":{"after":\#(after),"children":\#(children)}}"#, [:])
            }),
        API(
            name: "github", pageSize: 10, linksItself: true,
            make: { GitHubSearchSource(query: "q", baseURL: URL(string: base)!, transport: $0) },
            position: { (number($0, "page") ?? 1) - 1 },
            respond: { answer, _ in
                let link = answer.link.map { "<\(base)/search/repositories?q=q&per_page=10&page=\($0 + 1)>; rel=\"next\"" } ?? ""
                let body = #"{"total_count":\#(answer.total ?? 100),"items":\#(list(answer.ids) { #"{"id":\#($0)}"# })}"#
                return (body, ["link": link])
            }),
        API(
            name: "mastodon", pageSize: 10, linksItself: true,
            make: { MastodonSource(baseURL: URL(string: base)!, transport: $0) },
            position: { number($0, "max_id", prefix: "p") ?? 0 },
            respond: { answer, _ in
                let link = answer.link.map { "<\(base)/api/v1/timelines/public?limit=10&max_id=p\($0)>; rel=\"next\"" } ?? ""
                return (list(answer.ids) { #"{"id":"\#($0)"}"# }, ["link": link])
            }),
        API(
            name: "wikipedia", pageSize: 10, linksItself: true,
            make: { WikipediaSource(baseURL: URL(string: base)!, transport: $0) },
            position: { number($0, "rccontinue", prefix: "c") ?? 0 },
            respond: { answer, _ in
                let next = answer.link.map { #""continue":{"rccontinue":"c\#($0)","continue":"-||"},"# } ?? ""
                return (#"{\#(next)"query":{"recentchanges":\#(list(answer.ids) { #"{"rcid":\#($0)}"# })}}"#, [:])
            }),
        API(
            name: "pokeapi", pageSize: 10, linksItself: true,
            make: { PokeAPISource(baseURL: URL(string: base)!, transport: $0) },
            position: { (number($0, "offset") ?? 0) / 10 },
            respond: { answer, _ in
                let next = answer.link.map { "\"\(base)/pokemon?offset=\($0 * 10)&limit=10\"" } ?? "null"
                let results = list(answer.ids) { #"{"name":"p\#($0)","url":"\#(base)/pokemon/\#($0)/"}"# }
                return (#"{"count":\#(answer.total ?? 100),"next":\#(next),"results":\#(results)}"#, [:])
            }),
        API(
            name: "jsonplaceholder", pageSize: 10, linksItself: true,
            make: { JSONPlaceholderSource(baseURL: URL(string: base)!, transport: $0) },
            position: { (number($0, "_page") ?? 1) - 1 },
            respond: { answer, _ in
                let link = answer.link.map { "<\(base)/posts?_page=\($0 + 1)&_limit=10>; rel=\"next\"" } ?? ""
                return (list(answer.ids) { #"{"id":\#($0)}"# }, ["link": link, "x-total-count": String(answer.total ?? 100)])
            }),
        API(
            name: "stackexchange", pageSize: 10, linksItself: false,
            make: { StackExchangeSource(baseURL: URL(string: base)!, transport: $0) },
            position: { (number($0, "page") ?? 1) - 1 },
            respond: { answer, _ in
                let items = list(answer.ids) { #"{"question_id":\#($0)}"# }
                return (#"{"items":\#(items),"has_more":\#(answer.link != nil),"total":\#(answer.total ?? 100)}"#, [:])
            }),
        API(
            name: "devto", pageSize: 10, linksItself: false,
            make: { DevToSource(baseURL: URL(string: base)!, transport: $0) },
            position: { (number($0, "page") ?? 1) - 1 },
            respond: { answer, _ in (list(answer.ids) { #"{"id":\#($0)}"# }, [:]) }),
        API(
            name: "lobsters", pageSize: LobstersSource.storiesPerPage, linksItself: false,
            make: { LobstersSource(baseURL: URL(string: base)!, transport: $0) },
            position: { (number($0, "page") ?? 1) - 1 },
            respond: { answer, _ in (list(answer.ids) { #"{"short_id":"s\#($0)"}"# }, [:]) }),
        API(
            name: "hn-search", pageSize: 10, linksItself: false,
            make: { AlgoliaSearchSource(query: "q", baseURL: URL(string: base)!, transport: $0) },
            position: { number($0, "page") ?? 0 },
            respond: { answer, position in
                let pages = answer.link == nil ? position + 1 : 1_000
                let hits = list(answer.ids) { #"{"objectID":"\#($0)"}"# }
                return (#"{"hits":\#(hits),"page":\#(position),"nbPages":\#(pages),"nbHits":\#(answer.total ?? 10_000)}"#, [:])
            }),
    ]

    /// Reads `source` to its end as a pipe does: the cursor past the last row, each page asked
    /// for once the one before is applied, at most `budget` requests.
    static func readThrough(_ source: any FeedSource, pageSize: Int, budget: Int = 100) async -> PagingState {
        var paging = PagingState(firstKey: source.firstKey, pageSize: pageSize)
        while paging.requestsIssued < budget {
            let effects = paging.prefetch(cursor: paging.items.count, distance: 0)
            guard case let .fetch(request)? = effects.first else { break }
            let result: Result<Page, FeedError>
            do {
                result = .success(try await source.load(request.key, pageSize: request.pageSize))
            } catch {
                result = .failure(error)
            }
            #expect(paging.receive(request, result).effects.isEmpty)
        }
        return paging
    }

    @Test(arguments: apis, Scenario.allCases)
    func everyScenarioEndsWithinAFewRequests(api: API, scenario: Scenario) async throws {
        let transport = ScriptedTransport { url, _ in
            let components = URLComponents(string: url)!
            let position = api.position(components)
            var step = position
            if !api.linksItself {
                // The adapter counts pages on: the server's pages themselves go the scenario's
                // way (its n-th page is the n-th step along the scenario's links).
                step = 0
                for _ in 0..<position { step = scenario.answer(step, size: api.pageSize).link ?? step }
            }
            let (body, headers) = api.respond(scenario.answer(step, size: api.pageSize), position)
            return ScriptedTransport.json(url, body, headers: headers)
        }
        let paging = await Self.readThrough(api.make(transport), pageSize: api.pageSize)
        let requests = transport.snapshot.started.count
        // Every request the pager made reached the API once (none retried), and it stopped asking.
        #expect(requests == paging.requestsIssued)
        let inFlight = paging.inFlight.count
        #expect(inFlight == 0)
        let hasEnded = paging.isAtEnd || paging.failure != nil
        #expect(hasEnded, "\(api.name) \(scenario): still paging after \(requests) requests")
        let limit = PagingState.barrenPageLimit
        switch scenario {
        case .cycle:
            // Three pages, all kept; the API's link back to the second ends it.
            #expect(paging.items.count == 3 * api.pageSize)
            if api.linksItself {
                #expect(requests == 3)
                #expect(paging.stop?.message == "the API links back to a page already read — stopped after 3 requests")
            } else {
                #expect(requests <= 3 + limit)
            }
        case .selfLoop:
            #expect(paging.items.count == 2 * api.pageSize)
            #expect(requests <= 2 + limit)
        case .repeated:
            // The first page's items once; four pages that add nothing, and the stop.
            #expect(paging.items.count == api.pageSize)
            #expect(requests == 1 + limit)
            #expect(paging.stop?.message == "the API keeps returning the same page — stopped after \(1 + limit) requests")
        case .emptyWithNext:
            // Either the adapter ends the feed at an empty page (the API's own rule), refuses a
            // page that says more follow with nothing in it, or the pager stops the run.
            #expect(paging.items.count == api.pageSize)
            #expect(requests <= 1 + limit)
        case .hugeTotal:
            #expect(paging.items.count == 3 * api.pageSize)
            #expect(requests <= 3 + limit)
            #expect(paging.stop?.kind == .noProgress)
        }
    }
}
