import Testing

@testable import FeedConfig

/// A config nested past any use is one clear line, never a crash (issue 24: 5,000 dotted
/// levels in a 10 KB file overflowed the stack, exit 139).
@Suite struct ConfigNestingTests {
    static let tooDeep = ConfigError(key: nil, problem: "tables or arrays nest deeper than \(ConfigFile.maxDepth) levels")

    @Test func fiveThousandDottedLevelsAreAnError() {
        let header = "[" + Array(repeating: "a", count: 5_000).joined(separator: ".") + "]\nx = 1\n"
        #expect(header.utf8.count > 10_000)
        #expect(throws: Self.tooDeep) { try ConfigFile.parse(header) }
        let dotted = Array(repeating: "a", count: 5_000).joined(separator: ".") + " = 1\n"
        #expect(throws: Self.tooDeep) { try ConfigFile.parse(dotted) }
    }

    @Test func deeplyNestedArraysAndInlineTablesAreAnError() {
        // The TOML parser has its own limit for values nested inline; either way, one line.
        let arrays = "a = " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
        #expect(throws: ConfigError.self) { try ConfigFile.parse(arrays) }
        let tables = "a = " + String(repeating: "{ b = ", count: 2_000) + "1" + String(repeating: " }", count: 2_000) + "\n"
        #expect(throws: ConfigError.self) { try ConfigFile.parse(tables) }
    }

    @Test func nestingWithinTheLimitIsReadAsUsual() throws {
        // Thirty levels of an unknown table: past nesting, the usual unknown-key error.
        let header = "[" + Array(repeating: "a", count: ConfigFile.maxDepth - 2).joined(separator: ".") + "]\nx = 1\n"
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(header) }
        #expect(error != Self.tooDeep)
        #expect(try ConfigFile.parse("[keys]\ndown = \"j\"\n") != .empty)
    }

    @Test func theErrorIsOneLineNamingTheFile() {
        var error = Self.tooDeep
        error.file = "/tmp/config.toml"
        #expect(error.description == "/tmp/config.toml: tables or arrays nest deeper than 32 levels")
    }
}
