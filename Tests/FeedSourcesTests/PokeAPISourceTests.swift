import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct PokeAPISourceTests {
    static let base = "http://127.0.0.1:8080/pokeapi/api/v2"

    private func source(_ transport: FakeTransport) -> PokeAPISource {
        PokeAPISource(baseURL: URL(string: Self.base)!, transport: transport)
    }

    @Test func firstPageFollowsNext() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/pokemon?offset=0&limit=20"
        transport.serve(url, body: #"""
            {"count":1302,"next":"https://pokeapi.co/api/v2/pokemon?offset=20&limit=20","previous":null,
             "results":[{"name":"bulbasaur","url":"https://pokeapi.co/api/v2/pokemon/1/"},
                        {"name":"ivysaur","url":"https://pokeapi.co/api/v2/pokemon/2/"}]}
            """#)
        let s = source(transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 20)
        #expect(transport.requestedURLs == [url])
        #expect(page.next == .offset(20, limit: 20))
        #expect(page.total == 1302)
        let artwork = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork"
        #expect(page.items.map(\.withoutFacts) == [
            FeedItem(id: "pokeapi:bulbasaur", title: "Bulbasaur", url: "https://pokeapi.co/api/v2/pokemon/1/", pictureURL: "\(artwork)/1.png"),
            FeedItem(id: "pokeapi:ivysaur", title: "Ivysaur", url: "https://pokeapi.co/api/v2/pokemon/2/", pictureURL: "\(artwork)/2.png"),
        ])
        // The Pokédex number is the meta line, not the raw API URL.
        #expect(page.items[0].factLines == ["number=1 #1", "name=bulbasaur (hidden)"])
    }

    @Test func artworkComesFromTheIdUnderTheSpritesURL() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/pokemon?offset=0&limit=20", body: #"""
            {"count":2,"next":null,"results":[{"name":"mew","url":"/api/v2/pokemon/151/"},{"name":"nameless"}]}
            """#)
        let s = PokeAPISource(
            baseURL: URL(string: Self.base)!, spritesURL: URL(string: "http://127.0.0.1:9/sprites/")!, transport: transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 20)
        #expect(page.items.map(\.pictureURL) == ["http://127.0.0.1:9/sprites/pokemon/other/official-artwork/151.png", nil])
    }

    @Test func clampedLastNextIsFollowedExactlyThenNullEnds() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/pokemon?offset=1320&limit=20",
            body: #"{"count":1351,"next":"https://pokeapi.co/api/v2/pokemon?offset=1340&limit=11","previous":"https://pokeapi.co/api/v2/pokemon?offset=1300&limit=20","results":[{"name":"mr-mime","url":"https://pokeapi.co/api/v2/pokemon/122/"}]}"#)
        transport.serve(
            "\(Self.base)/pokemon?offset=1340&limit=11",
            body: #"{"count":1351,"next":null,"previous":"https://pokeapi.co/api/v2/pokemon?offset=1329&limit=11","results":[{"name":"calyrex-shadow","url":"/api/v2/pokemon/10194/"}]}"#)
        let s = source(transport)
        let page = try await loadPage(s, .offset(1320, limit: 20), pageSize: 20)
        #expect(page.next == .offset(1340, limit: 11))
        #expect(page.items.first?.title == "Mr-mime")
        #expect(page.items.first?.factLines.first == "number=122 #122")
        let last = try await loadPage(s, try #require(page.next), pageSize: 20)
        #expect(last.next == nil)
        // Relative URLs (the api-data dump) resolve against the base URL's host.
        #expect(last.items.first?.url == "http://127.0.0.1:8080/api/v2/pokemon/10194/")
        #expect(last.items.first?.title == "Calyrex-shadow")
        #expect(last.items.first?.factLines.first == "number=10194 #10194")
    }

    @Test func pastTheEndIsEmptyAndFinal() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/pokemon?offset=5000&limit=20", body: #"{"count":1302,"next":null,"previous":"x","results":[]}"#)
        let page = try await loadPage(source(transport), .offset(5000, limit: 20))
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
        #expect(page.total == 1302)
    }

    @Test func nextWithoutAnOffsetIsADecodingError() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/pokemon?offset=0&limit=5", body: #"{"count":9,"next":"https://pokeapi.co/api/v2/pokemon","results":[{"name":"a","url":"u"}]}"#)
        let error = try #require(await loadError(source(transport), .offset(0, limit: 0), pageSize: 5))
        #expect(error.kind == .decoding)
        #expect(error.message == "pokeapi: unexpected response (next has no usable offset)")
    }

    /// Issue 24: a `next` that goes back failed the whole page, losing its items. They are kept
    /// and the link handed on: the pager, which knows what was read, ends the feed and says why.
    @Test func aNextThatGoesBackKeepsThePageItems() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/pokemon?offset=40&limit=20",
            body: #"{"count":1302,"next":"https://pokeapi.co/api/v2/pokemon?offset=20&limit=20","results":[{"name":"a","url":"u"},{"name":"b","url":"u"}]}"#)
        let page = try await loadPage(source(transport), .offset(40, limit: 20), pageSize: 20)
        #expect(page.items.map(\.id) == ["pokeapi:a", "pokeapi:b"])
        #expect(page.next == .offset(20, limit: 20))
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .offset(0, limit: 10), url: "\(Self.base)/pokemon?offset=0&limit=10", transport: transport,
            api: "pokeapi", truncated: #"{"count":1302,"results":[{"#, wrongType: #"{"count":"many","results":{}}"#)
    }
}
