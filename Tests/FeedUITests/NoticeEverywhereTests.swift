import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// What a key did is said in every view: the detail's status line and the search's carry the
/// notice the list's carries, and keys that work only in the list say so in a detail.
@Suite struct NoticeEverywhereTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 12)

    func loaded(cache: Bool = true) -> AppState {
        var cacheState = CacheState()
        cacheState.isEnabled = cache
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size,
                             prefetch: .fixed(2), cache: cacheState)
        state.commentPageSize = 3
        let items = makeItems(0..<30).enumerated().map { offset, item in
            var item = item
            item.url = "https://x.org/\(offset)"
            return item
        }
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: now))
        return state
    }

    func press(_ key: Key, _ state: inout AppState) -> [AppEffect] { state.reduce(.key(key, at: now)) }
    func status(_ state: AppState) -> String { render(state, size: state.size).trimmedLines.last ?? "" }

    @Test func aDetailShowsTheNoticeOfItsKeys() {
        var state = loaded()
        _ = press(.enter, &state)
        #expect(state.detail != nil)
        let copy = press(.character("y"), &state)
        #expect(copy == [.copy("https://x.org/0")])
        #expect(status(state).hasPrefix(" t · line 1 · all · copied https://x.org/0"))
        _ = press(.character("u"), &state)
        #expect(status(state).contains(" · marked unread"))
        _ = press(.character("j"), &state)
        #expect(!status(state).contains("marked"))
    }

    @Test func aNoticeFromTheRuntimeShowsInADetail() {
        var state = loaded()
        _ = press(.enter, &state)
        _ = press(.character("o"), &state)
        _ = state.reduce(.notice("cannot start xdg-open: No such file or directory"))
        #expect(status(state).contains("cannot start xdg-open: No such file or directory"))
        // Too long for the way back as well: the notice is kept, the rest goes first.
        #expect(!status(state).contains("Esc back"))
    }

    @Test func aNarrowDetailKeepsTheNoticeAndDropsTheRest() {
        var state = loaded()
        _ = state.reduce(.resized(Size(columns: 44, rows: 12)))
        _ = press(.enter, &state)
        _ = press(.character("y"), &state)
        // The way back and the comment count go first; the position and the notice stay.
        #expect(status(state) == " line 1 · all · copied https://x.org/0 · …")
    }

    @Test(arguments: [
        (Key.character("H"), "H in the list: hide or show read items (Esc goes back)"),
        (Key.character("R"), "R in the list: refresh, keeping your place (Esc goes back)"),
        (Key.character(":"), ": in the list: go to item N (:N, Ng), or N% (Esc goes back)"),
    ])
    func listKeysInADetailSayWhereTheyWork(key: Key, said: String) {
        var state = loaded()
        _ = press(.enter, &state)
        let effects = press(key, &state)
        #expect(effects.isEmpty)
        #expect(state.detail != nil)
        #expect(state.notice == said)
    }

    @Test func anUnboundKeyInADetailSaysNothing() {
        var state = loaded()
        _ = press(.enter, &state)
        _ = press(.character("x"), &state)
        #expect(state.notice == nil)
    }

    @Test func aSearchShowsTheNoticeFirstThenThePatternAndCount() {
        var state = loaded()
        for character in "/item 1" { _ = press(.character(character), &state) }
        _ = press(.enter, &state)
        #expect(status(state).hasPrefix(" /item 1  1 of 11 matches"))
        _ = press(.character("y"), &state)
        let line = status(state)
        #expect(line.hasPrefix(" copied https://x.org/1"))
        #expect(line.hasSuffix("/item 1  1 of 11 matches"))
        _ = press(.character("H"), &state)
        #expect(status(state).hasPrefix(" read items hidden"))
        _ = press(.character("n"), &state)
        #expect(status(state).hasPrefix(" /item 1  2 of 11 matches"))
    }

    @Test func readMarksWithoutACacheSaySoInADetail() {
        var state = loaded(cache: false)
        _ = press(.enter, &state)
        _ = press(.character("u"), &state)
        #expect(status(state).contains("read marks need the page cache (not with --no-cache)"))
    }
}
