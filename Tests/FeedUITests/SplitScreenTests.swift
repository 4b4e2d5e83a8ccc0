import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// Wide terminals (issue 23): from 160 columns the list keeps a readable part on the left and
/// the cursor's item is previewed on the right; below that, nothing changes. The picture pane
/// beside the list shows only for an item with a picture.
@Suite struct SplitScreenTests {
    let now = 1_800_000_000.0

    func loaded(_ size: Size, items: [FeedItem]) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: now))
        return state
    }

    func items() -> [FeedItem] {
        makeItems(0..<20).enumerated().map { offset, item in
            var item = item
            item.url = "https://x.org/\(offset)"
            item.author = "a\(offset)"
            item.bodyHTML = "<p>Body of item \(offset), " + String(repeating: "words ", count: 40) + "</p>"
            return item
        }
    }

    @Test func wideTerminalsSplitIntoListAndPreview() {
        let state = loaded(Size(columns: 200, rows: 50), items: items())
        #expect(state.splitListColumns == 80)
        let lines = render(state, size: state.size).trimmedLines
        // The list on the left, a rule, the cursor's item on the right.
        #expect(lines[0].hasPrefix("▌ Item 0"))
        #expect(lines[0].contains("│ Item 0"))
        #expect(lines[1].contains("│ a0"))
        #expect(lines[2].contains("│ https://x.org/0"))
        #expect(lines[4].contains("│ Body of item 0, words"))
        // Text kept to a readable measure: no preview line runs past 82 columns from the rule.
        for line in lines.dropLast() where line.contains("│") {
            let rule = line.firstIndex(of: "│")!
            #expect(TextWidth.of(String(line[rule...])) <= 84, "\(line)")
        }
        // The status line spans the whole width.
        #expect(lines.last?.hasSuffix("? help") == true)
        #expect(TextWidth.of(render(state, size: state.size).lines.last ?? "") == 200)
    }

    @Test func thePreviewFollowsTheCursorAtOnceWithNoRequest() {
        var state = loaded(Size(columns: 200, rows: 50), items: items())
        let effects = state.reduce(.key(.character("j"), at: now))
        #expect(!effects.contains { if case .fetchComments = $0 { true } else { false } })
        #expect(render(state, size: state.size).trimmedLines[0].contains("│ Item 1"))
    }

    @Test func narrowerThan160NothingSplits() {
        let state = loaded(Size(columns: 159, rows: 40), items: items())
        #expect(state.splitListColumns == nil)
        #expect(!render(state, size: state.size).trimmedLines.contains { $0.contains("│") })
    }

    @Test func aDetailUsesTheWholeWidth() {
        var state = loaded(Size(columns: 200, rows: 50), items: items())
        _ = state.reduce(.key(.enter, at: now))
        #expect(state.splitListColumns == nil)
        #expect(!render(state, size: state.size).trimmedLines.contains { $0.contains("│") })
    }

    @Test func aClickInThePreviewIsNotARow() {
        var state = loaded(Size(columns: 200, rows: 50), items: items())
        _ = state.reduce(.key(.mouse(MouseEvent(kind: .release, row: 6, column: 120)), at: now))
        #expect(state.list.viewport.cursor == 0)
        _ = state.reduce(.key(.mouse(MouseEvent(kind: .release, row: 6, column: 10)), at: now))
        #expect(state.list.viewport.cursor == 3)
    }

    @Test func thePicturePaneBesideTheListShowsOnlyForAnItemWithAPicture() {
        var list = items()
        list[0].pictureURL = "https://x.org/0.png"
        var state = loaded(Size(columns: 100, rows: 30), items: list)
        state.setPictures(PictureState(isEnabled: true))
        #expect(state.listShowsPreview)
        _ = state.reduce(.key(.character("j"), at: now))
        #expect(!state.listShowsPreview)
        // The meta line of a row is not cut beside an empty pane.
        let lines = render(state, size: state.size).trimmedLines
        #expect(lines[2].hasPrefix("▌") && !lines[2].hasSuffix("…"))
    }
}
