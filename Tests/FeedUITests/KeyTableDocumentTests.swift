import Foundation
import Testing

@testable import FeedUI

/// `docs/KEYS.md` is generated from `KeyMap.standard`; a change to the table that is not
/// regenerated (`make docs`) fails here.
struct KeyTableDocumentTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/KEYS.md")

    @Test func theCommittedKeyTableIsTheGeneratedOne() throws {
        let generated = KeyMap.standard.markdown
        if ProcessInfo.processInfo.environment["FEEDSCROLL_WRITE_DOCS"] == "1" {
            try generated.write(to: Self.document, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(committed == generated, "docs/KEYS.md is stale: run `make docs`")
    }

    @Test func everyIntentHasARowWithItsKeys() {
        let markdown = KeyMap.standard.markdown
        for intent in Intent.allCases {
            #expect(markdown.contains("| `\(intent.rawValue)` |"), "no row for \(intent)")
        }
        #expect(markdown.contains("| `j` `↓` `^N` `e` | `down` | everywhere | Move down one item |"))
        #expect(markdown.contains("| `H` | `hideRead` | list | Hide or show read items |"))
    }
}
