/// A least-recently-used cache of scaled pictures, bounded by cost in bytes, like `NSCache` with
/// a `totalCostLimit` but deterministic: the least recently used entries go first, and only when
/// the total is over the limit.
///
/// A value type: the app state holds it, `reduce` touches and fills it, `render` only reads.
/// Failures are cached too (as a small fixed cost), so a broken picture is not asked for again.
public struct PictureCache: Sendable, Equatable {
    /// What a key holds: the picture, or why there is none.
    public enum Entry: Sendable, Hashable {
        case picture(HalfBlockPicture)
        case failed(PictureError)

        var cost: Int {
            switch self {
            case let .picture(picture): picture.cost
            case .failed: 128
            }
        }
    }

    /// The most the entries may cost together, in bytes.
    public let costLimit: Int
    /// What the entries cost now.
    public private(set) var totalCost = 0
    private var entries: [PictureKey: Entry] = [:]
    /// Use order: each key with the tick it was last used at; `order` maps ticks back to keys.
    private var lastUse: [PictureKey: UInt64] = [:]
    private var order: [UInt64: PictureKey] = [:]
    private var oldestTick: UInt64 = 0
    private var tick: UInt64 = 0

    public init(costLimit: Int) {
        self.costLimit = max(0, costLimit)
    }

    public var count: Int { entries.count }

    /// The entry for `key`, without counting it as a use.
    public func peek(_ key: PictureKey) -> Entry? { entries[key] }

    /// Whether `key` is held.
    public func contains(_ key: PictureKey) -> Bool { entries[key] != nil }

    /// Marks `key` as just used, so it is evicted last.
    public mutating func touch(_ key: PictureKey) {
        guard entries[key] != nil else { return }
        if let previous = lastUse[key] { order[previous] = nil }
        tick += 1
        lastUse[key] = tick
        order[tick] = key
    }

    /// Stores `entry` under `key` as the most recently used, then evicts the least recently used
    /// entries until the total is within the limit (an entry over the limit on its own is not kept).
    ///
    /// - Returns: the keys evicted.
    /// - Complexity: amortised O(1) per entry stored or evicted.
    @discardableResult
    public mutating func insert(_ entry: Entry, for key: PictureKey) -> [PictureKey] {
        remove(key)
        entries[key] = entry
        totalCost += entry.cost
        touch(key)
        var evicted: [PictureKey] = []
        while totalCost > costLimit, let victim = leastRecentlyUsed() {
            remove(victim)
            evicted.append(victim)
        }
        return evicted
    }

    /// Drops `key`.
    public mutating func remove(_ key: PictureKey) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        totalCost -= entry.cost
        if let previous = lastUse.removeValue(forKey: key) { order[previous] = nil }
    }

    private mutating func leastRecentlyUsed() -> PictureKey? {
        while oldestTick <= tick {
            if let key = order[oldestTick] { return key }
            oldestTick += 1
        }
        return nil
    }

    public static func == (lhs: PictureCache, rhs: PictureCache) -> Bool {
        lhs.costLimit == rhs.costLimit && lhs.entries == rhs.entries && lhs.lastUse == rhs.lastUse
    }
}
