import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// A comment's header and text: the post's author marked OP, the source's own words (points,
/// ★) before the age, and text kept to a readable measure on a wide terminal.
@Suite struct CommentHeaderTests {
    let now = 1_800_000_000.0

    func openThread(width: Int, comments: [FeedItem]) throws -> [DetailLine] {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30),
                             size: Size(columns: width, rows: 40), prefetch: .fixed(2))
        state.commentPageSize = 20
        var story = FeedItem(id: "t:0", title: "A story", author: "op")
        story.commentCount = comments.count
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { throw Failure() }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [story], next: nil)), latency: 0), at: now))
        guard case let .fetchComments(first, _, serial)? = state.reduce(.key(.enter, at: now)).first else { throw Failure() }
        _ = state.reduce(.fetched(
            .loaded(first, .success(Page(key: first.key, items: comments, next: nil)), latency: 0, for: .comments(serial: serial)),
            at: now))
        return try #require(state.detail?.lines)
    }

    struct Failure: Error {}

    @Test func theAuthorIsMarkedOPAndTheSourcesWordsComeBeforeTheAge() throws {
        var mine = FeedItem(id: "c:0", title: "x", author: "op", time: Int64(now) - 120, bodyHTML: "<p>by the author</p>", depth: 0)
        mine.facts = [.count("score", 5, "point"), .author("op"), .age(Int64(now) - 120)]
        let theirs = FeedItem(id: "c:1", title: "y", author: "bo", time: Int64(now) - 60, bodyHTML: "<p>a reply</p>", depth: 1)
        let lines = try openThread(width: 80, comments: [mine, theirs])
        let headers = lines.filter(\.isHeader).map(\.text)
        #expect(headers == ["▾ op · OP · 5 points · 2m", "▾ bo · 1m"])
    }

    /// Hacker News writes a deleted comment's header as `[deleted]`, with no author and no text:
    /// the placeholder the adapters keep says so where the author stands, and is that one line.
    @Test func aDeletedOrDeadCommentsHeaderSaysSoAndIsItsOnlyLine() throws {
        // As HackerNewsCommentsSource keeps them: no author, no HTML, the placeholder as text.
        let deleted = FeedItem(id: "hn:1", title: "[deleted]", time: Int64(now) - 540, body: "[deleted]", depth: 0, parentID: "hn:0")
        let reply = FeedItem(id: "hn:2", title: "r", author: "bo", time: Int64(now) - 60, bodyHTML: "<p>a reply</p>", depth: 1, parentID: "hn:1")
        let dead = FeedItem(id: "hn:3", title: "[dead]", time: Int64(now) - 7_200, body: "[dead]", depth: 0, parentID: "hn:0")
        // An authorless comment with words of its own is not a placeholder.
        let anonymous = FeedItem(id: "hn:4", title: "[citation needed] and more", time: Int64(now) - 60,
                                 body: "[citation needed] and more", depth: 0, parentID: "hn:0")
        let lines = try openThread(width: 80, comments: [deleted, reply, dead, anonymous])
        #expect(lines.filter(\.isHeader).map(\.text) == ["▾ [deleted] · 9m", "▾ bo · 1m", "▾ [dead] · 2h", "▾ [unknown] · 1m"])
        #expect(!lines.contains { $0.comment == 0 && !$0.isHeader && !$0.text.isEmpty }, "the header is the placeholder's only line")
        #expect(!lines.contains { $0.comment == 2 && !$0.isHeader && !$0.text.isEmpty })
        #expect(lines.contains { $0.comment == 3 && !$0.isHeader && $0.text == "[citation needed] and more" })
    }

    @Test func commentTextKeepsToAReadableMeasureOnAWideTerminal() throws {
        let words = Array(repeating: "lorem ipsum dolor", count: 40).joined(separator: " ")
        let comment = FeedItem(id: "c:0", title: "x", author: "bo", time: Int64(now), bodyHTML: "<p>\(words)</p>", depth: 0)
        let wide = try openThread(width: 200, comments: [comment])
        let text = wide.filter { $0.comment == 0 && !$0.isHeader && !$0.text.isEmpty }
        #expect(text.count > 5)
        #expect(text.allSatisfy { TextWidth.of($0.text) <= DetailLayout.commentMeasure })
        #expect(text.contains { TextWidth.of($0.text) > 70 }, "the measure is used, not a narrower one")
        // A narrow terminal still wraps at its own width.
        let narrow = try openThread(width: 50, comments: [comment])
        #expect(narrow.filter { $0.comment == 0 && !$0.isHeader }.allSatisfy { $0.column + TextWidth.of($0.text) <= 50 })
    }
}
