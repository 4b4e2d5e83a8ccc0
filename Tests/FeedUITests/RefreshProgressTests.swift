import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// A refresh that reports its rows as it learns them (refresh-all on the subscription list:
/// each feed's row says `refreshing…`, then `✓ 3 new`, `304 unchanged` or `✗ why`) has them
/// drawn over the loaded rows with the same ids until its page arrives; anything else keeps
/// the rows as they are.
@Suite struct RefreshProgressTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 12)

    struct Missing: Error {}

    static func row(_ name: String, _ labels: String...) -> FeedItem {
        FeedItem(id: "feeds:\(name)", title: name, facts: labels.enumerated().map { ItemFact("f\($0.offset)", .text($0.element), label: .text($0.element)) })
    }

    static let before = [row("A", "5 unread"), row("B", "not fetched yet"), row("C", "2 unread")]

    /// The list loaded, then `R`: the refresh's request.
    func refreshing() throws -> (AppState, first: PageRequest, refresh: PageRequest) {
        var state = AppState(sourceName: "feeds", paging: PagingState(firstKey: .page(0), pageSize: 100), size: size, prefetch: .fixed(2))
        state.listRole = .chooser
        guard case let .fetch(first)? = state.reduce(.start(at: now)).first else { throw Missing() }
        _ = state.reduce(.fetched(.loaded(first, .success(Page(key: .page(0), items: Self.before, next: nil)), latency: 0), at: now))
        let effects = state.reduce(.key(.character("R"), at: now))
        #expect(effects.first == .startOver)
        guard let refresh = effects.compactMap({ effect -> PageRequest? in
            if case let .fetch(request) = effect { request } else { nil }
        }).first else { throw Missing() }
        return (state, first, refresh)
    }

    func partial(_ state: inout AppState, _ request: PageRequest, _ items: [FeedItem]) -> [AppEffect] {
        state.reduce(.fetched(.partial(request, items, for: .list), at: now))
    }

    func metaLines(_ state: AppState) -> [String] {
        let lines = render(state, size: size).trimmedLines
        return [1, 3, 5].map { lines[$0].trimmingCharacters(in: .whitespaces) }
    }

    @Test func eachRowSaysHowItsRefreshGoesThenThePageReplacesThem() throws {
        var (state, _, refresh) = try refreshing()
        #expect(metaLines(state) == ["5 unread", "not fetched yet", "2 unread"])

        #expect(partial(&state, refresh, [Self.row("A", "5 unread", "refreshing…"), Self.row("B", "not fetched yet", "refreshing…"),
                                          Self.row("C", "2 unread", "refreshing…")]) == [])
        #expect(state.list.refreshRows.count == 3)
        #expect(metaLines(state) == ["5 unread · refreshing…", "not fetched yet · refreshing…", "2 unread · refreshing…"])

        // B ends first; the others still refresh. The cursor and the rows' order stay.
        _ = partial(&state, refresh, [Self.row("A", "5 unread", "refreshing…"), Self.row("B", "not fetched yet", "✓ 10 new"),
                                      Self.row("C", "2 unread", "refreshing…")])
        #expect(metaLines(state) == ["5 unread · refreshing…", "not fetched yet · ✓ 10 new", "2 unread · refreshing…"])
        #expect(state.list.paging.items.map(\.id) == Self.before.map(\.id))
        #expect(state.list.viewport.cursor == 0)

        // The page: counts read again, each outcome kept on its row, nothing provisional left.
        let after = [Self.row("A", "5 unread", "304 unchanged"), Self.row("B", "10 unread", "✓ 10 new"), Self.row("C", "2 unread", "✗ timed out")]
        _ = state.reduce(.fetched(.loaded(refresh, .success(Page(key: .page(0), items: after, next: nil)), latency: 0), at: now))
        #expect(state.list.refreshRows.isEmpty)
        #expect(!state.list.paging.isRefreshing)
        #expect(metaLines(state) == ["5 unread · 304 unchanged", "10 unread · ✓ 10 new", "2 unread · ✗ timed out"])
    }

    /// The subscription list's first opening says what `R` says: its rows come first, each
    /// count `counting…` and each feed `refreshing…` (its facts as `SubscriptionListSource`
    /// makes them), and the status line and the footer under them say `refreshing…` (before,
    /// the footer said `Loading feeds…` and the status line nothing), then `counting unread…`
    /// when only the counts are being read (offline); `R` on the loaded list says `refreshing…`.
    @Test func theFirstOpeningSaysRefreshingAsRDoes() throws {
        func row(_ name: String, unread: ItemFact.Value, refresh: String?) -> FeedItem {
            FeedItem(id: "feeds:\(name)", title: name, facts: [ItemFact("unread", unread, label: .text("\(unread)"))]
                + (refresh.map { [ItemFact("refresh", .text($0), label: .text($0))] } ?? []))
        }
        var state = AppState(sourceName: "feeds", paging: PagingState(firstKey: .page(0), pageSize: 100), size: size, prefetch: .fixed(2))
        state.listRole = .chooser
        guard case let .fetch(first)? = state.reduce(.start(at: now)).first else { throw Missing() }
        let footer = { (state: AppState) -> (footer: String, status: String) in
            let lines = render(state, size: self.size).trimmedLines
            return (lines[2 * state.list.firstItems.count], lines[self.size.rows - 1])
        }
        _ = partial(&state, first, [row("A", unread: .text("counting"), refresh: "refreshing…"), row("B", unread: .text("counting"), refresh: "refreshing…")])
        #expect(state.firstItemsWork == "refreshing…")
        var lines = footer(state)
        #expect(lines.footer.hasSuffix(" refreshing…") && lines.status.contains(" refreshing…"), "\(lines)")
        // Counted; one feed still refreshing.
        _ = partial(&state, first, [row("A", unread: .number(3), refresh: "✓ 3 new"), row("B", unread: .number(2), refresh: "refreshing…")])
        #expect(footer(state).footer.hasSuffix(" refreshing…"))
        // Offline: no refresh, the counts still being read.
        var offline = AppState(sourceName: "feeds", paging: PagingState(firstKey: .page(0), pageSize: 100), size: size, prefetch: .fixed(2))
        offline.listRole = .chooser
        guard case let .fetch(request)? = offline.reduce(.start(at: now)).first else { throw Missing() }
        _ = partial(&offline, request, [row("A", unread: .number(3), refresh: nil), row("B", unread: .text("counting"), refresh: nil)])
        lines = footer(offline)
        #expect(lines.footer.hasSuffix(" counting unread…") && lines.status.contains(" counting unread…"), "\(lines)")
        // Any other source's first rows are its page loading.
        _ = partial(&offline, request, [row("A", unread: .number(3), refresh: nil), row("B", unread: .number(1), refresh: nil)])
        #expect(offline.firstItemsWork == nil)
        #expect(footer(offline).footer.hasSuffix(" Loading feeds…"))
        // R on the loaded list: the status line's words are the same.
        let (refreshing, _, _) = try self.refreshing()
        #expect(render(refreshing, size: size).trimmedLines[size.rows - 1].contains(" refreshing…"))
    }

    @Test func aReportForAnEarlierRequestChangesNothing() throws {
        var (state, first, _) = try refreshing()
        let before = render(state, size: size)
        #expect(partial(&state, first, [Self.row("A", "stale")]) == [])
        #expect(state.list.refreshRows.isEmpty)
        #expect(render(state, size: size) == before)
    }

    @Test func aFailedRefreshDrawsTheRowsAsTheyWere() throws {
        var (state, _, refresh) = try refreshing()
        _ = partial(&state, refresh, [Self.row("A", "5 unread", "✓ 1 new")])
        #expect(metaLines(state)[0] == "5 unread · ✓ 1 new")
        _ = state.reduce(.fetched(.loaded(refresh, .failure(FeedError(.connection, "offline")), latency: 0), at: now))
        #expect(state.list.refreshRows.isEmpty)
        #expect(metaLines(state) == ["5 unread", "not fetched yet", "2 unread"])
    }

    @Test func reportedRowsAreDrawnOnlyWhileTheRefreshRuns() throws {
        var (state, _, refresh) = try refreshing()
        _ = partial(&state, refresh, [Self.row("C", "2 unread", "refreshing…")])
        #expect(state.shownRow(Self.before[2]).facts.count == 2)
        #expect(state.shownRow(Self.before[0]) == Self.before[0], "a row the refresh did not report is drawn as loaded")
        // A new refresh starts over: the old one's reports go, and any that still come for its
        // request are dropped with it.
        let again = state.reduce(.key(.character("R"), at: now))
        #expect(again.contains(.cancel(refresh.id)))
        #expect(state.list.refreshRows.isEmpty)
        #expect(partial(&state, refresh, [Self.row("C", "2 unread", "✗ late")]) == [])
        #expect(metaLines(state) == ["5 unread", "not fetched yet", "2 unread"])
    }
}
