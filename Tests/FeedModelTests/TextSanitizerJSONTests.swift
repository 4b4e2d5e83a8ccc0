import FeedModel
import Foundation
import Testing

/// `--json` prints ids raw, escaped, never cleaned (issue 24: two distinct Reddit ids printed as
/// one `"reddit:1"`), and nothing in a JSON line acts on a terminal.
@Suite struct TextSanitizerJSONTests {
    private func line(_ id: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return TextSanitizer.escapingHiddenInJSON(String(decoding: try encoder.encode(["id": id, "title": "t"]), as: UTF8.self))
    }

    @Test func distinctRawIdsStayDistinctAndComeBackExactly() throws {
        let ids = ["reddit:1", "reddit:1\u{1B}[2J", "reddit:1\u{9B}31m", "reddit:1\u{202E}", "reddit:1\u{7F}", "reddit:1\u{2028}x",
                   "reddit:1\u{E0001}"]
        let lines = try ids.map(line)
        #expect(Set(lines).count == ids.count)
        for (id, line) in zip(ids, lines) {
            // No scalar that acts on a terminal or hides text goes out raw...
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format || $0 == "\u{2028}" })
            // ...and a JSON reader gets the id back exactly.
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
            #expect(object?["id"] == id)
        }
        #expect(lines[2] == #"{"id":"reddit:1\u009b31m","title":"t"}"#)
        #expect(lines[6] == #"{"id":"reddit:1\udb40\udc01","title":"t"}"#)
    }

    @Test func plainTextIsLeftAlone() throws {
        let text = #"{"id":"hn:1","title":"東京 — naïve café 👍🏽"}"#
        #expect(TextSanitizer.escapingHiddenInJSON(text) == text)
    }
}
