import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// What a feed's entries become as items, read through a scripted transport.
@Suite struct SyndicationItemTests {
    static let address = "https://example.org/untitled.xml"

    /// An entry with neither title nor text keeps an empty title: the screen draws `(untitled)`
    /// for it, and `feed --json` gives `""` (it gave the placeholder as if it were the title).
    @Test(.timeLimit(.minutes(1))) func anEntryWithNoTitleAndNoTextHasAnEmptyTitle() async throws {
        let rss = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
            <item><guid>bare</guid><link>https://example.org/a</link></item>
            <item><guid>named</guid><title>Named</title></item>
            </channel></rss>
            """
        let transport = ScriptedTransport { url, _ in
            .success(HTTPResponse(status: 200, headers: ["content-type": "application/rss+xml"], body: Data(rss.utf8), url: URL(string: url)!))
        }
        let source = SyndicationSource(url: URL(string: Self.address)!, transport: transport)
        let page = try await source.load(source.firstKey, pageSize: 10)
        #expect(page.items.map(\.id) == ["bare", "named"])
        #expect(page.items.map(\.title) == ["", "Named"])
    }
}
