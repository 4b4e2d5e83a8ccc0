import FeedMarkup
import FeedModel
import Foundation
import Testing

/// The charset precedence (BOM, then the HTTP header, then `<meta>`) and libxml2 decoding with it.
@Suite struct CharsetTests {
    private let latin1Page: [UInt8] = Array("<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me ".utf8) + [0x80] + Array("</p></body></html>".utf8)

    @Test func metaCharsetDecodesLatin1AsWindows1252() {
        #expect(Charset.detect(bytes: latin1Page, contentType: "text/html") == "windows-1252")
        let document = HTMLDocument.parse(bytes: latin1Page, contentType: "text/html")
        #expect(document.body.textContent == "café crème €")
    }

    @Test func httpEquivIsReadToo() {
        let page = Array(#"<meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><p>"#.utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
        #expect(Charset.detect(bytes: page, contentType: nil) == "windows-1251")
        #expect(HTMLDocument.parse(bytes: page).body.textContent == "Привет")
    }

    @Test func theHeaderWinsOverMetaAndTheBOMWinsOverBoth() {
        let utf8 = Array("<meta charset=\"iso-8859-1\"><p>café</p>".utf8)
        #expect(Charset.detect(bytes: utf8, contentType: "text/html; charset=UTF-8") == "UTF-8")
        #expect(HTMLDocument.parse(bytes: utf8, contentType: "text/html; charset=utf-8").body.textContent == "café")
        let bom = [0xEF, 0xBB, 0xBF] + utf8
        #expect(Charset.detect(bytes: bom, contentType: "text/html; charset=iso-8859-1") == "UTF-8")
        #expect(HTMLDocument.parse(bytes: bom, contentType: "text/html; charset=iso-8859-1").body.textContent == "café")
    }

    @Test func shiftJISFromTheHeader() {
        // 日本 in Shift_JIS.
        let page = Array("<p>".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("</p>".utf8)
        #expect(HTMLDocument.parse(bytes: page, contentType: "text/html; charset=Shift_JIS").body.textContent == "日本")
    }

    @Test func unknownLabelsFallBackToLibxml2sGuess() {
        #expect(Charset.detect(bytes: Array("<meta charset=\"x-klingon\"><p>hi".utf8), contentType: "text/html; charset=bogus") == nil)
        #expect(Charset.detect(bytes: Array("<meta charset=\"utf-16\"><p>hi".utf8), contentType: nil) == "UTF-8")
        #expect(HTMLDocument.parse(bytes: Array("<meta charset=\"x-klingon\"><p>héllo".utf8)).body.textContent == "héllo")
    }

    @Test func emptyAndBinaryInputStillMakeADocument() {
        #expect(HTMLDocument.parse(bytes: [UInt8]()).body.children.isEmpty)
        let noise: [UInt8] = (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        let text = HTMLDocument.parse(bytes: noise).body.textContent
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) })
    }

    /// The eight-bytes-at-a-time check answers as the standard library's decoder does, on random
    /// bytes and on random runs of valid, overlong, surrogate, out-of-range and cut sequences.
    @Test func utf8ValidityAgreesWithTheStandardDecoder() {
        func decoder(_ bytes: [UInt8]) -> Bool {
            var iterator = bytes.makeIterator()
            var utf8 = Unicode.UTF8()
            while true {
                switch utf8.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
        let pieces: [[UInt8]] = [
            Array("plain ASCII text".utf8), [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xFF], [0x80], [0xEF, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80],
        ]
        var random = SplitMix64(seed: 2026_11_27)
        var valid = 0
        for trial in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 24) {
                if trial % 2 == 0 { bytes += pieces[Int(random.next() % UInt64(pieces.count))] } else { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
            }
            if random.next() % 2 == 0, !bytes.isEmpty { bytes.removeLast(Int(random.next() % UInt64(min(3, bytes.count) + 1))) }
            let expected = decoder(bytes)
            if expected { valid += 1 }
            #expect(Charset.isValidUTF8(bytes) == expected, "\(bytes)")
            #expect(Charset.isValidUTF8(bytes[...]) == expected)
            if Charset.isValidUTF8(bytes) != expected { return }
        }
        #expect(valid > 500 && valid < 19_500, "both answers are asked: \(valid) valid")
    }
}
