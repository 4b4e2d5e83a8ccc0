import FeedTestSupport
import Foundation
import Testing

/// The page cap in a real terminal: far down and back up, the first items come back.
@Suite(.serialized) struct PageCapScreenTests {
    let binary = FeedscrollBinary.path

    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(binary) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    /// `(position, pages)` from the status line ` demo · 401/420 · 5 pages · …`.
    func status(_ screen: [String]) -> (position: Int, pages: Int)? {
        guard let line = screen.last,
              let match = line.firstMatch(of: /· (\d+)\/\d+ .*· (\d+) pages?/),
              let position = Int(match.1), let pages = Int(match.2)
        else { return nil }
        return (position, pages)
    }

    /// Goes far down a screen at a time (PgDn; `G` would jump straight to the end of the demo
    /// feed, which can fetch its last page directly), then returns the screen.
    func scrollFarDown(_ tmux: TmuxSession, to target: Int) throws -> [String] {
        var screen = try tmux.capture()
        var position = status(screen)?.position ?? 1
        var presses = 0
        while position < target {
            presses += 1
            try #require(presses < 200, "PgDn stopped making progress at \(position)")
            try tmux.sendKeys("NPage")
            // Wait for the screen to move and for the page the lead asks for to land, so that
            // the next press has somewhere further to go.
            screen = try tmux.waitFor(
                { (self.status($0)?.position ?? 0) > position && !($0.last ?? "").contains("⇣") },
                timeout: 15, description: "past \(position), nothing in flight")
            position = status(screen)?.position ?? position
            #expect((status(screen)?.pages ?? 99) <= 5, "\(screen.last ?? "")")
        }
        return screen
    }

    @Test func farDownAndBackUpShowsTheFirstItemsAgain() throws {
        let tmux = try start("demo --latency-ms 20 --page-size 20 --max-pages 5")
        // Position 1, not the loading frame's 0/0: the status line comes after the rows it counts
        // (tmux can be read mid-frame), so the six rows kept here are whole.
        let first = try tmux.waitFor({ $0.contains { $0.contains("points") } && self.status($0)?.position == 1 }, description: "first rows")
        let top = Array(first.prefix(6))
        let far = try scrollFarDown(tmux, to: 400)
        #expect(far.prefix(6) != top[...])
        #expect(status(far)?.pages == 5)
        // Back up a screen at a time: the pages dropped above are fetched again on the way.
        var position = status(far)?.position ?? 0
        var presses = 0
        var idle = 0
        while position > 1 {
            presses += 1
            try #require(presses < 150, "PgUp stopped making progress at \(position)")
            // A barrier after the key: `:` opens the go-to prompt, which shows only once PgUp was
            // handled (keys are read in order), and Backspace closes it again, touching nothing.
            // Without it the settled screen from before the key counts as "PgUp did nothing", and
            // on a loaded machine ten presses were counted idle before the first was read.
            try tmux.sendKeys("PageUp", ":")
            try tmux.waitFor({ ($0.last ?? "").hasPrefix(" :") }, timeout: 15, description: "PgUp at \(position) handled")
            try tmux.sendKeys("BSpace")
            // PgUp at the first loaded row waits for the page above (if the lead did not fetch it
            // in time); a reader presses again, and so does this test, a bounded number of times.
            let screen = try tmux.waitFor(
                { screen in self.status(screen).map { $0.position < position || !(screen.last ?? "").contains("⇣") } ?? false },
                timeout: 15, description: "above \(position) or settled")
            let now = status(screen)?.position ?? position
            idle = now < position ? 0 : idle + 1
            try #require(idle < 10, "PgUp stuck at \(position): \(screen.last ?? "")")
            position = now
            #expect((status(screen)?.pages ?? 99) <= 5)
        }
        let back = try tmux.waitFor({ Array($0.prefix(6)) == top }, timeout: 15, description: "the first screen again")
        #expect(status(back)?.position == 1)
    }

    @Test func topAfterDropsJumpsToTheFirstItems() throws {
        let tmux = try start("demo --latency-ms 20 --page-size 20 --max-pages 5")
        let first = try tmux.waitFor({ $0.contains { $0.contains("points") } && self.status($0)?.position == 1 }, description: "first rows")
        let top = Array(first.prefix(6))
        _ = try scrollFarDown(tmux, to: 300)
        try tmux.sendKeys("g")
        let back = try tmux.waitFor({ Array($0.prefix(6)) == top }, timeout: 15, description: "the first screen again")
        #expect(status(back)?.position == 1)
        #expect((status(back)?.pages ?? 99) <= 5)
    }
}
