import FeedModel
import FeedPaging
import FeedPictures
import FeedTestSupport
import Testing

@testable import FeedUI

/// Pictures follow the rows through `reduce`: asked for within the lead, once while cached,
/// cancelled when their row leaves the lead, drawn in place when they arrive.
@Suite struct AppPictureTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func pictureURL(_ index: Int) -> String { "http://p/\(index).png" }

    /// A page of items with pictures (every 5th without one).
    func page(_ index: Int, size: Int = 20, last: Int? = nil) -> Page {
        let base = makePage(index, size: size, last: last)
        let items = base.items.enumerated().map { offset, item in
            var item = item
            let number = index * size + offset
            item.pictureURL = number % 5 == 4 ? nil : pictureURL(number)
            return item
        }
        return Page(key: base.key, items: items, next: base.next)
    }

    func started(costLimit: Int = 32 << 20, enabled: Bool = true) -> (AppState, [AppEffect]) {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(10),
            pictures: PictureState(isEnabled: enabled, costLimit: costLimit, background: .black))
        let start = state.reduce(.start(at: now))
        guard case let .fetch(request) = start.first else { return (state, []) }
        let effects = state.reduce(.fetched(.loaded(request, .success(page(0)), latency: 0.01), at: now))
        return (state, effects)
    }

    func pictureFetches(_ effects: [AppEffect]) -> [PictureRequest] {
        effects.compactMap { if case let .fetchPicture(request) = $0 { request } else { nil } }
    }

    func cancels(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case let .cancelPicture(url) = $0 { url } else { nil } }
    }

    /// The result the loader would post: one solid picture per box.
    func answer(_ request: PictureRequest, color: RGB = RGB(255, 0, 0)) -> AppAction {
        var entries: [PictureKey: PictureCache.Entry] = [:]
        for (key, box) in zip(request.keys, request.boxes) {
            let cells = Array(repeating: HalfBlockPicture.Cell(top: color, bottom: color), count: box.columns * box.rows)
            entries[key] = .picture(HalfBlockPicture(columns: box.columns, rows: box.rows, cells: cells))
        }
        return .pictureFetched(PictureResult(url: request.url, entries: entries))
    }

    @Test func theNearestRowsPicturesAreAskedForFirstAFewAtATime() {
        let (state, effects) = started()
        let fetches = pictureFetches(effects)
        #expect(fetches.map(\.url) == [0, 1, 2, 3, 5, 6].map(pictureURL))
        #expect(fetches.first?.boxes == [state.thumbnailBox, state.largePictureBox])
        #expect(state.pictures.inFlight.count == PictureState.maxInFlight)
    }

    @Test func eachPictureIsAskedForOnceWhileCached() {
        var (state, effects) = started()
        var asked: [String: Int] = [:]
        var pending = pictureFetches(effects)
        for request in pending { asked[request.url, default: 0] += 1 }
        // Answer everything, walk down 60 rows and back up, answering as we go.
        var step = 0.0
        for key in Array(repeating: Key.down, count: 15) + Array(repeating: Key.up, count: 15) {
            while let request = pending.first {
                pending.removeFirst()
                let more = pictureFetches(state.reduce(answer(request)))
                for next in more { asked[next.url, default: 0] += 1 }
                pending += more
            }
            step += 0.2
            let more = pictureFetches(state.reduce(.key(key, at: now + step)))
            for next in more { asked[next.url, default: 0] += 1 }
            pending += more
        }
        #expect(!asked.isEmpty)
        #expect(asked.values.allSatisfy { $0 == 1 }, "asked again: \(asked.filter { $0.value > 1 })")
    }

    @Test func aRequestWhoseRowLeftTheLeadIsCancelled() throws {
        var (state, effects) = started()
        #expect(pictureFetches(effects).contains { $0.url == pictureURL(0) })
        // Jump to the end of the loaded rows: rows 0… leave the lead.
        let jumped = state.reduce(.key(.character("G"), at: now + 1))
        #expect(cancels(jumped).contains(pictureURL(0)))
        #expect(state.pictures.inFlight[pictureURL(0)] == nil)
        // A late answer for it is dropped, not cached.
        let late = PictureRequest(url: pictureURL(0), boxes: [state.thumbnailBox], background: .black)
        _ = state.reduce(answer(late))
        #expect(state.pictures.entry(pictureURL(0), box: state.thumbnailBox) == nil)
    }

    @Test func aLatePictureIsDrawnInPlaceWithoutMovingAnything() throws {
        var (state, effects) = started()
        let before = render(state, size: size)
        let first = try #require(pictureFetches(effects).first)
        _ = state.reduce(answer(first, color: RGB(0, 0, 255)))
        let after = render(state, size: size)
        // Text stays where it was; the thumbnail's cells turn into the picture.
        for row in 0..<size.rows {
            for column in 0..<size.columns where before[row, column].colors == nil && after[row, column].colors == nil {
                #expect(before[row, column] == after[row, column], "cell \(row),\(column) moved")
            }
        }
        #expect(before[0, 2].text == "·")
        #expect(after[0, 2] == Cell("▀", colors: CellColors(foreground: RGB(0, 0, 255), background: RGB(0, 0, 255))))
        #expect(after[1, 5].colors != nil)
        #expect(after.line(0).contains(state.list.paging.items[0].title))
    }

    @Test func theCachedCostStaysWithinTheLimitAndEvictedPicturesAreAskedForAgain() {
        let thumbnailCost = HalfBlockPicture(columns: 4, rows: 2, cells: Array(repeating: .init(top: .black, bottom: .black), count: 8)).cost
        let large = started().0.largePictureBox
        let largeCost = HalfBlockPicture(
            columns: large.columns, rows: large.rows,
            cells: Array(repeating: .init(top: .black, bottom: .black), count: large.columns * large.rows)).cost
        let limit = 3 * (thumbnailCost + largeCost)
        var (state, effects) = started(costLimit: limit)
        var pending = pictureFetches(effects)
        var asked: [String: Int] = [:]
        for request in pending { asked[request.url, default: 0] += 1 }
        for step in 0..<40 {
            while let request = pending.first {
                pending.removeFirst()
                pending += pictureFetches(state.reduce(answer(request)))
                #expect(state.pictures.cache.totalCost <= limit)
            }
            let more = pictureFetches(state.reduce(.key(step < 20 ? .down : .up, at: now + Double(step))))
            for next in more { asked[next.url, default: 0] += 1 }
            pending += more
        }
        #expect(asked.values.contains { $0 > 1 })
    }

    @Test func imagesOffAsksForNothingAndDrawsNoPicture() {
        let (state, effects) = started(enabled: false)
        #expect(pictureFetches(effects).isEmpty)
        let grid = render(state, size: size)
        #expect(grid.cells.allSatisfy { $0.colors == nil })
        #expect(grid.line(0).hasPrefix("▌ "))
    }

    @Test func theDetailShowsThePictureAtTheTopAboveTheText() throws {
        var (state, _) = started()
        let opened = state.reduce(.key(.enter, at: now + 1))
        let request = try #require(pictureFetches(opened).first ?? state.pictures.inFlight[pictureURL(0)])
        #expect(request.url == pictureURL(0))
        _ = state.reduce(answer(PictureRequest(url: request.url, boxes: [state.largePictureBox], background: .black)))
        let grid = render(state, size: size)
        let box = state.largePictureBox
        #expect(box.rows == 11 && box.columns == 32)
        #expect(grid[0, 1].colors != nil && grid[box.rows - 1, box.columns].colors != nil)
        #expect(grid[box.rows, 1].colors == nil)
        #expect(grid.line(box.rows + 1).contains(state.list.paging.items[0].title))
    }

    /// Issue 23: a wide cover (DEV's) is shorter than the box; the text follows it with one
    /// blank row, not the box's height of blank rows.
    @Test func theDetailsTextFollowsAWidePictureWithNoBlankBand() throws {
        var (state, _) = started()
        _ = state.reduce(.key(.enter, at: now + 1))
        let box = state.largePictureBox
        // While it loads, the box's rows are kept for it (the text does not jump down later).
        #expect(state.detail?.pictureRows == box.rows + 1)
        let wide = HalfBlockPicture(columns: box.columns, rows: 5, cells: Array(repeating: HalfBlockPicture.Cell(top: RGB(0, 0, 255), bottom: RGB(0, 0, 255)), count: box.columns * 5))
        _ = state.reduce(.pictureFetched(PictureResult(url: pictureURL(0), entries: [PictureKey(url: pictureURL(0), maxColumns: box.columns, maxRows: box.rows): .picture(wide)])))
        #expect(state.detail?.pictureRows == 6)
        let grid = render(state, size: size)
        #expect(grid[4, 1].colors != nil && grid[5, 1].colors == nil)
        #expect(grid.line(6).contains(state.list.paging.items[0].title))
    }

    /// Issue 23: the list's picture pane is as tall as the cursor's picture. A wide one (a
    /// Reddit preview) is a few rows; the rows under it take the whole width rather than stop
    /// beside blank columns (`51,911 points · 33 comments · r/swift · u/dang · …`).
    @Test func rowsUnderAWidePicturePaneTakeTheWholeWidth() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(10),
            pictures: PictureState(isEnabled: true, costLimit: 32 << 20, background: .black))
        guard case let .fetch(first) = state.reduce(.start(at: now)).first else { Issue.record("no first fetch"); return }
        var long = page(0)
        for index in long.items.indices { long.items[index].title = "Item \(index) " + String(repeating: "with a long title ", count: 6) }
        _ = state.reduce(.fetched(.loaded(first, .success(long), latency: 0.01), at: now))
        let box = state.largePictureBox
        let wide = HalfBlockPicture(
            columns: box.columns, rows: 3, cells: Array(repeating: HalfBlockPicture.Cell(top: RGB(0, 0, 255), bottom: RGB(0, 0, 255)), count: box.columns * 3))
        _ = state.reduce(.pictureFetched(PictureResult(url: pictureURL(0), entries: [PictureKey(url: pictureURL(0), maxColumns: box.columns, maxRows: box.rows): .picture(wide)])))
        let grid = render(state, size: size)
        let paneColumn = size.columns - box.columns - 1
        // Beside the picture the titles stop before it; under it they run to the right edge.
        #expect(grid[0, paneColumn].colors != nil && grid[3, paneColumn].colors == nil)
        let beside = grid.trimmedLines[2]
        let cut = try #require(beside.firstIndex(of: "…"), "\(beside)")
        #expect(TextWidth.of(String(beside[..<cut])) < paneColumn - 1, "\(beside)")
        #expect(TextWidth.of(grid.trimmedLines[4]) >= size.columns - 2 && grid.trimmedLines[4].hasSuffix("…"), "\(grid.trimmedLines[4])")
    }

    /// Issue 21: a conversation's text comes first. A GitHub repository opened on half a screen
    /// of its owner's avatar; the picture of a detail with comments is an avatar-sized box
    /// beside the title, the title's lines keep clear of it, and the body starts under it.
    @Test func aConversationsPictureSitsSmallBesideTheTitle() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(10),
            pictures: PictureState(isEnabled: true, costLimit: 32 << 20, background: .black))
        state.commentPageSize = 20
        guard case let .fetch(first) = state.reduce(.start(at: now)).first else { Issue.record("no first fetch"); return }
        _ = state.reduce(.fetched(.loaded(first, .success(page(0)), latency: 0.01), at: now))
        let box = AppState.asidePictureBox
        // The cursor's row asks for the small box along with the list's, in one load.
        #expect(state.pictures.inFlight[pictureURL(0)]?.boxes.contains(box) == true)
        #expect(state.pictures.inFlight[pictureURL(1)]?.boxes.contains(box) == false)
        let opened = state.reduce(.key(.enter, at: now + 1))
        let request = try #require(pictureFetches(opened).first ?? state.pictures.inFlight[pictureURL(0)])
        #expect(state.detail?.pictureRows == box.rows + 1 && state.detail?.pictureColumns == box.columns + 2)
        _ = state.reduce(answer(request))
        let grid = render(state, size: size)
        let title = state.list.paging.items[0].title
        #expect(grid.line(0).contains(title), "the title on the first row, not under the picture")
        let left = size.columns - box.columns - 1
        #expect(grid[0, left].colors != nil && grid[box.rows - 1, left + box.columns - 1].colors != nil, "the picture at the right edge")
        #expect(grid[0, left - 1].colors == nil && grid[box.rows, left].colors == nil, "and nowhere else")
        let lines = state.detail?.lines ?? []
        #expect(lines.prefix(box.rows).allSatisfy { TextWidth.of($0.text) + $0.column <= left - 1 }, "the title's lines keep clear of it")
        #expect(lines.count > box.rows, "the rest follows under the picture")
    }
}

