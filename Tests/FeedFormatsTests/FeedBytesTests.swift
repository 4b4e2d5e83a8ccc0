@testable import FeedFormats
import Foundation
import Testing

/// `FeedBytes.prepare` copies a document only when it must: valid UTF-8 needing no repair is
/// read where it is (a 32 MB feed held once), and a repair copies from its first change on.
@Suite struct FeedBytesTests {
    private func prepared(_ text: String, contentType: String? = nil) -> (FeedBytes, [UInt8]) {
        let input = Array(text.utf8)
        return input.withUnsafeBufferPointer { buffer in
            let bytes = FeedBytes.prepare(buffer, contentType: contentType)
            return (bytes, bytes.utf8(in: buffer))
        }
    }

    @Test func cleanUTF8IsReadInPlace() {
        let text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss><channel><title>Caf\u{E9} &amp; b&#233;b&#xE9; &lt;ok&gt;</title>"
            + "<![CDATA[ <b>&nbsp;</b> ]]><!-- & --></channel></rss>"
        let (bytes, utf8) = prepared(text)
        #expect(bytes.owned == nil)
        #expect(bytes.repairs.isEmpty)
        // The prolog is skipped by the range, not by a copy.
        #expect(String(decoding: utf8, as: UTF8.self) == String(text.drop { $0 != "\n" }.dropFirst()))
    }

    @Test func aBOMAndAPrologAreSkippedWithoutACopy() {
        let (bytes, utf8) = prepared("\u{FEFF}  <!DOCTYPE rss SYSTEM \"x\"><rss/>")
        #expect(bytes.owned == nil)
        #expect(bytes.doctype == "<!DOCTYPE rss SYSTEM \"x\">")
        #expect(utf8 == Array("<rss/>".utf8))
    }

    /// Each repair, placed late so the bytes before it must be copied first, gives exactly what
    /// a repair of the whole text gives.
    @Test(arguments: [
        ("Tom &nbsp; Jerry", "Tom &#160; Jerry", "1 undeclared HTML entity replaced"),
        ("fish & chips", "fish &amp; chips", "1 bare & escaped"),
        ("bell\u{07}ring", "bellring", "1 character XML forbids dropped"),
        ("bad &#0; ref", "bad &#xFFFD; ref", nil),
        ("<![CDATA[a\u{01}b]]>", "<![CDATA[ab]]>", "1 character XML forbids dropped"),
        ("open <![CDATA[ never", "open <![CDATA[ never]]>", "unterminated CDATA section closed"),
    ] as [(String, String, String?)])
    func aRepairCopiesFromItsFirstChange(_ broken: String, _ expected: String, _ note: String?) {
        let lead = String(repeating: "<p>clean &amp; fine</p>", count: 20)
        let (bytes, utf8) = prepared("<rss>" + lead + broken)
        #expect(bytes.owned != nil)
        #expect(String(decoding: utf8, as: UTF8.self) == "<rss>" + lead + expected)
        if let note { #expect(bytes.repairs.contains(note)) }
    }

    @Test func otherCharsetsAreConvertedOnce() {
        let input: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><t>caf".utf8) + [0xE9, 0x80] + Array("</t>".utf8)
        let (bytes, utf8) = input.withUnsafeBufferPointer { buffer in
            let bytes = FeedBytes.prepare(buffer, contentType: nil)
            return (bytes, bytes.utf8(in: buffer))
        }
        #expect(bytes.charset == "windows-1252")
        #expect(String(decoding: utf8, as: UTF8.self) == "<t>caf\u{E9}\u{20AC}</t>")
    }

    @Test func utf8IsValidatedWithoutAString() {
        #expect(FeedBytes.isValidUTF8(Array("plain ascii".utf8)))
        #expect(FeedBytes.isValidUTF8(Array("caf\u{E9} \u{1F600}".utf8)))
        #expect(!FeedBytes.isValidUTF8([0x63, 0xE9, 0x20]))
        #expect(!FeedBytes.isValidUTF8([0xED, 0xA0, 0x80]))  // a surrogate
    }

    /// The same document parsed from `Data` (as the network delivers it) and from an array.
    @Test func dataAndArraysParseAlike() throws {
        let rss = FeedStreamingTests.bigRSS(50)
        let fromArray = try FeedParser.parse(rss)
        let fromData = try FeedParser.parse(Data(rss))
        #expect(fromArray == fromData)
        #expect(fromData.entries.count == 50)
    }
}
