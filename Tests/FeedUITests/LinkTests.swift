import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

@Suite struct LinkTests {
    @Test(arguments: [
        "https://example.com", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM/", "https://user@host:8080/x",
        "http://[::1]:8765/item?id=1", "  https://trimmed.example/  ",
    ])
    func httpLinksPass(link: String) throws {
        #expect(try LinkCheck.validate(link) == link.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: [
        ("javascript:alert(1)", LinkCheck.Refusal.scheme("javascript")), ("file:///etc/passwd", .scheme("file")),
        ("ftp://example.com", .scheme("ftp")), ("example.com", .scheme("")), ("//example.com", .scheme("")),
        ("mailto:a@b", .scheme("mailto")), ("data:text/html,x", .scheme("data")),
        ("\u{1B}]0;x:y", .scheme("?")),
        ("https://", .malformed), ("https:example.com", .malformed), ("https://exa mple.com", .hiddenCharacters),
        ("https://example.com/\u{1B}[2J", .hiddenCharacters), ("https://example.com/\u{9B}31m", .hiddenCharacters),
        ("https://example.com/\u{7F}", .hiddenCharacters), ("https://:80/", .malformed), ("https://a@/", .malformed),
        ("https://example.com/\u{202E}gnp.exe", .hiddenCharacters), ("https://exa\u{200B}mple.com/", .hiddenCharacters),
        ("https://example.com/a\u{00A0}b", .hiddenCharacters), ("https://example.com/a\u{3000}b", .hiddenCharacters),
    ])
    func otherLinksAreRefused(link: String, refusal: LinkCheck.Refusal) {
        #expect(throws: refusal) { try LinkCheck.validate(link) }
    }

    @Test func refusalsReadAsOneLine() {
        #expect(LinkCheck.message(for: .scheme("javascript")) == "not opened: javascript: links are refused (only http and https open)")
        #expect(LinkCheck.message(for: .scheme("")) == "not opened: the link has no scheme (only http and https links open)")
        #expect(LinkCheck.message(for: .malformed) == "not opened: the link is malformed")
        #expect(throws: LinkCheck.Refusal.malformed) { try LinkCheck.validate("https://x/" + String(repeating: "a", count: 9000)) }
    }

    /// Issue 14: `https://example.com/\e[31mred` was opened as `…/red`, the link cleaning made.
    @Test func aLinkWithControlsIsRefusedAsReceivedNotOpenedCleaned() {
        let raw = FeedItem(id: "a", title: "A", url: "https://example.com/\u{1B}[31mred",
                           discussionURL: "https://news.example/item?id=1 x")
        let item = raw.sanitized()
        #expect(item.url == "https://example.com/red", "shown cleaned")
        #expect(item.refusedLinks == ["https://example.com/red", "https://news.example/item?id=1 x"])
        #expect(item.sanitized() == item, "sanitising again keeps the refusal")
        var s = state(with: [item])
        for key in ["o", "y", "c"] {
            #expect(s.reduce(.key(.character(Character(key)), at: 1)) == [], "\(key) has no effect")
            #expect(s.notice == "not opened: the link came with control or space characters in it")
        }
        let clean = FeedItem(id: "b", title: "B", url: " https://example.com/red\n").sanitized()
        #expect(clean.refusedLinks == nil, "surrounding whitespace changes nothing about the link")
    }

    func state(with items: [FeedItem]) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 80, rows: 24))
        let effects = state.reduce(.start(at: 0))
        guard case let .fetch(request) = effects.first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: 0))
        return state
    }

    /// `hn --thread ID`: the detail over the list is not the cursor's item; `o` there opened the
    /// cursor's link.
    @Test func aThreadOpenedOverTheListOpensItsOwnLink() {
        var s = state(with: [FeedItem(id: "a", title: "A", url: "https://a.example/x")])
        s.commentPageSize = 20
        _ = s.reduce(.openThread(itemID: "hn:9"))
        #expect(s.reduce(.key(.character("o"), at: 1)) == [], "the stand-in has no link yet")
        #expect(s.notice == "this item has no link")
        #expect(s.reduce(.key(.character("y"), at: 2)) == [], "nor is the cursor's link copied")
    }

    @Test func openCopyAndDiscussionBecomeEffectsWithNotices() {
        var s = state(with: [FeedItem(id: "a", title: "A", url: "https://a.example/x", discussionURL: "https://news.example/item?id=1")])
        #expect(s.reduce(.key(.character("o"), at: 1)) == [.openURL("https://a.example/x")])
        #expect(s.notice == "opening https://a.example/x")
        #expect(s.reduce(.key(.character("c"), at: 1)) == [.openURL("https://news.example/item?id=1")])
        #expect(s.notice == "opening https://news.example/item?id=1")
        #expect(s.reduce(.key(.character("y"), at: 1)) == [.copy("https://a.example/x")])
        #expect(s.notice == "copied https://a.example/x")
        #expect(render(s, size: s.size).line(23).contains(" · copied https://a.example/x"))
        // The next key clears it.
        #expect(s.reduce(.key(.character("j"), at: 2)) == [])
        #expect(s.notice == nil)
        _ = s.reduce(.notice("cannot start xdg-open: No such file or directory"))
        #expect(s.notice == "cannot start xdg-open: No such file or directory")
    }

    @Test func badOrMissingLinksOnlySaySo() {
        var s = state(with: [
            FeedItem(id: "a", title: "A", url: "javascript:alert(1)"),
            FeedItem(id: "b", title: "B"),
            FeedItem(id: "c", title: "Ask", discussionURL: "https://news.example/item?id=3"),
        ])
        #expect(s.reduce(.key(.character("o"), at: 1)) == [])
        #expect(s.notice == "not opened: javascript: links are refused (only http and https open)")
        #expect(s.reduce(.key(.character("y"), at: 1)) == [])
        #expect(s.notice == "not opened: javascript: links are refused (only http and https open)")
        _ = s.reduce(.key(.character("j"), at: 1))
        #expect(s.reduce(.key(.character("o"), at: 1)) == [])
        #expect(s.notice == "this item has no link")
        #expect(s.reduce(.key(.character("c"), at: 1)) == [])
        #expect(s.notice == "this item has no discussion page")
        _ = s.reduce(.key(.character("j"), at: 1))
        // No link of its own: `o` opens the discussion.
        #expect(s.reduce(.key(.character("o"), at: 1)) == [.openURL("https://news.example/item?id=3")])
    }

    @Test func nothingLoadedNothingOpened() {
        var s = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 80, rows: 24))
        #expect(s.reduce(.key(.character("o"), at: 1)).allSatisfy { if case .openURL = $0 { false } else { true } })
        #expect(s.notice == "no item selected")
    }

    @Test func theStatusLineNamesTheHelpKeyFromTheTable() {
        var s = state(with: makeItems(0..<3))
        #expect(render(s, size: s.size).line(23).hasSuffix("? help "))
        s.keyMap = KeyMap.standard.rebinding([.help: [.function1Substitute]])
        #expect(render(s, size: s.size).line(23).hasSuffix("H help "))
    }
}

extension Key {
    fileprivate static let function1Substitute = Key.character("H")
}

import Foundation
