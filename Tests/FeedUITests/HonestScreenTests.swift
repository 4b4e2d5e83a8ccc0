import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// Screens that tell the truth: cuts show `…`, a narrow status line drops its least important
/// fields visibly, help lists every key that works, and a retry counts down, then says so.
@Suite struct HonestScreenTests {
    let now = 1_800_000_000.0

    func loaded(_ items: [FeedItem], size: Size, next: PageKey? = nil) -> AppState {
        var state = AppState(sourceName: "test", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        let effects = state.reduce(.start(at: now))
        guard case let .fetch(request) = effects.first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: next)), latency: 0.25), at: now))
        return state
    }

    @Test func cutTitlesAndMetaLinesEndInAnEllipsis() {
        let item = FeedItem(id: "a", title: "A title far too long for twenty columns", author: "someone", score: 12345, commentCount: 678,
                            time: Int64(now) - 7200)
        let grid = render(loaded([item], size: Size(columns: 20, rows: 6)), size: Size(columns: 20, rows: 6))
        #expect(grid.trimmedLines[0] == "▌ A title far too …")
        #expect(grid.trimmedLines[1] == "  someone · 12,345…")
        // Text that fits is not marked.
        let short = render(loaded([FeedItem(id: "b", title: "Short")], size: Size(columns: 20, rows: 6)), size: Size(columns: 20, rows: 6))
        #expect(short.trimmedLines[0] == "▌ Short")
    }

    @Test func statusLineDropsLowestPriorityFirstAndSaysSo() {
        let items = makeItems(0..<3)
        let wide = render(loaded(items, size: Size(columns: 60, rows: 8)), size: Size(columns: 60, rows: 8))
        #expect(wide.trimmedLines[7] == " test · 1/3 · 1 page · 250 ms                        ? help")
        // 32 columns: the latency goes first, then the page count; the help hint stays while it fits.
        let narrow = render(loaded(items, size: Size(columns: 32, rows: 8)), size: Size(columns: 32, rows: 8))
        #expect(narrow.trimmedLines[7] == " test · 1/3 · 1 page · … ? help")
        let narrower = render(loaded(items, size: Size(columns: 24, rows: 8)), size: Size(columns: 24, rows: 8))
        #expect(narrower.trimmedLines[7] == " test · 1/3 · …  ? help")
        let tiny = render(loaded(items, size: Size(columns: 20, rows: 5)), size: Size(columns: 20, rows: 5))
        #expect(tiny.trimmedLines[4] == " test · 1/3 · …")
    }

    @Test func statusLineFitKeepsTheMostImportantField() {
        let fields: [StatusLine.Field] = [
            .init(text: "source", priority: 6), .init(text: "1/3", priority: 7), .init(text: "12 ms", priority: 1),
            .init(text: "? help", priority: 3, isRight: true),
        ]
        #expect(StatusLine.fit(fields, width: 80) == StatusLine(left: " source · 1/3 · 12 ms", right: "? help "))
        #expect(StatusLine.fit(fields, width: 25) == StatusLine(left: " source · 1/3 · …", right: "? help "))
        #expect(StatusLine.fit(fields, width: 24) == StatusLine(left: " source · 1/3 · …", right: ""))
        #expect(StatusLine.fit(fields, width: 17) == StatusLine(left: " source · 1/3 · …", right: ""))
        #expect(StatusLine.fit(fields, width: 5) == StatusLine(left: " 1/3 · …", right: ""))
    }

    /// Every key of every binding is on the help overlay, scrolled through, whatever the table.
    @Test(arguments: [
        KeyMap.standard,
        KeyMap.standard.rebinding([.down: [.character("n"), .down], .quit: [.character("x")], .retry: []]),
    ])
    func helpListsEveryBoundKey(keyMap: KeyMap) {
        var s = loaded(makeItems(0..<3), size: Size(columns: 60, rows: 20))
        s.keyMap = keyMap
        _ = s.reduce(.key(.character("?"), at: now))
        var seen: [String] = []
        for _ in 0...keyMap.bindings.count {
            seen += render(s, size: s.size).trimmedLines
            _ = s.reduce(.key(.down, at: now))
        }
        for binding in keyMap.bindings {
            let row = seen.first { $0.contains("  " + binding.help) }
            #expect(row != nil, "help has a row for \(binding.intent)")
            let words = Set((row ?? "").split(separator: " ").map(String.init))
            for key in binding.keys {
                #expect(words.contains(key.label), "help shows \(key.label) for \(binding.intent)")
            }
            if binding.keys.isEmpty { #expect(words.contains("—"), "an unbound \(binding.intent) says so") }
        }
    }

    @Test func standardHelpNamesTheKeysTheIssueFoundMissing() {
        let labels = KeyMap.standard.bindings.map(\.label).joined(separator: " ")
        for key in ["d", "f", "^F", "^N", "<", ">", "e", "^R"] {
            #expect(labels.split(separator: " ").contains(Substring(key)), "\(key) is in the help")
        }
    }

    @Test func retryCountsDownThenSaysItIsRetrying() throws {
        var state = AppState(sourceName: "demo", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 60, rows: 7))
        let effects = state.reduce(.start(at: now))
        guard case let .fetch(request) = effects.first else { Issue.record("no fetch"); return }
        let error = FeedError(.http(status: 503), "HTTP 503")
        _ = state.reduce(.fetched(.retrying(request, attempt: 2, delay: 1.5, error: error), at: now))
        func line() -> String { render(state, size: state.size).trimmedLines.first { $0.contains("HTTP 503") } ?? "" }
        #expect(line().hasSuffix("HTTP 503 — retrying in 1.5s (attempt 2)"))
        _ = state.reduce(.tick(at: now + 1.0))
        #expect(line().hasSuffix("HTTP 503 — retrying in 0.5s (attempt 2)"))
        _ = state.reduce(.tick(at: now + 1.5))
        #expect(line().hasSuffix("HTTP 503 — retrying now (attempt 2)"))
        _ = state.reduce(.tick(at: now + 4))
        #expect(line().hasSuffix("HTTP 503 — retrying now (attempt 2)"))
    }

    @Test func metaLineSpeaksTheSourcesWords() {
        let github = FeedItem(id: "g", title: "apple/swift", score: 60_000, time: Int64(now) - 3 * 86400, facts: [
            .count("stars", 60_000, symbol: "★"), .count("forks", 10_321, "fork"), .text("language", "C++"),
            .age(Int64(now) - 3 * 86400, prefix: "updated"), ItemFact("license", .text("Apache-2.0"), label: .hidden),
        ])
        #expect(metaLine(github, now: now) == "★ 60,000 · 10,321 forks · C++ · updated 3d")
        let wiki = FeedItem(id: "w", title: "Histology", facts: [
            ItemFact("bytes", .number(-522), label: .text("−522 bytes")), .author("Iztwoz"), .text("summary", "ce <ref>"),
        ])
        #expect(metaLine(wiki, now: now) == "−522 bytes · Iztwoz · ce <ref>")
        // No facts (the demo feed, tests): the common fields.
        let plain = FeedItem(id: "p", title: "x", author: "ada", score: 1, commentCount: 2, time: Int64(now) - 30)
        #expect(metaLine(plain, now: now) == "ada · 1 point · 2 comments · now")
        // Large counts grouped as the status line and the footers group theirs (issue 23, item 5).
        let big = FeedItem(id: "b", title: "x", author: "ada", score: 12_345, commentCount: 1_000, time: Int64(now) - 30)
        #expect(metaLine(big, now: now) == "ada · 12,345 points · 1,000 comments · now")
    }

    @Test func searchMarksTheAuthorWhereverTheSourcePutsIt() {
        var state = loaded([FeedItem(id: "r", title: "Post", author: "alice", facts: [
            .count("score", 3, "point"), .author("alice", shown: "u/alice"),
        ])], size: Size(columns: 40, rows: 6))
        for key in "/ali" { _ = state.reduce(.key(.character(key), at: now)) }
        let marks = state.filter.marks(inMeta: "3 points · u/alice", of: state.list.paging.items[0])
        // UTF-8 offsets: `·` is two bytes.
        #expect(marks == [14..<17])
    }
}
