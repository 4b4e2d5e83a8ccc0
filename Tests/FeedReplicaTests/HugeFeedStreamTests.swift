import Foundation
import Testing
@testable import FeedReplica
import FeedTestSupport

/// `huge?n=N`: the huge feed with N entries, made as it is sent.
@Suite struct HugeFeedStreamTests {
    /// N = 100,000 sends the very bytes of `huge`; N = 3 its three newest entries' shape; the
    /// ETag comes back as 304; N out of range is refused.
    @Test(.offThePool) func streamsTheHugeFeedAtAnyLength() async throws {
        try await withReplica { running in
            let whole = try await ReplicaClient.get(running, "feeds", "/huge")
            let streamed = try await ReplicaClient.get(running, "feeds", "/huge?n=100000")
            #expect(whole.status == 200 && streamed.status == 200)
            #expect(streamed.body.count == whole.body.count)
            #expect(streamed.body == whole.body)
            let three = try await ReplicaClient.get(running, "feeds", "/huge?n=3")
            #expect(three.text.components(separatedBy: "<item>").count == 4)
            #expect(three.text.contains("huge/2</guid>") && three.text.contains("huge/0</guid>") && !three.text.contains("huge/3</guid>"))
            #expect(three.text.hasSuffix("</channel></rss>\n"))
            let none = try await ReplicaClient.get(running, "feeds", "/huge?n=0")
            #expect(!none.text.contains("<item>") && none.text.hasSuffix("</channel></rss>\n"))
            let etag = try #require(three.header("ETag"))
            var again = ReplicaRequest(path: "huge", fullPath: "/feeds/huge?n=3", rawQuery: "n=3", origin: "http://127.0.0.1:1", now: 0)
            let first = FeedsReplica.streamedHuge(count: 3, request: again)
            again.headers = [("if-none-match", try #require(first.header("ETag")))]
            #expect(FeedsReplica.streamedHuge(count: 3, request: again).status == 304)
            #expect(etag.hasPrefix("\"huge-3-"))
            let refused = try await ReplicaClient.get(running, "feeds", "/huge?n=-1")
            #expect(refused.status == 400)
        }
    }
}
