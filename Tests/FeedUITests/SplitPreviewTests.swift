import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// The wide preview loads what the detail would once the cursor rests (issue 23): the dwell
/// timed with a scripted clock, the exact effects of each step, the comments drawn in the pane
/// with the detail's footers, the requests cancelled when the cursor moves on, and Enter
/// taking over what the preview loaded.
@Suite struct SplitPreviewTests {
    let now = 1_800_000_000.0
    let wide = Size(columns: 200, rows: 50)

    /// A list of 20 items at `size`, comments in pages of 5.
    func loaded(_ size: Size, documents: Bool = false) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        state.commentPageSize = documents ? nil : 5
        state.loadsDocuments = documents
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { return state }
        let items = makeItems(0..<20).enumerated().map { offset, item in
            var item = item
            item.bodyHTML = "<p>Body of item \(offset)</p>"
            return item
        }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: now))
        return state
    }

    func firstPage(id: UInt64, pageSize: Int = 5) -> PageRequest {
        PageRequest(id: RequestID(id), index: 0, key: .cursor(nil), pageSize: pageSize, generation: 0)
    }

    func comment(_ i: Int) -> FeedItem {
        FeedItem(id: "c:\(i)", title: "c\(i)", author: "a\(i)", time: Int64(now) - 60, bodyHTML: "<p>comment number \(i)</p>", depth: 0)
    }

    /// The preview pane's text (right of the rule), row by row.
    func pane(_ state: AppState) -> [String] {
        render(state, size: state.size).trimmedLines.dropLast().map { line in
            line.split(separator: "│", maxSplits: 1).dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
    }

    @Test func theCommentsAreAskedForOnceTheCursorHasRested() {
        var state = loaded(wide)
        // The first item came with the page: its dwell started then.
        #expect(state.nextDeadline == now + AppState.previewDwell)
        #expect(state.reduce(.tick(at: now + 0.1)) == [])
        #expect(state.reduce(.key(.character("j"), at: now + 0.2)) == [])
        // The dwell starts again on the new item: nothing at the first item's time.
        #expect(state.nextDeadline == now + 0.2 + AppState.previewDwell)
        #expect(state.reduce(.tick(at: now + 0.45)) == [])
        #expect(state.preview == nil)
        let due = state.reduce(.tick(at: now + 0.2 + AppState.previewDwell))
        #expect(due == [.fetchComments(firstPage(id: 1), itemID: "t:1", serial: 1)])
        #expect(state.preview?.item.id == "t:1")
        #expect(state.isAnimating)
        // Loading: nothing more asked for, however long it takes.
        #expect(state.reduce(.tick(at: now + 2)) == [])
        #expect(state.nextDeadline == nil)
    }

    @Test func movingOnCancelsTheLoadAndStartsANewDwell() {
        var state = loaded(wide)
        #expect(state.reduce(.tick(at: now + 0.3)) == [.fetchComments(firstPage(id: 1), itemID: "t:0", serial: 1)])
        #expect(state.reduce(.key(.character("j"), at: now + 0.5)) == [.cancelComments(RequestID(1), serial: 1)])
        #expect(state.preview == nil)
        // A result of the cancelled request that was already on its way is dropped.
        let late = Page(key: .cursor(nil), items: [comment(0)], next: nil)
        #expect(state.reduce(.fetched(.loaded(firstPage(id: 1), .success(late), latency: 0, for: .comments(serial: 1)), at: now + 0.6)) == [])
        #expect(!pane(state).contains { $0.contains("comment number 0") })
        // Moving on again before the dwell ends asks for nothing and cancels nothing.
        #expect(state.reduce(.key(.character("j"), at: now + 0.7)) == [])
        #expect(state.reduce(.tick(at: now + 0.99)) == [])
        #expect(state.reduce(.tick(at: now + 0.7 + AppState.previewDwell)) == [.fetchComments(firstPage(id: 1), itemID: "t:2", serial: 2)])
    }

    @Test func theLoadedCommentsShowInThePaneWithTheDetailsFooters() throws {
        var state = loaded(wide)
        _ = state.reduce(.tick(at: now + 0.3))
        #expect(pane(state).contains("⠋ Loading comments…"), "\(pane(state))")
        _ = state.reduce(.fetched(.retrying(firstPage(id: 1), attempt: 2, delay: 1.5, error: FeedError(.http(status: 503), "HTTP 503"), for: .comments(serial: 1)), at: now + 0.4))
        #expect(pane(state).contains { $0.hasSuffix("HTTP 503 — retrying in 1.5s (attempt 2)") }, "\(pane(state))")
        let page = Page(key: .cursor(nil), items: (0..<5).map(comment), next: .cursor("more"))
        let effects = state.reduce(.fetched(.loaded(firstPage(id: 1), .success(page), latency: 0, for: .comments(serial: 1)), at: now + 1))
        // The preview keeps to its first page: the rest is the detail's to load.
        #expect(effects == [])
        let lines = pane(state)
        let text = try #require(lines.firstIndex { $0.hasPrefix("Body of item 0") })
        let first = try #require(lines.firstIndex { $0.contains("comment number 0") })
        #expect(text < first)
        #expect(lines.contains { $0.contains("comment number 4") })
        #expect(!state.isAnimating)
    }

    @Test func aPreviewLongerThanThePaneEndsWithANoteInPlaceOfALine() {
        var state = loaded(wide)
        _ = state.reduce(.tick(at: now + 0.3))
        let long = (0..<20).map { i in
            FeedItem(id: "c:\(i)", title: "c\(i)", author: "a\(i)", time: Int64(now) - 60,
                     bodyHTML: "<p>" + String(repeating: "a long comment ", count: 40) + "</p>", depth: 0)
        }
        let page = Page(key: .cursor(nil), items: long, next: .cursor("more"))
        _ = state.reduce(.fetched(.loaded(firstPage(id: 1), .success(page), latency: 0, for: .comments(serial: 1)), at: now + 1))
        let rows = pane(state)
        #expect(rows.count == 49)
        #expect(rows[48] == "… Enter opens it whole")
        #expect(rows[47].hasPrefix("a long comment"))
    }

    @Test func aFailedLoadSaysSoAndRRetriesIt() {
        var state = loaded(wide)
        _ = state.reduce(.tick(at: now + 0.3))
        _ = state.reduce(.fetched(.loaded(firstPage(id: 1), .failure(FeedError(.timeout, "timed out")), latency: 0, for: .comments(serial: 1)), at: now + 1))
        #expect(pane(state).contains("✗ timed out — press r to retry"), "\(pane(state))")
        let retried = state.reduce(.key(.character("r"), at: now + 2))
        #expect(retried == [.fetchComments(PageRequest(id: RequestID(2), index: 0, key: .cursor(nil), pageSize: 5, generation: 0), itemID: "t:0", serial: 1)])
    }

    @Test func enterOpensWhatThePreviewLoadedWithoutFetchingAgain() throws {
        var state = loaded(wide)
        _ = state.reduce(.tick(at: now + 0.3))
        let page = Page(key: .cursor(nil), items: (0..<5).map(comment), next: nil)
        _ = state.reduce(.fetched(.loaded(firstPage(id: 1), .success(page), latency: 0, for: .comments(serial: 1)), at: now + 1))
        let opened = state.reduce(.key(.enter, at: now + 2))
        #expect(!opened.contains { if case .fetchComments = $0 { true } else { false } }, "\(opened)")
        let detail = try #require(state.detail)
        #expect(detail.serial == 1)
        #expect(detail.comments?.items.count == 5)
        #expect(state.preview == nil)
        // Laid out for the whole width now, the comments with it.
        #expect(render(state, size: state.size).trimmedLines.contains { $0.contains("comment number 4") })
    }

    @Test func enterWhileThePreviewLoadsKeepsItsRequest() throws {
        var state = loaded(wide)
        _ = state.reduce(.tick(at: now + 0.3))
        let opened = state.reduce(.key(.enter, at: now + 0.5))
        #expect(opened.allSatisfy { if case .fetchComments = $0 { false } else if case .cancelComments = $0 { false } else { true } }, "\(opened)")
        #expect(state.detail?.serial == 1)
        #expect(state.detail?.comments?.inFlight.keys.sorted() == [RequestID(1)])
        // Its page lands in the detail.
        let page = Page(key: .cursor(nil), items: [comment(0)], next: nil)
        _ = state.reduce(.fetched(.loaded(firstPage(id: 1), .success(page), latency: 0, for: .comments(serial: 1)), at: now + 1))
        #expect(state.detail?.comments?.items.count == 1)
    }

    @Test func backFromADetailItsLoadsCarryOnInThePreview() {
        var state = loaded(wide)
        #expect(state.reduce(.key(.enter, at: now)) == [.fetchComments(firstPage(id: 1), itemID: "t:0", serial: 1)])
        #expect(state.reduce(.key(.escape, at: now + 1)) == [])
        #expect(state.preview?.serial == 1)
        #expect(state.reduce(.tick(at: now + 2)) == [])
        #expect(state.reduce(.key(.character("j"), at: now + 3)) == [.cancelComments(RequestID(1), serial: 1)])
    }

    @Test func aDocumentIsLoadedTheSameWay() {
        var state = loaded(wide, documents: true)
        #expect(state.reduce(.tick(at: now + 0.3)) == [.fetchDocument(firstPage(id: 1, pageSize: 1), itemID: "t:0", serial: 1)])
        #expect(state.reduce(.key(.character("j"), at: now + 0.4)) == [.cancelDocument(RequestID(1), serial: 1)])
    }

    @Test func narrowScreensAndSourcesWithNothingToLoadPreviewNothing() {
        var narrow = loaded(Size(columns: 120, rows: 40))
        #expect(narrow.reduce(.tick(at: now + 1)) == [])
        #expect(narrow.nextDeadline == nil)
        var plain = loaded(wide)
        plain.commentPageSize = nil
        #expect(plain.reduce(.tick(at: now + 1)) == [])
        // A preview narrowed out of the split is cancelled.
        var state = loaded(wide)
        _ = state.reduce(.tick(at: now + 0.3))
        #expect(state.reduce(.resized(Size(columns: 120, rows: 40))) == [.cancelComments(RequestID(1), serial: 1)])
    }
}

extension SplitPreviewTests {
    /// Seen at 200×50: a status 15m old in the list and 14m in the preview beside it, the
    /// preview having been laid out a while before. Ages are counted again as the clock moves.
    @Test func thePreviewsAgeIsTheListsAsTheClockMovesOn() throws {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: wide)
        state.commentPageSize = 5
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { Issue.record("no first page"); return }
        let item = FeedItem(id: "t:0", title: "A status", author: "ada", time: Int64(now) - 14 * 60 - 50, bodyHTML: "<p>Body</p>")
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [item], next: nil)), latency: 0), at: now))
        _ = state.reduce(.tick(at: now + AppState.previewDwell))
        #expect(state.preview?.item.id == "t:0")
        let list = { (state: AppState) in render(state, size: state.size).trimmedLines.map { $0.split(separator: "│").first.map(String.init) ?? "" } }
        #expect(list(state).contains { $0.contains("ada · 14m") })
        #expect(pane(state).contains { $0.contains("ada · 14m") })
        // 20 seconds on, a key: the list says 15m, and so must the preview.
        _ = state.reduce(.key(.character("k"), at: now + 20))
        #expect(list(state).contains { $0.contains("ada · 15m") })
        #expect(pane(state).contains { $0.contains("ada · 15m") })
        #expect(!pane(state).contains { $0.contains("14m") })
        // And in the detail Enter opens, a minute on.
        _ = state.reduce(.key(.enter, at: now + 21))
        _ = state.reduce(.key(.character("j"), at: now + 81))
        #expect(render(state, size: state.size).trimmedLines.contains { $0.contains("ada · 16m") })
    }
}

