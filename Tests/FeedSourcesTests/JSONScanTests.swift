import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// What `JSONDecoder` gets wrong, caught before it decodes (issue 24): a lone surrogate or a
/// byte that is not UTF-8 failed the whole page after 8 attempts; a key given twice silently
/// emptied a page.
@Suite struct JSONScanTests {
    private struct Item: Decodable, Equatable { var id: Int; var title: String }

    private func decode(_ body: [UInt8]) throws(FeedError) -> [Item] {
        try JSONBody.decode([Item].self, from: Data(body), api: "t")
    }

    @Test func aLoneSurrogateBecomesAReplacementInItsFieldOnly() throws {
        let items = try decode(Array(#"[{"id":1,"title":"a\ud83d b"},{"id":2,"title":"fine \ud83d\udc4d"},{"id":3,"title":"\udc4d"}]"#.utf8))
        #expect(items == [Item(id: 1, title: "a\u{FFFD} b"), Item(id: 2, title: "fine 👍"), Item(id: 3, title: "\u{FFFD}")])
    }

    @Test func aHighSurrogateFollowedByAnotherEscapeIsStillLone() throws {
        let items = try decode(Array(#"[{"id":1,"title":"\ud83d\u0041\ud83d"}]"#.utf8))
        #expect(items == [Item(id: 1, title: "\u{FFFD}A\u{FFFD}")])
    }

    @Test func bytesThatAreNotUTF8BecomeReplacements() throws {
        // A Latin-1 é, a stray continuation byte, a sequence cut short, an overlong slash.
        var body = Array(#"[{"id":1,"title":"caf"#.utf8) + [0xE9] + Array(#" x"#.utf8) + [0x80]
        body += Array(#" y"#.utf8) + [0xE2, 0x82] + Array(#" z"#.utf8) + [0xC0, 0xAF] + Array(#""}]"#.utf8)
        let items = try decode(body)
        #expect(items == [Item(id: 1, title: "caf\u{FFFD} x\u{FFFD} y\u{FFFD}\u{FFFD} z\u{FFFD}\u{FFFD}")])
    }

    @Test func validTextIsNotCopied() {
        let body = Data(#"{"a":"東京 👍🏽 \u00e9 \ud83d\udc4d","b":[1,2,{"a":1}]}"#.utf8)
        #expect(JSONScan.scan(body) == JSONScan.Outcome(repaired: nil, duplicateKey: nil))
    }

    @Test func aKeyTwiceInOneObjectIsAMalformedBody() {
        // The same key in different objects, or a value equal to a key, is fine.
        #expect(JSONScan.scan(Data(#"[{"id":1,"title":"id"},{"id":2,"title":"x"}]"#.utf8)).duplicateKey == nil)
        #expect(JSONScan.scan(Data(#"{"a":{"b":1},"b":{"a":2}}"#.utf8)).duplicateKey == nil)
        #expect(JSONScan.scan(Data(#"{"a":{"b":1,"b":2}}"#.utf8)).duplicateKey == "b")
        #expect(throws: FeedError(.decoding, #"t: unexpected response (key "title" twice in one object)"#)) {
            try decode(Array(#"[{"id":1,"title":"a","title":"b"}]"#.utf8))
        }
    }

    /// The exact shape from the sweep: Algolia's `hits` given twice, the second empty. The
    /// page was empty and the run said "has no items", exit 0.
    @Test func hnSearchWithHitsTwiceFailsInsteadOfEndingEmpty() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/algolia/api/v1"
        transport.serve(
            "\(base)/search?query=x&tags=story&hitsPerPage=20&page=0",
            body: #"{"hits":[{"objectID":"1","title":"a"}],"nbHits":1,"nbPages":1,"page":0,"hits":[]}"#)
        let source = AlgoliaSearchSource(query: "x", baseURL: URL(string: base)!, transport: transport)
        let error = try #require(await loadError(source, source.firstKey, pageSize: 20))
        #expect(error.kind == .decoding)
        #expect(error.message == #"hn-search: unexpected response (key "hits" twice in one object)"#)
    }

    @Test func aDuplicateKeyIsNeverEchoedRaw() {
        let outcome = JSONScan.scan(Data(#"{"\u001b[2J":1,"\u001b[2J":2}"#.utf8))
        #expect(outcome.duplicateKey == #"\u001b[2J"#)
        let raw = JSONScan.scan(Data([0x7B, 0x22, 0x1B, 0x22, 0x3A, 0x31, 0x2C, 0x22, 0x1B, 0x22, 0x3A, 0x32, 0x7D]))
        #expect(raw.duplicateKey == "\u{1B}")
        do {
            _ = try JSONBody.decode([String: Int].self, from: Data([0x7B, 0x22, 0x1B, 0x22, 0x3A, 0x31, 0x2C, 0x22, 0x1B, 0x22, 0x3A, 0x32, 0x7D]), api: "t")
            Issue.record("decoded a body with a key twice")
        } catch {
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
        }
    }

    @Test(.timeLimit(.minutes(1))) func aLargeBodyIsScannedInOnePass() {
        let object = #"{"id":1,"title":"东京 text \ud83d\udc4d","kids":[1,2,3],"by":"x"}"#
        let body = Data(("[" + Array(repeating: object, count: 100_000).joined(separator: ",") + "]").utf8)
        let clock = ContinuousClock()
        var outcome: JSONScan.Outcome?
        let elapsed = clock.measure { outcome = JSONScan.scan(body) }
        #expect(outcome == JSONScan.Outcome(repaired: nil, duplicateKey: nil))
        #expect(elapsed < .seconds(20), "\(body.count) bytes took \(elapsed)")
    }
}
