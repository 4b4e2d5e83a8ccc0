import FeedTestSupport
import Foundation
import Testing

/// A Pokémon's detail against `feedscroll serve`: the list names it; Enter loads its own
/// document and the detail shows what it says (types, size, abilities, base stats).
@Suite struct PokemonDetailScreenTests {
    @Test func theDetailShowsTypesSizeAndStats() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["pokeapi"])
        let tmux = try TmuxSession(command: "exec \(FeedscrollBinary.path) pokeapi --base-url \(base)", environment: ["LC_ALL": "C.UTF-8"])
        _ = try tmux.waitFor({ $0[0].hasPrefix("▌ ") && $0[1] == "  #1" }, timeout: 20, description: "the list, #1 first")
        try tmux.sendKeys("Enter")
        // The heading is not the document: tmux can be read in the middle of a frame, and the
        // stats come below it. Wait for the last of them (the meta line and abilities are above).
        let screen = try tmux.waitFor({ $0.contains { $0.contains("Base stats") } && $0.contains { $0.hasPrefix(" Total ") } },
                                      timeout: 20, description: "the document in the detail, down to its total")
        let meta = try NSRegularExpression(pattern: #"^ #1 · [a-z]+(/[a-z]+)? · \d+\.\d m · \d+\.\d kg( · \d+ xp)?$"#)
        #expect(screen.contains { meta.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }, "\(screen)")
        #expect(screen.contains { $0.hasPrefix(" Abilities: ") })
        for stat in ["HP", "Attack", "Defense", "Sp. Atk", "Sp. Def", "Speed", "Total"] {
            #expect(screen.contains { $0.range(of: #"^ \#(NSRegularExpression.escapedPattern(for: stat)) +\d+( █*)?$"#, options: .regularExpression) != nil },
                    "\(stat) in \(screen)")
        }
        #expect(!screen.contains { $0.contains("Loading details") })
        try tmux.sendKeys("Escape")
        _ = try tmux.waitFor({ $0[1] == "  #1" }, timeout: 10, description: "back on the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
