/// The issue's goals for `feedscroll-auto`, each with the scenarios where it does not hold.
public struct LabGoals: Sendable, Hashable, Codable {
    /// One goal's verdict.
    public struct Check: Sendable, Hashable, Codable {
        public var holds: Bool { misses.isEmpty }
        /// Scenarios checked.
        public var scenarios: Int
        /// `scenario: why`, for every scenario where the goal does not hold.
        public var misses: [String]

        enum CodingKeys: String, CodingKey { case holds, scenarios, misses }

        init(scenarios: Int, misses: [String]) {
            self.scenarios = scenarios
            self.misses = misses
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            scenarios = try container.decode(Int.self, forKey: .scenarios)
            misses = try container.decode([String].self, forKey: .misses)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(holds, forKey: .holds)
            try container.encode(scenarios, forKey: .scenarios)
            try container.encode(misses, forKey: .misses)
        }
    }

    /// Zero stalls in every scenario where the API's page rate exceeds the scroll rate.
    public var zeroStallsWhereAPIKeepsUp: Check
    /// Less stall time than every other strategy that stalls, in every scenario.
    public var leastStallTime: Check
    /// No more requests than the fewest of the others, in every scenario.
    public var fewestRequests: Check
    /// Exactly one request per page loaded, in every scenario (the storm included).
    public var oneRequestPerPage: Check

    init(_ scenarios: [ScenarioReport]) {
        var keepsUp = (0, [String]())
        var stall = (0, [String]())
        var requests = (0, [String]())
        var perPage = (0, [String]())
        for scenario in scenarios {
            guard let auto = scenario.result(.feedscrollAdaptive) else { continue }
            let others = scenario.results.filter { $0.strategy != .feedscrollAdaptive }
            if scenario.apiKeepsUp {
                keepsUp.0 += 1
                if auto.stalls > 0 { keepsUp.1.append("\(scenario.name): \(auto.stalls) stalls") }
            }
            if !others.isEmpty {
                stall.0 += 1
                let beaten = others.filter { auto.stallSeconds >= $0.stallSeconds && $0.stallSeconds > 0 }
                    + others.filter { auto.stallSeconds > $0.stallSeconds && $0.stallSeconds == 0 }
                if !beaten.isEmpty {
                    let names = beaten.map { "\($0.strategy.rawValue) \(seconds($0.stallSeconds))" }
                    stall.1.append("\(scenario.name): \(seconds(auto.stallSeconds)) vs " + names.joined(separator: ", "))
                }
                requests.0 += 1
                if let fewest = others.min(by: { $0.requests < $1.requests }), auto.requests > fewest.requests {
                    requests.1.append(
                        "\(scenario.name): \(auto.requests) vs \(fewest.requests) (\(fewest.strategy.rawValue))")
                }
            }
            perPage.0 += 1
            if auto.requests != auto.pagesLoaded || auto.duplicateRequests > 0 || auto.isStuck {
                perPage.1.append("\(scenario.name): \(auto.requests) requests for \(auto.pagesLoaded) pages")
            }
        }
        zeroStallsWhereAPIKeepsUp = Check(scenarios: keepsUp.0, misses: keepsUp.1)
        leastStallTime = Check(scenarios: stall.0, misses: stall.1)
        fewestRequests = Check(scenarios: requests.0, misses: requests.1)
        oneRequestPerPage = Check(scenarios: perPage.0, misses: perPage.1)
    }
}

func seconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
}
