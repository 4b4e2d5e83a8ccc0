import FeedModel

/// The strategy lab: every strategy replayed through every scenario, and the goals
/// checked against the figures.
public enum Lab {
    /// The standard scenarios: every standard trace against every standard latency model.
    public static func standardScenarios(setup: LabSetup) -> [Scenario] {
        ScrollTrace.standard(screen: setup.screen, seed: setup.seed).flatMap { trace in
            LatencyModel.standard.map { Scenario(trace: trace, latency: $0) }
        }
    }

    /// Runs the scenarios.
    /// - Parameters:
    ///   - setup: screen, page size, feed length and seed.
    ///   - scenarios: what to replay (the standard set by default).
    ///   - strategies: who to compare (all by default).
    /// - Returns: the figures and the goals' verdicts; the same inputs give the same report.
    public static func run(
        setup: LabSetup, scenarios: [Scenario]? = nil, strategies: [TriggerStrategy] = TriggerStrategy.allCases
    ) -> LabReport {
        let reports = (scenarios ?? standardScenarios(setup: setup)).map { scenario in
            ScenarioReport(
                name: scenario.name, trace: scenario.trace.name, latency: scenario.latency.name,
                scrollRate: scenario.trace.scrollRate,
                apiRate: apiRate(scenario.latency, setup: setup),
                results: strategies.map { strategy in
                    var simulation = Simulation(setup: setup, scenario: scenario, strategy: strategy)
                    return simulation.run()
                })
        }
        return LabReport(
            seed: setup.seed, pageSize: setup.pageSize, screen: setup.screen, feedItems: setup.feedItems,
            pipeline: setup.pipeline, scenarios: reports, goals: LabGoals(reports))
    }

    /// Rows per second the API delivers one page at a time: page size over the mean time of a
    /// page's request (retries included), over the first 200 pages.
    static func apiRate(_ model: LatencyModel, setup: LabSetup) -> Double {
        let random = SeededRandom(seed: setup.seed)
        let pages = 200
        let total = (0..<pages).reduce(0.0) { $0 + model.fetch(page: $1, copy: 0, random: random).total }
        return Double(setup.pageSize) / (total / Double(pages))
    }
}

/// One scenario's figures.
public struct ScenarioReport: Sendable, Hashable, Codable {
    public var name: String
    public var trace: String
    public var latency: String
    /// The trace's steady reading speed, rows per second.
    public var scrollRate: Double
    /// What the API delivers, rows per second.
    public var apiRate: Double
    /// Whether the API's page rate exceeds the scroll rate.
    public var apiKeepsUp: Bool
    public var results: [StrategyResult]

    init(name: String, trace: String, latency: String, scrollRate: Double, apiRate: Double, results: [StrategyResult]) {
        self.name = name
        self.trace = trace
        self.latency = latency
        self.scrollRate = scrollRate
        self.apiRate = apiRate
        apiKeepsUp = apiRate > scrollRate
        self.results = results
    }

    public func result(_ strategy: TriggerStrategy) -> StrategyResult? {
        results.first { $0.strategy == strategy }
    }
}

/// The whole run.
public struct LabReport: Sendable, Hashable, Codable {
    public var seed: UInt64
    public var pageSize: Int
    public var screen: Int
    public var feedItems: Int?
    /// List pages feedscroll's strategies kept in flight ahead at most.
    public var pipeline: Int
    public var scenarios: [ScenarioReport]
    public var goals: LabGoals
}
