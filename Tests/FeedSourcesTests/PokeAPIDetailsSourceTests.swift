import FeedMarkup
import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// A Pokémon's own document, for its detail: types, size and experience as facts, abilities and
/// base stats as the body; names cleaned and escaped; a document that is not a Pokémon fails.
struct PokeAPIDetailsSourceTests {
    static let base = "http://127.0.0.1:8080/pokeapi/api/v2"

    /// The live document's fields the detail uses, trimmed (the live one is ~450 KB of `moves`).
    static let bulbasaur = #"""
        {"abilities":[{"ability":{"name":"chlorophyll","url":"https://pokeapi.co/api/v2/ability/34/"},"is_hidden":true,"slot":3},
                      {"ability":{"name":"overgrow","url":"https://pokeapi.co/api/v2/ability/65/"},"is_hidden":false,"slot":1}],
         "base_experience":64,"height":7,"id":1,"moves":[],"name":"bulbasaur",
         "stats":[{"base_stat":45,"effort":0,"stat":{"name":"hp","url":""}},{"base_stat":49,"effort":0,"stat":{"name":"attack","url":""}},
                  {"base_stat":49,"effort":0,"stat":{"name":"defense","url":""}},{"base_stat":65,"effort":1,"stat":{"name":"special-attack","url":""}},
                  {"base_stat":65,"effort":0,"stat":{"name":"special-defense","url":""}},{"base_stat":45,"effort":0,"stat":{"name":"speed","url":""}}],
         "types":[{"slot":2,"type":{"name":"poison","url":""}},{"slot":1,"type":{"name":"grass","url":""}}],
         "weight":69}
        """#

    private func source(_ transport: FakeTransport, _ id: String = "pokeapi:bulbasaur") -> PokeAPIDetailsSource? {
        PokeAPIDetailsSource(itemID: id, baseURL: URL(string: Self.base)!, transport: transport)
    }

    @Test func documentBecomesFactsAndABody() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/pokemon/bulbasaur/", body: Self.bulbasaur)
        let s = try #require(source(transport))
        let page = try await loadPage(s, s.firstKey, pageSize: 1)
        #expect(page.next == nil)
        let item = try #require(page.items.first)
        #expect(item.id == "pokeapi:bulbasaur")
        #expect(item.title == "Bulbasaur")
        // Types in slot order, sizes from decimetres and hectograms.
        #expect(item.factLines == [
            "number=1 #1", "name=bulbasaur (hidden)", "types=[grass,poison] grass/poison", "height_dm=7 0.7 m", "weight_hg=69 6.9 kg",
            "base_experience=64 64 xp",
        ])
        let blocks = MarkupFragment.textBlocks(try #require(item.bodyHTML))
        let text = blocks.flatMap(\.lines)
        #expect(text.contains("Abilities: overgrow, chlorophyll (hidden)"))
        #expect(text.contains("HP       45 ████"))
        #expect(text.contains("Sp. Atk  65 ██████"))
        #expect(text.contains("Total   318"))
    }

    @Test func hostileNamesAreEscapedInThePathAndTheBody() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/pokemon/a%2F%2E%2E%3Fx/", body: #"""
            {"id":7,"name":"a/..?x","types":[{"slot":1,"type":{"name":"<b>fire</b>\u001b[31m","url":""}}],"stats":[],
             "abilities":[{"ability":{"name":"</p><script>&amp;","url":""},"is_hidden":false,"slot":1}]}
            """#)
        let s = try #require(source(transport, "pokeapi:a/..?x"))
        let item = try #require(try await loadPage(s, s.firstKey, pageSize: 1).items.first)
        #expect(transport.requestedURLs == ["\(Self.base)/pokemon/a%2F%2E%2E%3Fx/"])
        #expect(item.factLines.contains("types=[<b>fire</b>] <b>fire</b>"))
        let text = MarkupFragment.textBlocks(try #require(item.bodyHTML)).flatMap(\.lines)
        #expect(text == ["Abilities: </p><script>&amp;"])
    }

    @Test func aDocumentThatIsNotAPokemonFails() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/pokemon/bulbasaur/", body: #"{"name":"bulbasaur"}"#)
        let s = try #require(source(transport))
        let error = try #require(await loadError(s, s.firstKey, pageSize: 1))
        #expect(error.kind == .decoding)
        #expect(error.message.hasPrefix("pokeapi: unexpected response"))
    }

    @Test func onlyPokemonItemsHaveDocuments() {
        let transport = FakeTransport()
        #expect(source(transport, "hn:1") == nil)
        #expect(source(transport, "pokeapi:") == nil)
    }
}
