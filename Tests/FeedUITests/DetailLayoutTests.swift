import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// Laying a detail out is linear in its text: one long word (issue 24: a 1 MB `story_text` of
/// one word took 95 s to open, a 10 MB title over two minutes, with keys unanswered).
@Suite struct DetailLayoutTests {
    let now = 1_800_000_000.0

    @Test func aWordLongerThanTheWidthIsBrokenIntoFullLines() {
        #expect(DetailLayout.wrap("ab abcdefghij cd", width: 4) == ["ab", "abcd", "efgh", "ij", "cd"])
        #expect(DetailLayout.wrap("abcdefgh", width: 4) == ["abcd", "efgh"])
        // A wide character never crosses the edge; one wider than the width still takes a line.
        #expect(DetailLayout.wrap("a東京b", width: 2) == ["a", "東", "京", "b"])
        #expect(DetailLayout.wrap("東京", width: 1) == ["東", "京"])
        // A zero-width mark stays with its character.
        #expect(DetailLayout.wrap("ab\u{301}cd", width: 2) == ["ab\u{301}", "cd"])
    }

    /// The generous bound still tells the two apart by a wide margin: the quadratic wrap
    /// needed minutes for this word in a release build, the linear one well under a second in
    /// a debug build.
    @Test(.timeLimit(.minutes(1))) func aOneMegabyteWordWrapsInLinearTime() {
        let word = String(repeating: "a", count: 1_000_000)
        let clock = ContinuousClock()
        var lines: [String] = []
        let elapsed = clock.measure { lines = DetailLayout.wrap(word, width: 78) }
        #expect(lines.count == 1_000_000 / 78 + 1)
        #expect(lines.dropLast().allSatisfy { $0.utf8.count == 78 })
        #expect(lines.last?.utf8.count == 1_000_000 % 78)
        #expect(elapsed < .seconds(15), "wrapping a 1 MB word took \(elapsed)")
    }

    @Test(.timeLimit(.minutes(1))) func aDetailWithAOneMegabyteTitleOpens() throws {
        var item = FeedItem(id: "t:0", title: String(repeating: "東", count: 500_000))
        item.bodyHTML = "<p>" + String(repeating: "x", count: 500_000) + "</p>"
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 5), size: Size(columns: 80, rows: 24))
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else {
            Issue.record("no first request")
            return
        }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [item], next: nil)), latency: 0), at: now))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = state.reduce(.key(.enter, at: now))
            // Long texts are wrapped a slice a tick: 1.5 MB of title, 0.5 MB of body.
            var ticks = 0
            while state.detail?.isLayingOut == true && ticks < 100 {
                _ = state.reduce(.tick(at: now))
                ticks += 1
            }
        }
        #expect(state.detail?.isLayingOut == false)
        let lines = try #require(state.detail?.lines)
        // 500,000 wide characters, 39 to a 78-column line; the body's 500,000 columns likewise.
        #expect(lines.filter { $0.style == .title }.count == (500_000 + 38) / 39)
        #expect(lines.count > 500_000 / 78 + 500_000 / 39)
        #expect(elapsed < .seconds(30), "opening took \(elapsed)")
    }

    // MARK: - Long texts, a slice at a time

    /// Words of every kind: ASCII, accented (one and two scalars), wide, emoji with a
    /// modifier, runs of spaces, and words far wider than the line.
    static func randomText(_ random: inout SplitMix64, words: Int) -> String {
        let pieces = ["a", "word", "é", "e\u{301}", "東京", "👍🏽", "x", "—", "ñandú"]
        var text = ""
        for _ in 0..<words {
            let spaces = Int(random.next() % 3)
            text += String(repeating: " ", count: spaces == 0 ? 1 : spaces)
            let length = random.next() % 10 == 0 ? Int(random.next() % 300) : Int(random.next() % 6) + 1
            for _ in 0..<length { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        }
        return text
    }

    /// Wrapped a slice at a time, whatever the slice (one byte, a few, a prime, all at once),
    /// a text comes out as `wrap` makes it in one go.
    @Test(.offThePool, arguments: [1, 2, 7, 40, 79]) func aLongWrapWrapsAsWrapDoesWhateverTheSlices(width: Int) {
        var random = SplitMix64(seed: UInt64(width))
        for trial in 0..<40 {
            let text = trial % 4 == 0
                ? String((0..<2000).map { _ in random.next() % 7 == 0 ? Character(" ") : Character("q") })
                : Self.randomText(&random, words: 60)
            let expected = DetailLayout.wrap(text, width: width)
            for slice in [1, 3, 17, 1000, 1 << 30] {
                var long = LongWrap(text, width: width)
                var steps = 0
                while !long.isDone && steps < 1_000_000 {
                    long.advance(bytes: slice)
                    steps += 1
                }
                #expect(long.wrapped == expected, "width \(width), slice \(slice), trial \(trial)")
            }
        }
    }

    func openedOneItem(_ item: FeedItem, size: Size = Size(columns: 80, rows: 24)) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 5), size: size)
        if case let .fetch(request)? = state.reduce(.start(at: now)).first {
            _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [item], next: nil)), latency: 0), at: now))
        }
        _ = state.reduce(.key(.enter, at: now))
        return state
    }

    /// A 4 MB title opens at once with its first screens and a note of what is left; keys are
    /// answered between slices (the runtime ticks at once while nothing else waits); the
    /// whole title is there when the ticks have read it all.
    @Test(.offThePool) func aFourMegabyteTitleOpensAtOnceAndKeysAreAnsweredWhileItLaysOut() throws {
        let title = String(repeating: "w", count: 4_000_000)
        var state = openedOneItem(FeedItem(id: "t:0", title: title))
        var detail = try #require(state.detail)
        #expect(detail.isLayingOut)
        #expect(state.nextDeadline == now)
        #expect(detail.lines.count == LongWrap.firstSlice / 78 + 1)
        #expect(detail.lines.last?.text == "⋯ laying out: 3.9 MB more")
        #expect(detail.lines.last?.style == .meta)
        #expect(render(state, size: state.size).line(0).contains("wwwwwwwwww"))

        // Keys between slices: down a page, then the status line says where.
        _ = state.reduce(.key(.character(" "), at: now))
        detail = try #require(state.detail)
        #expect(detail.top > 0 && detail.isLayingOut)
        let top = detail.top
        _ = state.reduce(.tick(at: now))
        #expect(state.detail?.top == top, "a slice keeps the place")
        #expect(state.detail?.lines.last?.text.hasPrefix("⋯ laying out: 3.") == true)

        var ticks = 1
        while state.detail?.isLayingOut == true && ticks < 100 {
            _ = state.reduce(.tick(at: now))
            ticks += 1
        }
        detail = try #require(state.detail)
        #expect(!detail.isLayingOut)
        #expect(ticks == 8, "4 MB in 512 KB slices after the first 64 KB")
        #expect(detail.lines.filter { $0.style == .title }.map(\.text) == DetailLayout.wrap(title, width: 78))
        #expect(state.nextDeadline == nil)
    }

    @Test func escWhileATitleLaysOutClosesTheDetail() {
        var state = openedOneItem(FeedItem(id: "t:0", title: String(repeating: "東", count: 1_000_000)))
        #expect(state.detail?.isLayingOut == true)
        _ = state.reduce(.key(.escape, at: now))
        #expect(state.detail == nil)
        #expect(state.nextDeadline == nil)
    }

    /// A resize while laying out starts the wrap again at the new width, and it ends with the
    /// lines of that width.
    @Test func aResizeWhileLayingOutWrapsAtTheNewWidth() throws {
        let title = (0..<100_000).map { "word\($0 % 97)" }.joined(separator: " ")
        var state = openedOneItem(FeedItem(id: "t:0", title: title))
        _ = state.reduce(.tick(at: now))
        _ = state.reduce(.resized(Size(columns: 50, rows: 20)))
        var ticks = 0
        while state.detail?.isLayingOut == true && ticks < 100 {
            _ = state.reduce(.tick(at: now))
            ticks += 1
        }
        let lines = try #require(state.detail?.lines)
        #expect(lines.filter { $0.style == .title }.map(\.text) == DetailLayout.wrap(title, width: 48))
    }

    /// The preview pane of a wide terminal shows the first slice of a long title and is never
    /// advanced (it is laid out on every frame).
    @Test func thePreviewOfALongTitleIsItsFirstSlice() {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 5), size: Size(columns: 200, rows: 50))
        if case let .fetch(request)? = state.reduce(.start(at: now)).first {
            let item = FeedItem(id: "t:0", title: String(repeating: "w", count: 2_000_000))
            _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [item], next: nil)), latency: 0), at: now))
        }
        let lines = state.previewDocument()?.lines ?? []
        #expect(lines.last?.text.hasPrefix("⋯ laying out") == true)
        #expect(lines.count < 2_000)
        #expect(state.nextDeadline == nil)
    }
}
