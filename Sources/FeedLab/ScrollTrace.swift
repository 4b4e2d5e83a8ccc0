import FeedModel

/// What a reader does, as timed moves: the input of one simulated run.
public struct ScrollTrace: Sendable, Hashable {
    public enum Move: Sendable, Hashable {
        /// `j` pressed `rows` times at once (1 for a key press).
        case down(Int)
        case up(Int)
        /// Space: one screen down.
        case pageDown
        /// `G`: the last loaded row.
        case bottom
        /// `g`: the first row.
        case top
    }

    public struct Step: Sendable, Hashable {
        /// Seconds after the previous step (or after the first page arrived).
        public var delay: Double
        public var move: Move
    }

    public var name: String
    public var steps: [Step]
    /// The trace's steady reading speed in rows per second (jumps with `G` aside): the rate the
    /// API's page rate is compared with.
    public var scrollRate: Double

    public init(name: String, steps: [Step], scrollRate: Double) {
        self.name = name
        self.steps = steps
        self.scrollRate = scrollRate
    }

    /// The standard traces of the lab.
    /// - Parameters:
    ///   - screen: items on screen (space moves this many rows).
    ///   - seed: varies the slow reader's pauses.
    public static func standard(screen: Int, seed: UInt64) -> [ScrollTrace] {
        let random = SeededRandom(seed: seed ^ 0x5CA1_AB1E)
        let repeatRate = 30.0
        let key = 1 / repeatRate
        func hold(_ move: Move, _ count: Int, every delay: Double) -> [Step] {
            Array(repeating: Step(delay: delay, move: move), count: count)
        }
        // One row every 1.5–2.5 s: reading each item.
        let slow = (0..<150).map { Step(delay: 1.5 + random.uniform($0), move: .down(1)) }
        var jumps: [Step] = []
        for _ in 0..<8 {
            jumps += [Step(delay: 1.0, move: .bottom)] + hold(.down(1), 10, every: 0.5)
        }
        return [
            ScrollTrace(name: "slow-read", steps: slow, scrollRate: 1 / 1.5),
            ScrollTrace(name: "skim", steps: hold(.pageDown, 60, every: 0.8), scrollRate: Double(screen) / 0.8),
            ScrollTrace(name: "hold-j", steps: hold(.down(1), 900, every: key), scrollRate: repeatRate),
            ScrollTrace(name: "jump-G", steps: jumps, scrollRate: 2),
            ScrollTrace(
                name: "scroll-back",
                steps: hold(.down(1), 300, every: key) + hold(.up(1), 150, every: key) + hold(.down(1), 300, every: key),
                scrollRate: repeatRate),
            ScrollTrace(name: "storm", steps: hold(.down(1), 10_000, every: 0.001), scrollRate: 1_000),
        ]
    }
}
