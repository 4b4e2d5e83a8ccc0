import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// A source whose items have their own document (PokeAPI): opening an item loads it once, what
/// it says joins the item (facts, body), failures say so and `r` asks again, and leaving cancels.
@Suite struct DetailDocumentTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 16)

    func listState() -> AppState {
        var state = AppState(sourceName: "pokeapi", paging: PagingState(firstKey: .offset(0, limit: 0), pageSize: 20), size: size,
                             prefetch: .fixed(2))
        state.loadsDocuments = true
        var items = makeItems(0..<20)
        items[0].facts = [ItemFact("number", .number(1), label: .text("#1"))]
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: request.key, items: items, next: nil)), latency: 0), at: now))
        return state
    }

    func key(_ state: inout AppState, _ key: Key) -> [AppEffect] { state.reduce(.key(key, at: now)) }

    func documentRequest(_ effects: [AppEffect]) -> PageRequest? {
        effects.lazy.compactMap { if case let .fetchDocument(request, _, _) = $0 { request } else { nil } }.first
    }

    func deliver(_ state: inout AppState, _ request: PageRequest, _ result: Result<Page, FeedError>, serial: Int = 1) -> [AppEffect] {
        state.reduce(.fetched(.loaded(request, result, latency: 0, for: .document(serial: serial)), at: now))
    }

    var described: FeedItem {
        FeedItem(id: "t:0", title: "Other title", bodyHTML: "<p>Base stats</p><pre>HP 45</pre>",
                 facts: [ItemFact("number", .number(1), label: .text("#1")), ItemFact("types", .list(["grass"]), label: .text("grass"))])
    }

    @Test func openingLoadsTheDocumentOnceAndItJoinsTheItem() throws {
        var state = listState()
        let effects = key(&state, .enter)
        let request = try #require(documentRequest(effects))
        #expect(effects.filter { if case .fetchDocument = $0 { true } else { false } }.count == 1)
        #expect(effects.contains(.fetchDocument(request, itemID: "t:0", serial: 1)))
        #expect(state.isAnimating)
        #expect(render(state, size: size).trimmedLines.contains { $0.contains("Loading details…") })
        // Nothing more is asked while it travels, whatever the keys.
        #expect(documentRequest(key(&state, .character("j")) + key(&state, .character("k"))) == nil)

        _ = deliver(&state, request, .success(Page(key: request.key, items: [described], next: nil)))
        let lines = try #require(state.detail?.lines.map(\.text))
        // The list's title stays; the document's facts make the meta line; its body follows.
        #expect(lines.prefix(5) == ["Item 0", "#1 · grass", "", "Base stats", ""])
        #expect(lines.contains("HP 45"))
        #expect(!state.isAnimating)
        #expect(!render(state, size: size).trimmedLines.contains { $0.contains("Loading details…") })
    }

    @Test func aFailureSaysSoAndRAsksAgain() throws {
        var state = listState()
        let request = try #require(documentRequest(key(&state, .enter)))
        _ = deliver(&state, request, .failure(FeedError(.http(status: 500), "pokeapi: HTTP 500")))
        #expect(render(state, size: size).trimmedLines.contains { $0.contains("✗ pokeapi: HTTP 500 — press r to retry") })
        let again = try #require(documentRequest(key(&state, .character("r"))))
        #expect(again.key == request.key)
        #expect(again.id != request.id)
        _ = deliver(&state, again, .success(Page(key: again.key, items: [described], next: nil)))
        #expect(state.detail?.item.facts.map(\.name) == ["number", "types"])
    }

    @Test func leavingCancelsAndALateAnswerIsDropped() throws {
        var state = listState()
        let request = try #require(documentRequest(key(&state, .enter)))
        #expect(key(&state, .escape) == [.cancelDocument(request.id, serial: 1)])
        // Another item opened: the first one's document, arriving late, is not this one's.
        _ = key(&state, .character("j"))
        let second = try #require(documentRequest(key(&state, .enter)))
        _ = deliver(&state, request, .success(Page(key: request.key, items: [described], next: nil)), serial: 1)
        #expect(state.detail?.item.id == "t:1")
        #expect(state.detail?.item.facts.isEmpty == true)
        #expect(state.detail?.document?.inFlight[second.id] != nil)
    }

    @Test func aDocumentForAnotherItemIsNotTaken() throws {
        var state = listState()
        let request = try #require(documentRequest(key(&state, .enter)))
        var stranger = described
        stranger.id = "t:9"
        _ = deliver(&state, request, .success(Page(key: request.key, items: [stranger], next: nil)))
        #expect(state.detail?.item.facts.map(\.name) == ["number"])
    }

    @Test func sourcesWithoutDocumentsAskForNone() {
        var state = listState()
        state.loadsDocuments = false
        #expect(documentRequest(key(&state, .enter)) == nil)
        #expect(state.detail?.document == nil)
    }
}
