/// The colour pairs pictures use, allocated on demand and recycled least recently used first,
/// never one that a cell of the frame being drawn still uses.
///
/// Curses has a fixed number of pairs (`COLOR_PAIRS`: 65 536 with ncurses 6 on xterm-256color
/// and tmux-256color) and a picture can need one per cell. Each frame first `keep`s the pairs of
/// every picture cell it shows, then asks `pair(for:)` for the new ones; only a pair no cell of
/// this frame uses is redefined, so redefining never changes a colour on screen.
struct ColorPairPool {
    /// A pair's two colour numbers as curses takes them (palette indices or `0xRRGGBB`).
    struct Colors: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// The first and last pair number the pool may hand out.
    let range: ClosedRange<Int32>
    private var pairs: [Colors: Int32] = [:]
    private var owners: [Int32: Colors] = [:]
    /// Use order: the tick each pair was last used at, and the frame of that use.
    private var lastTick: [Int32: UInt64] = [:]
    private var lastFrame: [Int32: UInt64] = [:]
    private var order: [UInt64: Int32] = [:]
    private var oldestTick: UInt64 = 0
    private var tick: UInt64 = 0
    private var frame: UInt64 = 0
    private var nextUnused: Int32

    init(range: ClosedRange<Int32>) {
        self.range = range
        nextUnused = range.lowerBound
    }

    /// How many pairs are defined.
    var count: Int { pairs.count }

    /// Starts a frame: pairs used from now on are protected until the next frame.
    mutating func beginFrame() { frame += 1 }

    /// Marks the pair for `colors`, if there is one, as used by this frame.
    mutating func keep(_ colors: Colors) {
        if let pair = pairs[colors] { use(pair) }
    }

    /// The pair for `colors`: the one already defined, else an unused one, else the least
    /// recently used one no cell of this frame uses.
    ///
    /// - Returns: the pair and whether the caller must (re)define it with `init_extended_pair`;
    ///   nil when every pair is used by this frame.
    /// - Complexity: amortised O(1).
    mutating func pair(for colors: Colors) -> (pair: Int32, isNew: Bool)? {
        if let pair = pairs[colors] {
            use(pair)
            return (pair, false)
        }
        let pair: Int32
        if nextUnused <= range.upperBound {
            pair = nextUnused
            nextUnused += 1
        } else {
            guard let victim = leastRecentlyUsed(), lastFrame[victim, default: 0] < frame else { return nil }
            if let old = owners[victim] { pairs[old] = nil }
            pair = victim
        }
        pairs[colors] = pair
        owners[pair] = colors
        use(pair)
        return (pair, true)
    }

    /// What `pair` is defined as, for tests.
    func colors(of pair: Int32) -> Colors? { owners[pair] }

    private mutating func use(_ pair: Int32) {
        if let previous = lastTick[pair] { order[previous] = nil }
        tick += 1
        lastTick[pair] = tick
        lastFrame[pair] = frame
        order[tick] = pair
    }

    private mutating func leastRecentlyUsed() -> Int32? {
        while oldestTick <= tick {
            if let pair = order[oldestTick] { return pair }
            oldestTick += 1
        }
        return nil
    }
}
