import FeedDiff
import FeedModel
import FeedPaging
@testable import FeedUI
import Testing
import FeedTestSupport

/// The prepared search text against the item-by-item search it replaces (`FilterState.isMatch`,
/// `SearchPattern` on each field): the same rows for every pattern, and row for row with the
/// items across every kind of change.
@Suite struct SearchTextTests {
    static let words = ["Swift", "rust", "QUIC", "ruby", "a", "Zig", "über", "naïve", "x@y", "r", "u", "ru", "Ru"]
    static let hosts = ["https://example.com/a", "http://user@Host.org?q=1", "https://ru.wikipedia.org#x", "ftp:/broken", "https://@/", nil]

    /// An item with a title of random words, maybe an author and a URL.
    static func item(_ id: Int, _ random: inout SeededRandom) -> FeedItem {
        let title = (0..<(1 + random.below(6))).map { _ in random.pick(words) }.joined(separator: random.chance(0.5) ? " " : "")
        let author = random.chance(0.6) ? random.pick(words) + random.pick(["", "_1", "Q"]) : nil
        return FeedItem(id: "\(id)", title: title, url: random.pick(hosts), author: author)
    }

    static let patterns = ["r", "ru", "rus", "rust", "Ru", "RU", "q", "Q", "quic", "x@", "@", "host", "Host", "h", "org?", "z", "zig", "a ", "é", "ü", "naï", ".", "com/", "wiki"]

    @Test(.offThePool) func scanningFindsTheRowsTheItemByItemSearchFinds() {
        var random = SeededRandom(seed: 25)
        for trial in 0..<60 {
            let items = (0..<(trial * 7)).map { Self.item($0, &random) }
            let text = SearchText(items)
            for pattern in Self.patterns {
                var filter = FilterState()
                filter.setPattern(pattern, items: Snapshot(items))
                let expected = items.indices.filter { filter.isMatch(items[$0]) }
                #expect(filter.matches == expected, "trial \(trial) pattern \(pattern)")
                let search = SearchPattern(pattern)
                if search.isASCII {
                    #expect(text.rows(containing: search.bytes, isCaseSensitive: search.isCaseSensitive) == expected)
                    // Narrowing from every row gives the same rows as the full scan.
                    #expect(text.rows(containing: search.bytes, isCaseSensitive: search.isCaseSensitive, among: Array(items.indices)) == expected)
                    for row in items.indices {
                        #expect(text.row(row, contains: search.bytes, isCaseSensitive: search.isCaseSensitive) == expected.contains(row))
                    }
                }
            }
        }
    }

    /// The scan reads eight bytes at a time: a match at every offset of a word, at the very end
    /// of the text, split across rows or fields (never a match), and just short of the end.
    @Test func matchesAtEveryOffsetAndNeverAcrossFields() {
        for offset in 0..<20 {
            let filler = String(repeating: "-", count: offset)
            let items = [
                FeedItem(id: "a", title: filler + "needle"),
                FeedItem(id: "b", title: filler + "need", author: "le"),
                FeedItem(id: "c", title: filler + "NEEDLE"),
                FeedItem(id: "d", title: filler + "needl"),
                FeedItem(id: "e", title: "x", url: "https://" + filler + "needle.org/p"),
            ]
            let text = SearchText(items)
            #expect(text.rows(containing: Array("needle".utf8), isCaseSensitive: false) == [0, 2, 4])
            #expect(text.rows(containing: Array("NEEDLE".utf8), isCaseSensitive: true) == [2])
            #expect(text.rows(containing: Array("needle".utf8), isCaseSensitive: true) == [0, 4])
            #expect(text.rows(containing: Array("e".utf8), isCaseSensitive: false) == [0, 1, 2, 3, 4])
            #expect(text.rows(containing: Array("l\0".utf8), isCaseSensitive: false) == [])
        }
    }

    /// Pages appended, rows updated, moved, deleted and dropped at either end: after every change
    /// the text equals the one prepared afresh from the rows.
    @Test func followsEveryChangeOfTheRows() {
        var random = SeededRandom(seed: 2026)
        var nextID = 0
        func fresh() -> FeedItem {
            nextID += 1
            return Self.item(nextID, &random)
        }
        var items: [FeedItem] = (0..<30).map { _ in fresh() }
        var text = SearchText(items)
        for step in 0..<300 {
            var next = items
            switch random.below(6) {
            case 0: next += (0..<random.below(25)).map { _ in fresh() }  // a page at the end
            case 1: next.insert(contentsOf: (0..<random.below(5)).map { _ in fresh() }, at: 0)  // live items on top
            case 2: next.removeFirst(min(next.count, random.below(10)))  // a page dropped above
            case 3: next.removeLast(min(next.count, random.below(10)))  // a page dropped below
            case 4:  // content updates in place
                for _ in 0..<3 where !next.isEmpty {
                    let row = random.below(next.count)
                    next[row].title += " edited"
                    next[row].url = random.pick(Self.hosts)
                }
            default:  // moves, deletes and inserts anywhere, some with new content
                for _ in 0..<4 where next.count > 1 {
                    var moved = next.remove(at: random.below(next.count))
                    if random.chance(0.5) { moved.author = "moved" }
                    next.insert(moved, at: random.below(next.count + 1))
                }
                if !next.isEmpty { next.remove(at: random.below(next.count)) }
                next.insert(fresh(), at: random.below(next.count + 1))
            }
            let changes = diff(Snapshot(items), Snapshot(next))
            text.follow(changes, to: Snapshot(next))
            #expect(text == SearchText(next), "step \(step)")
            items = next
        }
    }

    /// Through `reduce`: pages that arrive while no search is on are prepared as they land, and
    /// a search typed afterwards finds them without preparing anything again.
    @Test func pagesArePreparedAsTheyArriveSearchingOrNot() throws {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 3), size: Size(columns: 40, rows: 12))
        guard case let .fetch(request) = state.reduce(.start(at: 0)).first else { Issue.record("no fetch"); return }
        let items = [FeedItem(id: "1", title: "Rust"), FeedItem(id: "2", title: "Go", author: "rob"), FeedItem(id: "3", title: "Zig")]
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: .page(1))), latency: 0.1), at: 0))
        #expect(state.filter.text == SearchText(items))
        _ = state.reduce(.key(.character("/"), at: 1))
        _ = state.reduce(.key(.character("r"), at: 1))
        #expect(state.filter.matches == [0, 1])
        _ = state.reduce(.key(.character("u"), at: 1))
        #expect(state.filter.matches == [0])
        _ = state.reduce(.key(.escape, at: 1))
        #expect(state.filter.text == SearchText(items), "Esc forgets the pattern, not the prepared rows")
    }
}
