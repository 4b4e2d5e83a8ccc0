import FeedConfig
import Foundation
import Testing

@testable import FeedUI

/// A `[keys]` table that takes a key another action holds says so, with the line; the config
/// examples the README and docs/CONFIG.md show are valid and say nothing.
@Suite struct ConfigKeyWarningTests {
    @Test func takingAKeyFromAnotherActionWarnsWithTheLine() throws {
        let config = try ConfigFile.parse("""
            theme = "light"

            [keys]
            down = ["j", "n", "down"]
            up = ["k", "p", "up"]
            """)
        #expect(config.warnings.map(\.description) == [
            "config:4: keys.down: \"n\" was nextMatch's key (next match); now down takes it, and it has no key left (give nextMatch its own keys, or [] to mean none)",
            "config:5: keys.up: \"p\" was parent's key (go to the parent comment); now up takes it, and it has no key left (give parent its own keys, or [] to mean none)",
        ])
        // Taken all the same: the warning does not change what the file does.
        #expect(config.keyMap.intent(for: .character("n"), in: .list) == .down)
        #expect(config.keyMap.keys(for: .nextMatch).isEmpty)
    }

    @Test func anActionThatKeepsOtherKeysSaysWhichItKeeps() throws {
        let config = try ConfigFile.parse("[keys]\ntop = [\"G\"]\n")
        #expect(config.warnings.map(\.problem) == [
            "\"G\" was bottom's key (go to the last item); now top takes it, and it keeps End >",
        ])
    }

    @Test func rebindingTheOtherActionTooIsTakenAsMeant() throws {
        let config = try ConfigFile.parse("""
            [keys]
            down = ["j", "n"]
            nextMatch = ["ctrl-g"]
            hideRead = []
            """)
        #expect(config.warnings.isEmpty)
        #expect(config.keyMap.keys(for: .nextMatch) == [.control("g")])
    }

    @Test func keysOfOtherViewsDoNotClash() throws {
        // Esc is clearSearch's in the list only and back's in a detail only: back keeping Esc
        // takes nothing from clearSearch, whose view it never shares.
        let config = try ConfigFile.parse("[keys]\nback = [\"esc\", \"h\", \"left\"]\n")
        #expect(config.warnings.isEmpty)
    }

    @Test func aFileLoadedFromDiskNamesItself() throws {
        let path = NSTemporaryDirectory() + "feedscroll-warn-\(getpid()).toml"
        try "[keys]\nquit = [\"x\", \"y\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try ConfigFile.load(explicitPath: path, environment: [:])
        #expect(config.warnings.map(\.description) == [
            "\(path):2: keys.quit: \"y\" was copy's key (copy the link (OSC 52)); now quit takes it, and it has no key left (give copy its own keys, or [] to mean none)",
        ])
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every ```toml block of a document.
    func tomlBlocks(_ document: String) throws -> [String] {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
        return text.components(separatedBy: "```toml\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test(arguments: ["README.md", "docs/CONFIG.md"])
    func theDocumentedExamplesAreValidAndSayNothing(document: String) throws {
        let blocks = try tomlBlocks(document)
        #expect(!blocks.isEmpty)
        for block in blocks {
            let config = try ConfigFile.parse(block)
            #expect(config.warnings.isEmpty, "\(document): \(config.warnings.map(\.description))")
        }
    }
}
