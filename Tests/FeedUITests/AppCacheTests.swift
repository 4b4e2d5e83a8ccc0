import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

/// The reducer with the page cache: a cached first screen revalidated by a refresh, cached pages
/// standing in for a failed network, read marks and thread visits. Whole effects asserted.
@Suite struct AppCacheTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    func cachedState(offlineOnly: Bool = false, readIDs: Set<String> = [], visits: [String: Int] = [:]) -> AppState {
        AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5),
            cache: CacheState(isEnabled: true, isOfflineOnly: offlineOnly, readIDs: readIDs, visits: visits))
    }

    func status(_ state: AppState) -> String { render(state, size: size).lines.last ?? "" }

    @Test func aCachedFirstPageIsShownThenRevalidatedByARefreshKeepingTheCursorItem() throws {
        var state = cachedState()
        let first = try #require(cacheReads(state.reduce(.start(at: now))).first)
        #expect(first.request.generation == 0 && first.purpose == .firstScreen)
        // The runtime answers from the cache: page 0, fetched five minutes ago.
        let effects = state.reduce(.cacheRead(first, CachedCopy(page: makePage(0), fetchedAt: now - 300), at: now))
        #expect(state.list.paging.items.count == 20)
        #expect(state.cacheNote == "cached 5 min ago")
        #expect(status(state).contains("cached 5 min ago"))
        // Nothing more is wanted from the cache, so the revalidation starts: a new generation.
        #expect(effects.first == .startOver)
        let refresh = try #require(fetches(effects).first)
        #expect(refresh.generation == 1 && refresh.index == 0)
        #expect(state.list.paging.isRefreshing)
        // The reader moves while the network thinks.
        _ = state.reduce(.key(.character("j"), at: now + 1))
        _ = state.reduce(.key(.character("j"), at: now + 1))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:2")
        // Fresh page 0: two new stories on top; the cursor's item keeps its row.
        var fresh = makePage(0)
        fresh.items = [FeedItem(id: "t:new1", title: "New 1"), FeedItem(id: "t:new2", title: "New 2")] + fresh.items.prefix(18)
        _ = state.reduce(.fetched(.loaded(refresh, .success(fresh), latency: 0.1), at: now + 2))
        #expect(!state.list.paging.isRefreshing)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:2")
        #expect(state.list.viewport.cursorRow == 2)
        #expect(state.list.newAbove == 2)
        #expect(state.cacheNote == nil)
        #expect(!status(state).contains("cached"))
    }

    /// G, `:N` and `N%` while a cached first screen is revalidated: the reader's jump wins, the
    /// revalidation is given up (its request closed), and the fresh rows drop the "cached" note.
    @Test func goingToTheEndWhileACachedFirstScreenIsRevalidatedJumpsAtOnce() throws {
        var state = cachedState()
        let first = try #require(cacheReads(state.reduce(.start(at: now))).first)
        var cached = makePage(0)
        cached.total = 1_000
        let effects = state.reduce(.cacheRead(first, CachedCopy(page: cached, fetchedAt: now - 300), at: now))
        let refresh = try #require(fetches(effects).first)
        #expect(state.list.paging.isRefreshing && state.list.paging.canJump)
        let jump = state.reduce(.key(.character("G"), at: now + 1))
        #expect(jump.contains(.cancel(refresh.id)))
        let last = try #require(fetches(jump).first)
        #expect(last.index == 49 && last.generation == refresh.generation)
        #expect(status(state).contains("→ last of 1,000"), "the status shows where G goes: \(status(state))")
        var page = makePage(49)
        page.total = 1_000
        page.next = nil
        _ = state.reduce(.fetched(.loaded(last, .success(page), latency: 0.1), at: now + 2))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:999")
        #expect(state.cacheNote == nil)
        #expect(!status(state).contains("cached"))
        // The revalidation's answer, late, changes nothing.
        _ = state.reduce(.fetched(.loaded(refresh, .success(makePage(0)), latency: 0.1), at: now + 3))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:999")
        #expect(state.list.jumpRow == nil)
    }

    /// G before the revalidation has started (the next page was still wanted): the jump is not
    /// cancelled by a revalidation starting behind it, and once its fresh page lands there is
    /// nothing cached left to revalidate.
    @Test func goingToTheEndBeforeTheRevalidationStartsIsNotUndoneByIt() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(45),
            cache: CacheState(isEnabled: true))
        let first = try #require(cacheReads(state.reduce(.start(at: now))).first)
        var cached = makePage(0)
        cached.total = 1_000
        let effects = state.reduce(.cacheRead(first, CachedCopy(page: cached, fetchedAt: now - 300), at: now))
        // The lead wants page 1 first (asked of the cache too): the revalidation waits for it.
        #expect(cacheReads(effects).map(\.request.index) == [1])
        #expect(!state.list.paging.isRefreshing)
        let jump = state.reduce(.key(.character("G"), at: now + 1))
        #expect(!jump.contains(.startOver), "no revalidation behind the jump: \(jump)")
        // The jump's page belongs to the first screen's generation: the cache is asked first,
        // and does not have it, so it goes to the network.
        let jumpRead = try #require(cacheReads(jump).first)
        #expect(jumpRead.request.index == 49 && jumpRead.purpose == .firstScreen)
        #expect(state.list.paging.jumpTarget == 49 && !state.list.paging.isRefreshing)
        let sent = state.reduce(.cacheRead(jumpRead, nil, at: now + 1))
        #expect(sent == [.fetch(jumpRead.request)])
        var page = makePage(49)
        page.total = 1_000
        page.next = nil
        let landed = state.reduce(.fetched(.loaded(jumpRead.request, .success(page), latency: 0.1), at: now + 2))
        #expect(landed.first == .writeCache(page, index: 49, threadID: nil))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:999")
        #expect(!landed.contains(.startOver), "the fresh rows need no revalidation")
        #expect(state.cacheNote == nil)
    }

    @Test func moreCachedPagesComeBeforeTheRevalidation() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 5), size: size, prefetch: .fixed(5),
            cache: CacheState(isEnabled: true))
        var read = try #require(cacheReads(state.reduce(.start(at: now))).first)
        var effects: [AppEffect] = []
        var cachedPages = 0
        // A lead of 5 items: pages of 5 come from the cache until it is covered, then the refresh
        // (its pages go to the network).
        while true {
            let copy = CachedCopy(page: makePage(read.request.index, size: 5), fetchedAt: now - 60)
            effects = state.reduce(.cacheRead(read, copy, at: now))
            cachedPages += 1
            guard let next = cacheReads(effects).first else { break }
            read = next
        }
        #expect(cachedPages == 2)
        #expect(effects.first == .startOver)
        #expect(fetches(effects).map(\.generation) == [1])
    }

    @Test func aFailedRevalidationAnsweredFromTheCacheSaysOffline() throws {
        var state = cachedState()
        let first = try #require(cacheReads(state.reduce(.start(at: now))).first)
        let refresh = try #require(fetches(state.reduce(.cacheRead(first, CachedCopy(page: makePage(0), fetchedAt: now - 120), at: now))).first)
        // The network failed for good: the reducer asks the cache for the refresh's page
        // instead of showing the failure, and the cache has it.
        let failure = FeedError(.connection, "connection refused")
        let asked = state.reduce(.fetched(.loaded(refresh, .failure(failure), latency: 1), at: now + 30))
        let standIn = CacheRead(request: refresh, purpose: .standIn(failure))
        #expect(asked == [.readCache(standIn)])
        #expect(state.list.paging.isRefreshing && state.list.paging.failure == nil)
        _ = state.reduce(.cacheRead(standIn, CachedCopy(page: makePage(0), fetchedAt: now - 120), at: now + 30))
        #expect(!state.list.paging.isRefreshing)
        #expect(state.list.paging.failure == nil)
        #expect(state.cacheNote == "offline · cached 2 min ago")
        // The next page too comes from the cache; a fresh one later means the network is back.
        let next = try #require(fetches(state.reduce(.key(.character("G"), at: now + 31))).first)
        _ = state.reduce(.fetched(.loaded(next, .success(makePage(1)), latency: 0.1), at: now + 32))
        #expect(state.cacheNote == "cached 2 min ago")
    }

    @Test func offlineOnlyNeverRevalidates() throws {
        var state = cachedState(offlineOnly: true)
        let first = try #require(cacheReads(state.reduce(.start(at: now))).first)
        let effects = state.reduce(.cacheRead(first, CachedCopy(page: Page(key: .page(0), items: makeItems(0..<20), next: nil), fetchedAt: now - 7200), at: now))
        #expect(effects.isEmpty)
        #expect(state.cacheNote == "offline · cached 2 h ago")
        #expect(state.list.paging.isAtEnd)
    }

    @Test func withoutACacheNothingChanges() throws {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5))
        let first = try #require(fetches(state.reduce(.start(at: now))).first)
        let effects = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        #expect(effects.isEmpty)
        #expect(state.cacheNote == nil)
        _ = state.reduce(.key(.enter, at: now))
        #expect(state.detail != nil)
        let toggled = state.reduce(.key(.character("u"), at: now))
        #expect(toggled.isEmpty)
        #expect(state.notice == "read marks need the page cache (not with --no-cache)")
    }

    @Test func openingMarksReadAndUTogglesAndReadItemsAreDimmed() throws {
        var state = cachedState(readIDs: ["t:3"])
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        // t:3 (rows 6–7) is read: dimmed; t:1 (rows 2–3) is not.
        let grid = render(state, size: size)
        #expect(grid[6, 2].style == .readTitle)
        #expect(grid[2, 2].style == .title)
        _ = state.reduce(.key(.character("j"), at: now))
        #expect(state.reduce(.key(.enter, at: now)) == [.markRead(itemID: "t:1", isRead: true)])
        #expect(state.isRead(state.list.paging.items[1]))
        // Opening it again stores nothing new.
        _ = state.reduce(.key(.escape, at: now))
        #expect(state.reduce(.key(.enter, at: now)) == [])
        _ = state.reduce(.key(.escape, at: now))
        #expect(state.reduce(.key(.character("u"), at: now)) == [.markRead(itemID: "t:1", isRead: false)])
        #expect(state.notice == "marked unread")
        #expect(state.reduce(.key(.character("u"), at: now)) == [.markRead(itemID: "t:1", isRead: true)])
        #expect(state.notice == "marked read")
    }

    /// Issue 23 item 9: the cursor is a bar in the margin and the row under it keeps its own
    /// look, so a read item stays dim under the cursor and an unread one keeps the title's look.
    @Test func theCursorRowKeepsTheReadLookOfItsItem() throws {
        var state = cachedState(readIDs: ["t:3"])
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        // The cursor on t:3 (rows 6–7), which is read; "Item 3" fills columns 2–7.
        for _ in 0..<3 { _ = state.reduce(.key(.character("j"), at: now)) }
        #expect(state.list.viewport.cursor == 3)
        let onRead = render(state, size: size)
        #expect(onRead[6, 0].text == "▌" && onRead[6, 0].style == .cursor)
        #expect((1..<8).allSatisfy { onRead[6, $0].style == .readTitle }, "\((0..<8).map { onRead[6, $0].style })")
        // The cursor on t:2 (rows 4–5), unread: the title's look, and t:3 below stays dim.
        _ = state.reduce(.key(.character("k"), at: now))
        let onUnread = render(state, size: size)
        #expect(onUnread[4, 0].text == "▌" && onUnread[4, 0].style == .cursor)
        #expect((1..<8).allSatisfy { onUnread[4, $0].style == .title }, "\((0..<8).map { onUnread[4, $0].style })")
        #expect(onUnread[6, 0].text != "▌" && onUnread[6, 2].style == .readTitle)
        // Opening t:2 marks it read: back in the list, the cursor row is dim at once.
        #expect(state.reduce(.key(.enter, at: now)) == [.markRead(itemID: "t:2", isRead: true)])
        _ = state.reduce(.key(.escape, at: now))
        let afterOpening = render(state, size: size)
        #expect(afterOpening[4, 0].text == "▌")
        #expect((1..<8).allSatisfy { afterOpening[4, $0].style == .readTitle })
    }

    @Test func aVisitedThreadShowsNewCommentsUntilItIsOpenedAgain() throws {
        var state = cachedState(visits: ["t:0": 3])
        state.commentPageSize = 20
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        var page = makePage(0)
        page.items[0].commentCount = 5
        page.items[1].commentCount = 9  // never visited: no mark
        _ = state.reduce(.fetched(.loaded(first, .success(page), latency: 0.1), at: now))
        let lines = render(state, size: size).trimmedLines
        #expect(lines[1].hasSuffix("5 comments · +2 new"), "\(lines[1])")
        #expect(!lines[3].contains("new"))
        let effects = state.reduce(.key(.enter, at: now))
        #expect(effects.contains(.recordVisit(threadID: "t:0", commentCount: 5)))
        #expect(effects.contains(.markRead(itemID: "t:0", isRead: true)))
        _ = state.reduce(.key(.escape, at: now))
        #expect(!render(state, size: size).trimmedLines[1].contains("new"))
    }

    @Test func commentsNotSeenOnAnEarlierVisitAreMarkedNewAndTheLoadedOnesAreStoredAsSeen() throws {
        var state = cachedState(visits: ["t:0": 2])
        state.commentPageSize = 20
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        var page = makePage(0)
        page.items[0].commentCount = 3
        _ = state.reduce(.fetched(.loaded(first, .success(page), latency: 0.1), at: now))
        let opened = state.reduceWithEmptyCache(.key(.enter, at: now))
        let serial = try #require(state.detail?.serial)
        #expect(opened.contains(.loadThreadHistory(threadID: "t:0", serial: serial)))
        let request = try #require(opened.compactMap { effect -> PageRequest? in
            if case let .fetchComments(request, "t:0", _) = effect { request } else { nil }
        }.first)
        // The runtime answers with the comments seen last time, before the detail's first frame.
        _ = state.reduce(.threadHistory(serial: serial, seen: ["c:0", "c:1"]))
        let comments = (0..<3).map { FeedItem(id: "c:\($0)", title: "", author: "author\($0)", depth: 0) }
        let effects = state.reduce(.fetched(
            .loaded(request, .success(Page(key: request.key, items: comments, next: nil)), latency: 0.1, for: .comments(serial: serial)),
            at: now))
        #expect(effects.contains(.markSeen(commentIDs: ["c:0", "c:1", "c:2"], threadID: "t:0")))
        let headers = try #require(state.detail?.lines.filter(\.isHeader).map(\.text))
        #expect(headers.count == 3)
        #expect(!headers[0].contains("new") && !headers[1].contains("new"), "\(headers)")
        #expect(headers[2].hasSuffix(" · new"), "\(headers)")
    }

    @Test func aCachedThreadIsDrawnAtOnceThenRevalidatedAndItsNewCommentsMarked() throws {
        var state = cachedState(visits: ["t:0": 2])
        state.commentPageSize = 20
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        let opened = state.reduce(.key(.enter, at: now))
        let serial = try #require(state.detail?.serial)
        // A thread's first page is asked of the cache before the network.
        let read = try #require(cacheReads(opened).first)
        #expect(read.pager == .comments(serial: serial) && read.threadID == "t:0" && read.purpose == .firstScreen)
        _ = state.reduce(.threadHistory(serial: serial, seen: ["c:0", "c:1"]))
        // The cache has it: the two comments of the last visit, an hour old.
        let old = (0..<2).map { FeedItem(id: "c:\($0)", title: "", author: "author\($0)", depth: 0) }
        let copy = CachedCopy(page: Page(key: read.request.key, items: old, next: nil), fetchedAt: now - 3600)
        let effects = state.reduce(.cacheRead(read, copy, at: now))
        #expect(state.detail?.lines.filter(\.isHeader).count == 2)
        #expect(render(state, size: size).lines.last?.contains("2 comments · cached 1 h ago") == true)
        // Drawn: the thread is fetched again, a new generation the runtime sends to the network.
        let refresh = try #require(effects.compactMap { effect -> PageRequest? in
            if case let .fetchComments(request, "t:0", _) = effect { request } else { nil }
        }.first)
        #expect(refresh.generation == 1 && refresh.index == 0)
        let fresh = (0..<3).map { FeedItem(id: "c:\($0)", title: "", author: "author\($0)", depth: 0) }
        _ = state.reduce(.fetched(
            .loaded(refresh, .success(Page(key: refresh.key, items: fresh, next: nil)), latency: 0.1, for: .comments(serial: serial)),
            at: now + 1))
        let headers = try #require(state.detail?.lines.filter(\.isHeader).map(\.text))
        #expect(headers.count == 3)
        #expect(headers[2].hasSuffix(" · new") && !headers[1].contains("new"), "\(headers)")
        #expect(render(state, size: size).lines.last?.contains("cached") == false)
    }

    @Test func aFirstVisitMarksNothingNew() throws {
        var state = cachedState()
        state.commentPageSize = 20
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        _ = state.reduce(.key(.enter, at: now))
        let serial = try #require(state.detail?.serial)
        _ = state.reduce(.threadHistory(serial: serial, seen: []))
        #expect(state.detail?.seenBefore == nil)
    }
}
