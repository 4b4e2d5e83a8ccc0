import FeedFormats
import Foundation
import Testing
import FeedTestSupport

/// The XML parser streams: entries reach the caller one by one while the document is read, and
/// a 100,000-entry feed parses whole with every entry in order.
@Suite struct FeedStreamingTests {
    static func bigRSS(_ count: Int) -> [UInt8] {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Big</title><link>https://big.example/</link>\n"
        out.reserveCapacity(count * 220)
        for i in 0..<count {
            out += "<item><title>Entry \(i) &amp; more</title><link>https://big.example/\(i)</link><guid>big-\(i)</guid>"
            out += "<pubDate>Tue, 02 Jan 2024 09:30:00 +0000</pubDate><description><![CDATA[<p>Body \(i)</p>]]></description></item>\n"
        }
        return Array((out + "</channel></rss>\n").utf8)
    }

    @Test(.offThePool) func hundredThousandEntriesStreamInOrder() throws {
        let bytes = Self.bigRSS(100_000)
        var count = 0
        var inOrder = true
        let head = try FeedParser.stream(bytes) { entry in
            if entry.id != "big-\(count)" || entry.title != "Entry \(count) & more" { inOrder = false }
            count += 1
        }
        #expect(count == 100_000)
        #expect(inOrder)
        #expect(head.title == "Big")
        #expect(head.repairs.isEmpty)
    }

    @Test func entriesArriveBeforeTheDocumentEnds() throws {
        // A document cut after its second item still hands both over, in order, as they end.
        var bytes = Self.bigRSS(3)
        bytes.removeLast(60)
        var titles: [String] = []
        _ = try FeedParser.stream(bytes) { titles.append($0.title) }
        #expect(titles == ["Entry 0 & more", "Entry 1 & more"])
    }
}
