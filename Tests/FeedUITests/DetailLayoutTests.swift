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
        let elapsed = clock.measure { _ = state.reduce(.key(.enter, at: now)) }
        let lines = try #require(state.detail?.lines)
        // 500,000 wide characters, 39 to a 78-column line; the body's 500,000 columns likewise.
        #expect(lines.filter { $0.style == .title }.count == (500_000 + 38) / 39)
        #expect(lines.count > 500_000 / 78 + 500_000 / 39)
        #expect(elapsed < .seconds(30), "opening took \(elapsed)")
    }
}
