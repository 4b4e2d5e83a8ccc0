import FeedModel
import Testing
@testable import FeedReplica

@Suite struct ReplicaSupportTests {
    @Test(arguments: [("20", 20), ("  12abc", 12), ("-5", -5), ("0x10", 16), ("abc", nil), ("", nil)] as [(String, Int?)])
    func parseIntFollowsJavaScript(text: String, expected: Int?) {
        #expect(jsParseInt(text) == expected)
    }

    @Test func sliceFollowsJavaScript() {
        #expect(jsSliceRange(count: 10, start: 8, end: 20) == 8..<10)
        #expect(jsSliceRange(count: 10, start: -3, end: 10) == 7..<10)
        #expect(jsSliceRange(count: 10, start: 12, end: 20).isEmpty)
    }

    @Test func roundsCountRoundTripsOneAfterAnotherNotRequests() {
        var stats = ReplicaStats()
        // Three requests fanned out together are one round; each answered before the next
        // starts, three requests are three.
        let together = (0..<3).map { _ in stats.roundOfNewRequest() }
        for round in together { stats.answered(round: round) }
        #expect(stats.rounds == 1)
        for _ in 0..<3 { stats.answered(round: stats.roundOfNewRequest()) }
        #expect(stats.rounds == 4)
        // A request that started before the chain grew does not lengthen it when it ends.
        let early = stats.roundOfNewRequest()
        stats.answered(round: stats.roundOfNewRequest())
        stats.answered(round: stats.roundOfNewRequest())
        stats.answered(round: early)
        #expect(stats.rounds == 6)
        #expect(stats.json.serialized().contains(#""rounds":6"#))
    }

    @Test func timestampsFormat() {
        #expect(isoTimestamp(1_481_225_947) == "2016-12-08T19:39:07Z")
        #expect(isoTimestamp(1_727_296_043, fraction: 3, offsetHours: -5) == "2024-09-25T15:27:23.000-05:00")
        #expect(mediaWikiTimestamp(1_522_400_722) == "20180330090522")
        #expect(WikipediaReplica.parseTimestamp("20180330090522") == 1_522_400_722)
    }

    @Test func jsonKeepsOrderAndEscapes() {
        let value: JSONValue = ["b": 1, "a": .string("x\"y\n"), "c": .double(1688475187), "d": .null]
        #expect(value.serialized() == #"{"b":1,"a":"x\"y\n","c":1688475187.0,"d":null}"#)
        #expect(value.sortedKeys().serialized().hasPrefix(#"{"a":"#))
    }

    @Test func dataIsDeterministicForASeed() {
        let clock = FeedClock(startedAt: 0, anchor: 1_760_000_000, drift: 0)
        let a = HackerNewsReplica(seed: 9, clock: clock, count: 40)
        let b = HackerNewsReplica(seed: 9, clock: clock, count: 40)
        let c = HackerNewsReplica(seed: 10, clock: clock, count: 40)
        let ids = (0..<40).map(a.id(of:))
        #expect(ids.map { a.itemJSON(id: $0, now: 0) } == ids.map { b.itemJSON(id: $0, now: 0) })
        #expect(ids.map { a.itemJSON(id: $0, now: 0) } != ids.map { c.itemJSON(id: $0, now: 0) })
    }

    @Test func titlesCoverSeveralScriptsAndEntities() {
        var rng = SeededRandom(seed: 1)
        let titles = (0..<2000).map { _ in TextGenerator.title(&rng) }
        #expect(titles.contains(""))
        #expect(titles.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(titles.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } })
        #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(titles.contains { $0.count > 300 })
        #expect(TextGenerator.htmlEscapeHN("it's \"a\" & b") == "it&#x27;s &quot;a&quot; &amp; b")
    }
}

@Suite struct GzipTests {
    @Test func storedBlocksRoundTripThroughURLSession() async throws {
        try await withReplica { running in
            // URLSession asks for gzip and decodes it; the body must still be the wrapper JSON.
            let answer = try await ReplicaClient.get(running, "stackexchange", "/questions?site=stackoverflow&pagesize=100")
            #expect(answer.object["items"] is [Any])
        }
    }

    @Test func crcMatchesTheKnownValue() {
        #expect(Gzip.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let big = [UInt8](repeating: 65, count: 70_000)
        let wrapped = Gzip.wrap(big)
        #expect(wrapped.count == 10 + 5 + 65535 + 5 + (70_000 - 65535) + 8)
    }
}

@Suite struct AlgoliaHighlightTests {
    @Test func emphasizesEveryMatch() {
        #expect(AlgoliaReplica.emphasize("Rust and rustaceans", words: ["rust"]) == "<em>Rust</em> and <em>rust</em>aceans")
        #expect(AlgoliaReplica.emphasize("nothing", words: []) == "nothing")
    }
}
