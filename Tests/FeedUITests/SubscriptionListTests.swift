import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Foundation
import Testing

/// The subscription list's keys: Enter chooses a row (the run ends), Esc/h/← go back from a
/// feed opened from it, `s` saves and unsaves any item and says so.
@Suite struct SubscriptionListTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func loaded(role: ListRole, cache: CacheState = CacheState(isEnabled: true)) throws -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5), cache: cache)
        state.listRole = role
        let first = try #require(state.reduceWithEmptyCache(.start(at: now)).compactMap {
            if case let .fetch(request) = $0 { request } else { nil }
        }.first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0, last: 0)), latency: 0.1), at: now))
        return state
    }

    @Test func enterOnTheListChoosesTheRowAndEndsTheRun() throws {
        var state = try loaded(role: .chooser)
        _ = state.reduce(.key(.character("j"), at: now))
        _ = state.reduce(.key(.character("j"), at: now))
        let effects = state.reduce(.key(.enter, at: now))
        #expect(effects == [.choose(itemID: "t:2")])
        #expect(state.isQuitting)
        #expect(state.detail == nil)
    }

    /// While the list's first load refreshes every feed, its rows are drawn before its page:
    /// Enter chooses the row under the cursor at once, not when the refresh ends.
    @Test func enterOnTheRowsBeforeThePageChoosesAtOnce() throws {
        var state = AppState(sourceName: "feeds", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5))
        state.listRole = .chooser
        let first = try #require(state.reduceWithEmptyCache(.start(at: now)).compactMap {
            if case let .fetch(request) = $0 { request } else { nil }
        }.first)
        _ = state.reduce(.fetched(.partial(first, makeItems(0..<4), for: .list), at: now))
        _ = state.reduce(.key(.character("j"), at: now))
        #expect(state.reduce(.key(.enter, at: now)) == [.choose(itemID: "t:1")])
        #expect(state.isQuitting)
        #expect(state.detail == nil)
    }

    @Test func enterInAFeedStillOpensTheDetail() throws {
        var state = try loaded(role: .opened)
        let effects = state.reduce(.key(.enter, at: now))
        #expect(state.detail?.item.id == "t:0")
        #expect(!effects.contains(.choose(itemID: "t:0")))
        #expect(!state.isQuitting)
    }

    @Test(arguments: [Key.escape, .character("h"), .left])
    func backKeysLeaveAnOpenedFeed(key: Key) throws {
        var state = try loaded(role: .opened)
        #expect(state.reduce(.key(key, at: now)) == [.leave])
        #expect(state.isQuitting)
    }

    @Test func escapeClearsASearchFirstThenLeaves() throws {
        var state = try loaded(role: .opened)
        _ = state.reduce(.key(.character("/"), at: now))
        _ = state.reduce(.key(.character("7"), at: now))
        _ = state.reduce(.key(.enter, at: now))
        #expect(state.filter.isActive)
        #expect(state.reduce(.key(.escape, at: now)).isEmpty)
        #expect(!state.filter.isActive && !state.isQuitting)
        #expect(state.reduce(.key(.escape, at: now)) == [.leave])
    }

    @Test func escapeInAFeedOfItsOwnDoesNotQuit() throws {
        var state = try loaded(role: .feed)
        #expect(state.reduce(.key(.escape, at: now)).isEmpty)
        #expect(state.reduce(.key(.character("h"), at: now)).isEmpty)
        #expect(!state.isQuitting)
    }

    @Test func sSavesThenUnsavesAndTheStatusLineSaysSo() throws {
        var state = try loaded(role: .feed)
        _ = state.reduce(.key(.character("j"), at: now))
        let saved = state.reduce(.key(.character("s"), at: now))
        #expect(saved == [.save(FeedItem(id: "t:1", title: "Item 1"))])
        #expect(state.cache.savedIDs == ["t:1"])
        #expect(render(state, size: size).trimmedLines.last?.contains("saved for later: Item 1") == true)
        let unsaved = state.reduce(.key(.character("s"), at: now))
        #expect(unsaved == [.unsave(itemID: "t:1")])
        #expect(state.cache.savedIDs.isEmpty)
        #expect(render(state, size: size).trimmedLines.last?.contains("no longer saved: Item 1") == true)
    }

    @Test func sInADetailSavesItsItem() throws {
        var state = try loaded(role: .opened, cache: CacheState(isEnabled: true, savedIDs: ["t:0"]))
        _ = state.reduce(.key(.enter, at: now))
        // Already saved (read from the cache at start): s takes it off.
        #expect(state.reduce(.key(.character("s"), at: now)) == [.unsave(itemID: "t:0")])
        #expect(state.detail != nil)
    }

    @Test func savingWithoutACacheOrOfflineSaysWhyNot() throws {
        var none = try loaded(role: .feed, cache: CacheState(isEnabled: false))
        #expect(none.reduce(.key(.character("s"), at: now)).isEmpty)
        #expect(none.notice == "saving items needs the page cache (not with --no-cache)")
        var offline = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size,
            cache: CacheState(isEnabled: true, isOfflineOnly: true))
        let effects = offline.reduce(.key(.character("s"), at: now))
        #expect(!effects.contains { if case .save = $0 { true } else if case .unsave = $0 { true } else { false } })
        #expect(offline.notice == "offline: the cache is read-only, nothing saved")
    }

    @Test func theCursorReturnsToTheRowItCameFrom() throws {
        var state = AppState(sourceName: "feeds", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5))
        state.listRole = .chooser
        state.placeCursor(on: "t:7")
        let first = try #require(state.reduceWithEmptyCache(.start(at: now)).compactMap {
            if case let .fetch(request) = $0 { request } else { nil }
        }.first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0, last: 0)), latency: 0.1), at: now))
        #expect(state.list.viewport.cursor == 7)
    }
}
