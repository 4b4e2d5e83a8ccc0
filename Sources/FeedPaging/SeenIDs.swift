import FeedModel

/// The ids a pipe has written, remembered in bounded memory for de-duplication.
///
/// A pipe writes every page once and lets it go; what it must still know is whether an item
/// that comes again was written already (an API's pages shift while they are read, so the
/// same item turns up on the next page). This keeps a 64-bit hash of each id in two
/// generations: once the current one holds half the capacity it becomes the previous one and
/// the oldest are forgotten, so an id is remembered for at least `capacity / 2` ids after it
/// and memory stays near `capacity` hashes (about 16 bytes each), however long the run.
///
/// Two ids with the same hash would count as one: with 64-bit hashes and a few hundred
/// thousand ids remembered at a time, the chance is below one in ten million per run.
public struct SeenIDs: Sendable {
    public let capacity: Int
    private var current: Set<Int> = []
    private var previous: Set<Int> = []

    /// The default: about 4 MB of hashes, the last 131,072 to 262,144 ids.
    public static let defaultCapacity = 1 << 18

    public init(capacity: Int = SeenIDs.defaultCapacity) {
        self.capacity = max(2, capacity)
        current.reserveCapacity(self.capacity / 2)
    }

    /// Remembers an id.
    /// - Returns: true when it was not remembered yet (write the item), false for a repeat.
    public mutating func insert(_ id: String) -> Bool {
        let hash = id.hashValue
        if previous.contains(hash) { return false }
        guard current.insert(hash).inserted else { return false }
        if current.count >= capacity / 2 {
            previous = current
            current = []
            current.reserveCapacity(capacity / 2)
        }
        return true
    }

    /// How many hashes are held (at most `capacity`).
    public var count: Int { current.count + previous.count }
}

/// What a pipe writes: each item once (`SeenIDs`), and a stop when the API only hands out
/// items already written, page after page.
///
/// The pager catches a feed going round within the pages it holds (`PagingState.stop`); a
/// pipe lets written pages go, so a feed that repeats older pages under fresh cursors would
/// otherwise be fetched for ever with nothing written. `barrenPageLimit` pages' worth of
/// repeated rows in a row ends the run, as the pager's own check would.
public struct PipeFilter: Sendable {
    private var seen: SeenIDs
    /// Rows in a row, up to the last one offered, that were written before.
    public private(set) var repeatedRun = 0
    /// Repeated rows in a row that end the run.
    public let repeatLimit: Int

    public init(pageSize: Int, capacity: Int = SeenIDs.defaultCapacity) {
        seen = SeenIDs(capacity: capacity)
        repeatLimit = PagingState.barrenPageLimit * max(1, pageSize)
    }

    /// Whether to write an item: true the first time its id comes.
    public mutating func admits(_ item: FeedItem) -> Bool {
        guard seen.insert(item.id) else {
            repeatedRun += 1
            return false
        }
        repeatedRun = 0
        return true
    }

    /// Why the run ends: the API keeps handing out items already written.
    public var stop: FeedError? {
        guard repeatedRun >= repeatLimit else { return nil }
        return FeedError(
            .noProgress, "the API keeps returning items already written — stopped after \(repeatedRun) in a row",
            isRetryable: false)
    }
}
