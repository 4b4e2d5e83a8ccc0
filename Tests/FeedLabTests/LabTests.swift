import FeedLab
import Testing
import FeedTestSupport

/// The goals, asserted where they hold; where one cannot hold, the test pins the reason
/// (README, "Strategy lab").
@Suite struct LabTests {
    static let setup = LabSetup(pageSize: 20, screen: 11, seed: 1)
    static let report = Lab.run(setup: setup)

    /// Reading traces (no jumps to the end) whose API delivers rows faster than the reader reads.
    static let readingKeepsUp = report.scenarios.filter { $0.trace != "jump-G" && $0.apiKeepsUp }

    private func auto(_ scenario: ScenarioReport) throws -> StrategyResult {
        try #require(scenario.result(.feedscrollAdaptive))
    }

    @Test(.offThePool) func everyScenarioRunsEveryStrategyToItsEnd() {
        #expect(Self.report.scenarios.count == 6 * 5)
        for scenario in Self.report.scenarios {
            #expect(scenario.results.map(\.strategy) == TriggerStrategy.allCases, "\(scenario.name)")
            #expect(scenario.results.allSatisfy { !$0.isStuck }, "\(scenario.name)")
        }
    }

    @Test func sameSeedSameReportOtherSeedOtherDraws() {
        let hold = Lab.standardScenarios(setup: Self.setup).filter { $0.name == "hold-j/long-tail" }
        let again = Lab.run(setup: Self.setup, scenarios: hold)
        #expect(again.scenarios == Self.report.scenarios.filter { $0.name == "hold-j/long-tail" })
        var other = Self.setup
        other.seed = 2
        #expect(Lab.run(setup: other, scenarios: hold).scenarios != again.scenarios)
    }

    @Test func feedscrollAsksForEachPageOnceInEveryScenario() throws {
        for scenario in Self.report.scenarios {
            for strategy in [TriggerStrategy.feedscrollFixed, .feedscrollAdaptive] {
                let result = try #require(scenario.result(strategy))
                #expect(result.duplicateRequests == 0, "\(scenario.name) \(strategy)")
                #expect(result.requests == result.pagesLoaded, "\(scenario.name) \(strategy)")
            }
        }
        #expect(Self.report.goals.oneRequestPerPage.holds)
    }

    @Test func stormOfTenThousandKeysIsOneRequestPerPage() throws {
        let storms = Self.report.scenarios.filter { $0.trace == "storm" }
        #expect(storms.count == 5)
        for storm in storms {
            let result = try auto(storm)
            // 10,000 rows read: 500 pages, plus the lead's pages beyond the last row (two in
            // flight at the end with the pipeline).
            #expect(result.pagesLoaded >= 501 && result.pagesLoaded <= 504, "\(storm.name)")
            #expect(result.requests == result.pagesLoaded, "\(storm.name)")
            // The unguarded scroll trigger asks again on every key while a page is out.
            #expect(try #require(storm.result(.offset67)).duplicateRequests > 5_000, "\(storm.name)")
        }
    }

    @Test func adaptiveNeverStallsAReaderTheAPIOutpacesExceptOnSpikes() throws {
        #expect(Self.readingKeepsUp.count == 18)
        for scenario in Self.readingKeepsUp where scenario.latency != "spikes" {
            #expect(try auto(scenario).stalls == 0, "\(scenario.name)")
        }
        // A 3 s spike after fast pages is unforeseeable the first time: the lead learns it, and
        // only the first spikes stall.
        for scenario in Self.readingKeepsUp where scenario.latency == "spikes" {
            #expect(try auto(scenario).stalls <= 3, "\(scenario.name)")
        }
    }

    @Test func adaptiveStallsLessThanEveryStrategyThatStallsWhileReading() throws {
        for scenario in Self.readingKeepsUp {
            let mine = try auto(scenario)
            for other in scenario.results where other.strategy != .feedscrollAdaptive && other.stallSeconds > 0 {
                #expect(mine.stallSeconds < other.stallSeconds, "\(scenario.name) vs \(other.strategy)")
            }
        }
    }

    @Test func whenTheAPIIsSlowerNoStrategyWithoutDuplicatesStallsLess() throws {
        // One request at a time, the fetcher is the bottleneck: keeping it busy is the best any
        // trigger can do, and adaptive does; only duplicate requests (hedging) race past it.
        let slow = Self.report.scenarios.filter { !$0.apiKeepsUp }
        #expect(!slow.isEmpty)
        for scenario in slow {
            let mine = try auto(scenario)
            for other in scenario.results where other.duplicateRequests == 0 {
                #expect(mine.stallSeconds <= other.stallSeconds + 1e-9, "\(scenario.name) vs \(other.strategy)")
            }
        }
    }

    @Test func adaptiveExtraRequestsAreItsLeadAtTheEnd() throws {
        // The fewest-requests goal does not hold: a lazy trigger stops at the reader's last row,
        // the lead runs a page or two ahead. Pin how far: never more than the lead's pages
        // (up to 9 on hold-j/spikes, where the spikes widen the lead and the pipeline keeps two
        // pages of it in flight; 7 with one page at a time).
        for scenario in Self.readingKeepsUp {
            let mine = try auto(scenario)
            let fewest = try #require(scenario.results.map(\.requests).min())
            #expect(mine.requests - fewest <= 9, "\(scenario.name): \(mine.requests) vs \(fewest)")
            #expect(mine.requests > fewest, "\(scenario.name): the goal is reported as missed; revisit README if this holds")
        }
        #expect(!Self.report.goals.fewestRequests.holds)
    }

    @Test func slowReaderAsksForNoMoreThanTheFloorAhead() throws {
        for scenario in Self.report.scenarios where scenario.trace == "slow-read" {
            let mine = try auto(scenario)
            let fixed = try #require(scenario.result(.feedscrollFixed))
            // Lead 31 against 20: at most one page more than the former fixed default.
            #expect(mine.requests <= fixed.requests + 1, "\(scenario.name)")
            #expect(mine.stalls == 0)
        }
    }

    @Test(.offThePool) func pipelineOfTwoPagesAgainstOneAtATime() throws {
        // The same network with the serial pager (`--pipeline 1`), the pager before the pipeline.
        var serialSetup = Self.setup
        serialSetup.pipeline = 1
        let serial = Lab.run(setup: serialSetup)
        func pair(_ name: String) throws -> (before: StrategyResult, after: StrategyResult) {
            let before = try #require(serial.scenarios.first { $0.name == name }?.result(.feedscrollAdaptive))
            let after = try #require(Self.report.scenarios.first { $0.name == name }?.result(.feedscrollAdaptive))
            return (before, after)
        }
        // An API slower than the reader: two pages on the wire double what reaches the reader.
        let slow = try pair("hold-j/constant-1s")
        // (The one stall left is the first page: a page ahead never goes out beside the
        // page the reader waits for.)
        #expect(slow.before.stalls == 45 && slow.after.stalls <= 1)
        for model in ["constant-300ms", "constant-1s", "spikes"] {
            let storm = try pair("storm/\(model)")
            #expect(storm.after.stallSeconds < storm.before.stallSeconds * 0.9, "storm/\(model)")
        }
        // Spikes: the page behind a 3 s one is already here when it lands.
        let spikes = try pair("hold-j/spikes")
        #expect(spikes.after.stalls < spikes.before.stalls)
        // jump-G: G lands on the last loaded row, so the page after it is a fresh fetch either
        // way; a second page in flight does not shorten that wait.
        for model in ["constant-1s", "long-tail", "spikes", "failures"] {
            let jump = try pair("jump-G/\(model)")
            #expect(jump.after.stallSeconds == jump.before.stallSeconds, "jump-G/\(model)")
        }
        // Each page still asked for once, with either pager.
        #expect(serial.goals.oneRequestPerPage.holds && Self.report.goals.oneRequestPerPage.holds)
    }

    @Test func tableHasOneAlignedBlockPerScenario() {
        let table = Self.report.table()
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "feedscroll lab: seed 1, page 20 items, screen 11 items, endless feed, 2 pages in flight ahead")
        let headers = lines.filter { $0.hasPrefix("  strategy ") }
        #expect(headers.count == 30)
        let rows = lines.filter { line in TriggerStrategy.allCases.contains { line.hasPrefix("  \($0.rawValue) ") } }
        #expect(rows.count == 300)
        #expect(Set(rows.map(\.count)).count == 1, "every row the same width")
        #expect(table.contains("goals for feedscroll-auto:"))
    }
}
