import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// A page's items reach `context.progress` in rank order as they arrive: never one before an
/// item ranked above it, never the same prefix twice.
struct RankedPrefixTests {
    final class Heard: Sendable {
        let reports = Mutex<[[String]]>([])
        var all: [[String]] { reports.withLock { $0 } }
    }

    static func item(_ n: Int) -> FeedItem { FeedItem(id: "hn:\(n)", title: "Story \(n)") }

    @Test func itemsAreReportedInRankOrderAsTheRunFromTheFirstGrows() {
        let heard = Heard()
        let prefix = RankedPrefix(count: 5) { items in heard.reports.withLock { $0.append(items.map(\.id)) } }
        prefix.arrived(Self.item(2), at: 1)
        prefix.arrived(Self.item(4), at: 3)
        #expect(heard.all.isEmpty, "nothing before the first place settles")
        prefix.arrived(Self.item(1), at: 0)
        #expect(heard.all == [["hn:1", "hn:2"]])
        prefix.arrived(nil, at: 2)  // gone: the run grows past it with nothing new to show but item 4
        #expect(heard.all == [["hn:1", "hn:2"], ["hn:1", "hn:2", "hn:4"]])
        prefix.arrived(Self.item(1), at: 0)  // a place settles once
        prefix.arrived(nil, at: 4)
        prefix.arrived(Self.item(9), at: 7)  // no such place
        #expect(heard.all.count == 2)
    }

    /// Through HN: the first page's first story is heard while the others are still on the wire.
    @Test func theFirstPageOfHNIsHeardBeforeItsLastItem() async throws {
        let base = "http://127.0.0.1:8080/hn/v0"
        let scripted = ScriptedTransport { url, _ in
            url.hasSuffix("topstories.json") ? ScriptedTransport.json(url, "[1,2,3]") : nil
        }
        let source = HackerNewsSource(baseURL: URL(string: base)!, transport: scripted, maxConcurrentItems: 3)
        let (heard, hear) = AsyncStream.makeStream(of: [String].self)
        let context = FetchContext(progress: { items in hear.yield(items.map(\.id)) })
        let load = Task { try await source.load(source.firstKey, pageSize: 3, context: context) }
        await scripted.until { $0.held.count == 3 }
        scripted.answer("\(base)/item/1.json", ScriptedTransport.json("\(base)/item/1.json", RetryingTransportTests.story(1)))
        var reports = heard.makeAsyncIterator()
        #expect(await reports.next() == ["hn:1"])
        #expect(scripted.snapshot.held.count == 2)
        for id in [2, 3] {
            scripted.answer("\(base)/item/\(id).json", ScriptedTransport.json("\(base)/item/\(id).json", RetryingTransportTests.story(id)))
            #expect(await reports.next() == (1...id).map { "hn:\($0)" })
        }
        let page = try await load.value
        #expect(page.items.map(\.id) == ["hn:1", "hn:2", "hn:3"])
    }
}
