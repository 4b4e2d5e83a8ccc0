import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// A podcast entry in the detail: each enclosure a line of its own (type, size, duration,
/// address, remote text sanitised), and `o` opens the episode while the page stays reachable.
@Suite struct EnclosureDetailTests {
    static func episode(_ media: [ItemFact.Media], id: String = "ep1", url: String? = "https://pod.example/ep1") -> FeedItem {
        FeedItem(
            id: id, title: "Episode 1", url: url, author: "Host",
            facts: [ItemFact("author", .text("Host"), label: .text("Host")), ItemFact("enclosures", .media(media), label: .text("▶ audio"))]
        ).sanitized()
    }

    @Test func eachEnclosureHasALineOfItsOwn() {
        let item = Self.episode([
            ItemFact.Media(url: "https://cdn.pod.example/ep1.mp3", type: "audio/mpeg", length: 23_456_789, duration: 3725),
            ItemFact.Media(url: "https://cdn.pod.example/ep1%20notes.pdf", type: "application/pdf", length: 812),
            ItemFact.Media(url: "https://cdn.pod.example/clip.mp4", type: "video/mp4\u{1B}[31m", duration: 45),
            ItemFact.Media(url: "https://cdn.pod.example/raw"),
        ])
        let lines = DetailLayout.lines(DetailState(item: item, serial: 1, comments: nil), width: 100, now: 0).map(\.text)
        #expect(Array(lines.prefix(7)) == [
            "Episode 1",
            "Host · ▶ audio",
            "https://pod.example/ep1",
            "▶ audio/mpeg · 23.4 MB · 1:02:05 · https://cdn.pod.example/ep1.mp3",
            "▶ application/pdf · 812 bytes · https://cdn.pod.example/ep1%20notes.pdf",
            // The type's escape sequence is taken out whole, as in every remote text.
            "▶ video/mp4 · 0:45 · https://cdn.pod.example/clip.mp4",
            "▶ media · https://cdn.pod.example/raw",
        ])
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x1B }, "no escape reaches the screen")
    }

    @Test(arguments: [(812, "812 bytes"), (1, "1 byte"), (96_300, "96 KB"), (23_456_789, "23.4 MB"), (1_234_567_890, "1.2 GB")] as [(Int64, String)])
    func sizes(_ bytes: Int64, _ text: String) {
        #expect(ItemFact.Media.sizeText(bytes) == text)
    }

    /// An enclosure without a type (RSS requires one; feeds leave it out, or send
    /// `application/octet-stream`) is an episode when its file's name says so, as podcast
    /// players take it; a stated audio or video type decides whatever the name says.
    @Test(arguments: [
        ("https://c.example/ep1.mp3", nil, true), ("https://c.example/ep1.M4A?token=x#t=10", nil, true),
        ("https://c.example/talk.mp4", "application/octet-stream", true), ("https://c.example/ep.opus", "", true),
        ("https://c.example/v.webm", nil, true), ("https://c.example/notes.pdf", nil, false),
        ("https://c.example/mp3", nil, false), ("https://c.example/ep.mp3/", nil, false),
        ("https://c.example/ep.mp3", "application/pdf", false), ("https://c.example/ep", "audio/mpeg", true),
        ("https://mp3.example/", nil, false), ("https://c.example/a.txt?f=ep.mp3", nil, false),
    ] as [(String, String?, Bool)])
    func playable(_ url: String, _ type: String?, _ expected: Bool) {
        #expect(ItemFact.Media(url: url, type: type).isPlayable == expected)
    }

    func state(with items: [FeedItem]) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 80, rows: 24))
        guard case let .fetch(request)? = state.reduce(.start(at: 0)).first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: 0))
        return state
    }

    /// `o` plays the episode (the first audio or video enclosure), in the list and in the
    /// detail; `y` still copies the entry's page, and `o` on an entry whose only enclosure is
    /// a PDF opens the page.
    @Test func oOpensTheEpisodeAndThePageStaysReachable() {
        let pdf = ItemFact.Media(url: "https://cdn.pod.example/notes.pdf", type: "application/pdf")
        let mp3 = ItemFact.Media(url: "https://cdn.pod.example/ep1.mp3", type: "audio/mpeg")
        var s = state(with: [Self.episode([pdf, mp3]), Self.episode([pdf], id: "ep2", url: "https://pod.example/ep2")])
        #expect(s.reduce(.key(.character("o"), at: 1)).first == .openURL("https://cdn.pod.example/ep1.mp3"))
        #expect(s.notice == "opening https://cdn.pod.example/ep1.mp3")
        #expect(s.reduce(.key(.character("y"), at: 1)) == [.copy("https://pod.example/ep1")])
        _ = s.reduce(.key(.enter, at: 2))
        #expect(s.detail != nil)
        #expect(s.reduce(.key(.character("o"), at: 3)).first == .openURL("https://cdn.pod.example/ep1.mp3"))
        _ = s.reduce(.key(.escape, at: 4))
        _ = s.reduce(.key(.character("j"), at: 5))
        #expect(s.reduce(.key(.character("o"), at: 6)).first == .openURL("https://pod.example/ep2"))
    }
}
