import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Foundation
import Testing

/// Frames of the real reducer and renderer through the recording backend.
@Suite struct RecordingTerminalTests {
    let now = 1000.0
    let size = Size(columns: 40, rows: 8)

    func loadedState() -> AppState {
        let items = (0..<20).map { FeedItem(id: "\($0)", title: "Story \($0)") }
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: items.count), size: size)
        guard case let .fetch(request) = state.reduce(.start(at: now)).first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0.1), at: now))
        return state
    }

    @Test func aMoveRewritesOnlyTheRowsItChanges() {
        let terminal = RecordingTerminal(size: size)
        var state = loadedState()
        terminal.draw(render(state, size: terminal.size))
        #expect(terminal.writes[0].count == size.columns * size.rows)
        #expect(terminal.screen.contains("Story 0"))
        _ = state.reduce(.key(.character("j"), at: now))
        terminal.draw(render(state, size: terminal.size))
        // The cursor moved to the next item: its rows, the previous item's and the status line change.
        let touched = terminal.rowsWritten
        #expect(!touched.isEmpty)
        #expect(touched.count < size.rows)
        _ = state.reduce(.key(.character("j"), at: now))
        _ = state.reduce(.key(.character("k"), at: now))
        let before = terminal.frames.last
        terminal.draw(render(state, size: terminal.size))
        #expect(terminal.frames.last == before)
        #expect(terminal.writes.last == [])
    }

    @Test func scriptedEventsAreReadOnceAndAResizeChangesTheSize() {
        let terminal = RecordingTerminal(size: size)
        terminal.send(.key(.character("j")), .resized(Size(columns: 30, rows: 6)))
        #expect(terminal.readEvents() == [.key(.character("j")), .resized(Size(columns: 30, rows: 6))])
        #expect(terminal.readEvents().isEmpty)
        #expect(terminal.size == Size(columns: 30, rows: 6))
        var state = loadedState()
        terminal.draw(render(state, size: size))
        _ = state.reduce(.resized(terminal.size))
        terminal.draw(render(state, size: terminal.size))
        #expect(terminal.writes.last?.count == 30 * 6)
        terminal.restore()
        terminal.restore()
        #expect(terminal.restoreCount == 2)
    }
}
