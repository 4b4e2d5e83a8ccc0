import FeedModel
import FeedPaging
import FeedPictures
import Testing

@testable import FeedUI

/// Pictures inside the reader: a figure keeps room for its picture, which is asked for only
/// while the text is within a screen of it, drawn in place when it comes, and cancelled when
/// the text scrolls away before it does.
@Suite struct ReaderPictureTests {
    let size = Size(columns: 80, rows: 24)
    let item = FeedItem(id: "1", title: "A story", url: "https://example.org/story")

    func opened(enabled: Bool = true) -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size,
            pictures: PictureState(isEnabled: enabled, background: .black))
        let effects = state.reduce(.start(at: 0))
        if case let .fetch(request) = effects.first {
            _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [item], next: nil)), latency: 0), at: 0))
        }
        _ = state.reduce(.key(.character("a"), at: 1))
        return state
    }

    /// Two figures: one after the first paragraph, one after 80 more; the second picture's
    /// address is not a web address.
    func article(pictures: [String] = ["https://example.org/top.png", "https://example.org/end.png"]) -> ArticleText {
        var blocks = [TextBlock(.paragraph, lines: ["The first paragraph."])]
        blocks.append(TextBlock(.paragraph, lines: ["[picture: the top one]", "Its caption."], picture: 0))
        blocks += (1...80).map { TextBlock(.paragraph, lines: ["Paragraph \($0)."]) }
        blocks.append(TextBlock(.paragraph, lines: ["[picture: the end one]"], picture: 1))
        return ArticleText(url: "https://example.org/story", title: "T", about: "", blocks: blocks, links: [], pictures: pictures)
    }

    func fetches(_ effects: [AppEffect]) -> [PictureRequest] {
        effects.compactMap { if case let .fetchPicture(request) = $0 { request } else { nil } }
    }

    func solid(_ request: PictureRequest, rows: Int) -> AppAction {
        let box = request.boxes[0]
        let cells = Array(repeating: HalfBlockPicture.Cell(top: RGB(0, 200, 0), bottom: RGB(0, 200, 0)), count: 30 * rows)
        return .pictureFetched(PictureResult(
            url: request.url,
            entries: [PictureKey(url: request.url, maxColumns: box.columns, maxRows: box.rows): .picture(HalfBlockPicture(columns: 30, rows: rows, cells: cells))]))
    }

    @Test func aFigureKeepsRoomItsPictureIsAskedForAndDrawnInPlace() throws {
        var s = opened()
        let effects = s.reduce(.articleFetched(serial: 1, .article(article())))
        let asked = fetches(effects)
        #expect(asked.map(\.url) == ["https://example.org/top.png"], "only the picture near the text")
        let box = s.readerPictureBox
        #expect(box == PictureBox(columns: 76, rows: 10))
        let slot = try #require(s.reader?.pictureSlots.first)
        #expect(slot.line == 2 && slot.rows == box.rows + 1, "the box's room while it loads")
        #expect(s.reader?.lines[slot.line + slot.rows].text.contains("[picture: the top one]") == true)
        #expect(render(s, size: size)[slot.line + 2, 2] == Cell("·", style: .meta), "a dot while it loads")

        _ = s.reduce(solid(asked[0], rows: 4))
        let drawn = try #require(s.reader?.pictureSlots.first)
        #expect(drawn.rows == 5, "the picture's own rows and a blank one once it is in")
        let grid = render(s, size: size)
        for row in 0..<4 {
            #expect(grid[drawn.line + 2 + row, 2] == Cell("▀", colors: CellColors(foreground: RGB(0, 200, 0), background: RGB(0, 200, 0))))
        }
        #expect(render(s, size: size).lines[drawn.line + 2 + 5].contains("[picture: the top one]"))
    }

    @Test func aPictureNotYetInIsCancelledWhenTheTextScrollsAwayAndTheEndOnesIsNeverAskedIfItIsNotAWebAddress() {
        var s = opened()
        var pictures = article().pictures
        pictures[1] = "javascript:alert(1)"
        let asked = fetches(s.reduce(.articleFetched(serial: 1, .article(article(pictures: pictures)))))
        #expect(asked.map(\.url) == ["https://example.org/top.png"])
        let away = s.reduce(.key(.character("G"), at: 2))
        #expect(away.contains(.cancelPicture(url: "https://example.org/top.png")))
        #expect(fetches(away).isEmpty, "the end's address is not fetched")
        #expect(s.reader?.pictureSlots.count == 1, "no room for a picture that cannot be fetched")
        // Back at the top, it is asked for again.
        #expect(fetches(s.reduce(.key(.character("g"), at: 3))).map(\.url) == ["https://example.org/top.png"])
    }

    /// The line at the top stays at the top when a picture above it arrives and changes its room.
    @Test func theTextDoesNotJumpWhenAPictureAboveItArrives() throws {
        var s = opened()
        let asked = fetches(s.reduce(.articleFetched(serial: 1, .article(article()))))
        for _ in 0..<20 { _ = s.reduce(.key(.character("j"), at: 2)) }
        let topLine = try #require(s.reader.map { $0.lines[$0.top].text })
        _ = s.reduce(solid(asked[0], rows: 3))
        #expect(s.reader.map { $0.lines[$0.top].text } == topLine)
    }

    @Test func withPicturesOffThereIsNoRoomAndNoRequest() {
        var s = opened(enabled: false)
        let effects = s.reduce(.articleFetched(serial: 1, .article(article())))
        #expect(fetches(effects).isEmpty)
        #expect(s.reader?.pictureSlots.isEmpty == true)
        #expect(s.reader?.lines[2].text.contains("[picture: the top one]") == true)
    }
}
